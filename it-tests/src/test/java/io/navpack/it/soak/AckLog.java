package io.navpack.it.soak;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The write log of one owner in one client JVM: every acknowledged write and every write in doubt, in the order
 * they happened, applied to the owner's {@link KeyStates} as it is written. The oracle replays these files.
 */
final class AckLog implements AutoCloseable {
    private final BufferedWriter out;
    private final KeyStates states;
    private long lastFlush = System.nanoTime();

    AckLog(Path file, KeyStates states) {
        this.states = states;
        try {
            Files.createDirectories(file.getParent());
            this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** File name of an owner's log in generation {@code generation} of its client. */
    static String fileName(SoakFormat format, int owner, int generation) {
        return "acks-" + format.label() + "-o" + owner + "-g" + generation + ".log";
    }

    void put(long key, long seq, boolean v2) {
        line("P " + key + " " + seq + (v2 ? " 1" : " 0"));
        states.acked(key, seq, v2);
    }

    void putInDoubt(long key, long seq, boolean v2) {
        line("p " + key + " " + seq + (v2 ? " 1" : " 0"));
        states.doubted(key, seq, v2);
    }

    /** Returns false when {@code before} is no state the key may have been in. */
    boolean processed(long key, long seq, long before) {
        line("E " + key + " " + seq + " " + before);
        return states.processed(key, seq, before);
    }

    void processInDoubt(long key, long seq) {
        line("e " + key + " " + seq);
        states.processDoubted(key, seq);
    }

    private void line(String line) {
        try {
            out.write(line);
            out.write('\n');
            long now = System.nanoTime();
            if (now - lastFlush > 1_000_000_000L) {
                out.flush();
                lastFlush = now;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void flush() {
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
