package io.navpack.documents;

import io.navpack.format.NavpackFormatException;
import io.navpack.format.spi.PackedInts;

import java.io.IOException;
import java.io.OutputStream;

/**
 * {@code .npk} files: navpack values one after the other, each as its packed byte length and then its bytes (as
 * navpack's Hazelcast serializer stores a value), nothing else. A file holds the values of one document file:
 * one for an XML or JSON document, one per line of NDJSON, one per row of CSV. Reading one back needs the
 * document schema only.
 */
public final class NpkFiles {
    /** File extension, without the dot. */
    public static final String EXTENSION = "npk";

    private NpkFiles() {
    }

    /** Appends one value: its packed length, then {@code len} bytes of {@code value} from {@code off}. */
    public static void write(OutputStream out, byte[] value, int off, int len) throws IOException {
        byte[] prefix = new byte[PackedInts.MAX_INT_BYTES];
        int n = PackedInts.writeInt(prefix, 0, len);
        out.write(prefix, 0, n);
        out.write(value, off, len);
    }

    /** Gives every value of a file's bytes to {@code sink}, in order; returns how many. */
    public static long read(byte[] file, Transcoder.ValueSink sink) throws IOException {
        long n = 0;
        int p = 0;
        while (p < file.length) {
            int len = PackedInts.readInt(file, p, file.length);
            int q = PackedInts.skipInt(file, p, file.length);
            if (len < 0 || len > file.length - q) {
                throw new NavpackFormatException("value " + n + " of " + len + " bytes runs past the end of the file", p);
            }
            sink.value(file, q, len);
            p = q + len;
            n++;
        }
        return n;
    }
}
