package io.navpack.documents;

import io.navpack.format.spi.PackedInts;
import io.navpack.format.RecordCursor;
import io.navpack.format.Schema;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Where the bytes of the FpML values go (run by hand). */
final class SizeAnalysis {
    final Map<String, long[]> parts = new TreeMap<>();
    final Model model;

    SizeAnalysis(Model m) {
        model = m;
    }

    void add(String k, long n) {
        parts.computeIfAbsent(k, x -> new long[2])[0] += n;
        parts.get(k)[1]++;
    }

    void record(byte[] b, int start, int end) {
        RecordCursor c = new RecordCursor(model.registry);
        Schema s = c.open(b, start, end);
        RecType t = model.typeOf(s);
        int bodyStart = Integer.MAX_VALUE;
        for (int i = 0; i < s.fieldCount(); i++) {
            if (!c.isNull(i)) {
                bodyStart = Math.min(bodyStart, c.start(i));
            }
        }
        if (bodyStart == Integer.MAX_VALUE) {
            bodyStart = end;
        }
        int idLen = PackedInts.sizeOfInt(s.typeId());
        add("header.id", idLen);
        add("type " + t.name + " " + t.slots.size() + " " + t.slots.stream().map(x -> x.field).toList(), end - start);
        add("header.version+flags", 2);
        add("header.bitmap+table", bodyStart - start - idLen - 2);
        for (int i = 0; i < s.fieldCount(); i++) {
            if (c.isNull(i)) {
                continue;
            }
            Slot slot = t.slots.get(i);
            value(slot.shape, slot, b, c.start(i), c.end(i));
        }
    }

    void value(Shape sh, Slot slot, byte[] b, int p, int end) {
        switch (sh.kind) {
            case RECORD -> {
                int q = PackedInts.skipInt(b, p, end);
                add("record.length", q - p);
                record(b, q, end);
            }
            case LIST -> {
                int q = PackedInts.skipInt(b, p, end);
                int count = PackedInts.readInt(b, q, end) >>> 1;
                int r = PackedInts.skipInt(b, q, end);
                add("list.header", r - p);
                for (int k = 0; k < count; k++) {
                    int next = RecordCursor.skip(sh.element.fieldType(99, "x"), b, r, end);
                    value(sh.element, slot, b, r, next);
                    r = next;
                }
            }
            case ENUM -> add("enum" + (slot.role == Slot.Role.NS ? ".ns" : ""), end - p);
            case SCALAR -> {
                add(sh.text + "." + slot.role, end - p);
                if (sh.text == TextType.STRING) {
                    add("str " + slot.field, end - p);
                }
            }
        }
    }

    static void run(DocumentSchema schema, List<Path> files) {
        SizeAnalysis a = new SizeAnalysis(schema.model());
        Transcoder t = schema.transcoder();
        for (Path f : files) {
            byte[] v = t.toNavpack(FpmlSet.read(f), f.toString());
            a.record(v, 0, v.length);
        }
        long total = 0;
        for (long[] x : a.parts.values()) {
            total += x[0];
        }
        for (Map.Entry<String, long[]> e : a.parts.entrySet()) {
            System.out.printf("%-28s %9d bytes %6.1f%% %8d items %5.2f per doc%n", e.getKey(), e.getValue()[0],
                    100.0 * e.getValue()[0] / total, e.getValue()[1], e.getValue()[0] / (double) files.size());
        }
    }
}
