package io.navpack.documents;

import io.navpack.format.NavpackFormatException;
import io.navpack.format.RecordCursor;
import io.navpack.format.Schema;

import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * Writes the documents of many navpack values into one stream ({@link Transcoder#writer}): NDJSON a line per
 * value; CSV the header and a row per value (rows whose {@code $header} differs start a new header block only
 * if the file had several; a value's header is its own); JSON one document, or an array of them when there are
 * several; XML one document. Not thread-safe.
 */
public final class DocumentWriter implements Closeable {
    private final Transcoder transcoder;
    private final DocumentFormat format;
    private final OutputStream out;
    private long values;
    private byte[] pendingJson;
    private String csvHeader;
    private final Utf8Buffer row = new Utf8Buffer(1024);
    private RecordCursor cursor;
    private Model cursorModel;

    DocumentWriter(Transcoder transcoder, DocumentFormat format, OutputStream out) {
        this.transcoder = transcoder;
        this.format = format;
        this.out = out;
    }

    /** Writes the document of the value at bytes {@code off..off+len}. */
    public void write(byte[] value, int off, int len) throws IOException {
        switch (format) {
            case XML -> {
                if (values > 0) {
                    throw new IllegalStateException("an XML stream holds one document: write each to a file of its own");
                }
                transcoder.render(value, off, len, DocumentFormat.XML).writeTo(out);
            }
            case NDJSON -> {
                transcoder.render(value, off, len, DocumentFormat.JSON).writeTo(out);
                out.write('\n');
            }
            case JSON -> {
                Utf8Buffer b = transcoder.render(value, off, len, DocumentFormat.JSON);
                if (values == 0) {
                    pendingJson = b.toByteArray();
                } else {
                    if (values == 1) {
                        out.write('[');
                        out.write(pendingJson);
                        pendingJson = null;
                    }
                    out.write(',');
                    out.write('\n');
                    b.writeTo(out);
                }
            }
            case CSV -> csvRow(value, off, len);
            default -> throw new IllegalStateException(format.toString());
        }
        values++;
    }

    public void write(byte[] value) throws IOException {
        write(value, 0, value.length);
    }

    /** Values written so far. */
    public long values() {
        return values;
    }

    private void csvRow(byte[] b, int off, int len) throws IOException {
        Model m = transcoder.schema().model();
        if (cursor == null || cursorModel != m) {
            cursor = new RecordCursor(m.registry);
            cursorModel = m;
        }
        Schema schema = cursor.open(b, off, off + len);
        RecType t = m.typeOf(schema);
        int fields = schema.fieldCount();
        List<Slot> columns = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (Slot s : t.slots) {
            if (s.role == Slot.Role.COLUMN && s.alternate == Slot.Alternate.NONE) {
                columns.add(s);
                names.add(s.name);
            } else if (s.role != Slot.Role.COLUMN && s.role != Slot.Role.HEADER) {
                throw new IllegalArgumentException("type " + t.name + " has field " + s.field + ", which is no CSV column:"
                        + " write JSON or NDJSON instead");
            }
        }
        String header = Csv.headerLine(names);
        List<String> order = names;
        if (t.headerSlot != null && t.headerSlot.index < fields && !cursor.isNull(t.headerSlot.index)) {
            Utf8Buffer h = new Utf8Buffer(128);
            Texts.formatOrEnum(t.headerSlot.shape, b, cursor.start(t.headerSlot.index), cursor.recordEnd(), h,
                    Utf8Buffer.Escape.NONE);
            header = new String(h.buf, 0, h.pos, StandardCharsets.UTF_8);
            order = Csv.parseHeader(header);
        }
        if (csvHeader == null) {
            csvHeader = header;
            out.write(header.getBytes(StandardCharsets.UTF_8));
            out.write('\n');
        } else if (!csvHeader.equals(header)) {
            throw new IllegalStateException("this value's CSV header (" + header + ") is not the one of the values before ("
                    + csvHeader + "): write them to separate files");
        }
        row.reset();
        Map<String, Integer> seen = new HashMap<>();
        for (int i = 0; i < order.size(); i++) {
            if (i > 0) {
                row.byte1(',');
            }
            String name = order.get(i);
            int k = seen.merge(name, 1, Integer::sum);
            Slot head = null;
            int found = 0;
            for (Slot s : columns) {
                if (s.name.equals(name) && ++found == k) {
                    head = s;
                }
            }
            if (head == null) {
                throw new NavpackFormatException("$header names column " + name + ", which type " + t.name + " lacks", off);
            }
            cell(head, b, fields, t);
        }
        row.byte1('\n');
        row.writeTo(out);
    }

    private final Utf8Buffer cell = new Utf8Buffer(64);

    private void cell(Slot head, byte[] b, int fields, RecType t) {
        for (Slot s = head; s != null; s = s.next) {
            if (s.index >= fields || cursor.isNull(s.index)) {
                continue;
            }
            cell.reset();
            Texts.formatOrEnum(s.item(), b, cursor.start(s.index), cursor.end(s.index), cell, Utf8Buffer.Escape.NONE);
            String v = new String(cell.buf, 0, cell.pos, StandardCharsets.UTF_8);
            StringBuilder q = new StringBuilder();
            Csv.quote(v, q);
            row.utf8(q);
            return;
        }
    }

    /** Finishes the stream: closes a JSON array, writes a lone JSON document. Does not close the output stream. */
    @Override
    public void close() throws IOException {
        if (format == DocumentFormat.JSON) {
            if (pendingJson != null) {
                out.write(pendingJson);
                out.write('\n');
            } else if (values > 1) {
                out.write(']');
                out.write('\n');
            }
        } else if (format == DocumentFormat.XML && values == 0) {
            throw new IllegalStateException("no XML document was written");
        }
        out.flush();
    }
}
