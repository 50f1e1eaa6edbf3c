package io.navpack.format;

import io.navpack.format.spi.Hex;
import com.acme.trading.Everything;
import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Writes the golden files that other languages' implementations of the format are checked against
 * ({@code python/tests/test_golden.py}), into {@code target/golden/}: the schemas in their binary form with
 * fingerprints, the catalog of them, and values as bytes beside their typed JSON ({@link GoldenJson}) — the
 * seed trades, {@value #EVERYTHING} random {@link Everything} values (one field of every type and many
 * containers) and records of a wide schema (an offset-table entry per field, entries of 1, 2 and 4 bytes).
 * Each value is checked to decode back to the bytes it came from before it is written.
 */
class GoldenFilesTest {
    static final int EVERYTHING = 10_000;
    static final int WIDE = 300;

    @Test
    void writeGoldenFiles() throws IOException {
        Path dir = Path.of(System.getProperty("basedir", "."), "target", "golden");
        Files.createDirectories(dir);
        Navpack navpack = Navpack.of(Trade.class, Everything.class);
        SchemaRegistry registry = navpack.registry();
        Schema wide = wideSchema();
        registry.register(wide);
        Schema deep = Schema.builder("Chain").typeId(7).version(3)
                .field("depth", FieldType.INT).field("next", FieldType.record("Chain")).build();
        registry.register(deep);

        int values = 0;
        try (Writer w = Files.newBufferedWriter(dir.resolve("values.jsonl"), StandardCharsets.UTF_8)) {
            List<Trade> trades = SeedTrades.load();
            for (Trade t : trades) {
                values += line(w, "trade", t.id(), navpack.encode(t), registry);
            }
            for (int seed = 0; seed < EVERYTHING; seed++) {
                values += line(w, "everything", seed, navpack.encode(RandomEverything.of(seed)), registry);
            }
            PackedWriter pw = new PackedWriter(registry, 1024);
            RandomValues random = new RandomValues(20_261_123L, 2);
            Random r = new Random(7);
            for (int i = 0; i < WIDE; i++) {
                Object[] fields = new Object[wide.fieldCount()];
                for (int f = 0; f < fields.length; f++) {
                    Field field = wide.field(f);
                    fields[f] = field.nullable() && r.nextInt(5) == 0 ? null : wideValue(field.type(), random, r, i);
                }
                pw.reset();
                pw.writeRecord(wide, fields);
                values += line(w, "wide", i, pw.toByteArray(), registry);
            }
            for (int depth : new int[] {1, 2, 30, 62, 63}) {
                values += line(w, "chain", depth, chain(registry, deep, depth), registry);
            }
        }
        List<Schema> schemas = new ArrayList<>(registry.schemas());
        try (Writer w = Files.newBufferedWriter(dir.resolve("schemas.jsonl"), StandardCharsets.UTF_8)) {
            for (Schema s : schemas) {
                StringBuilder sb = new StringBuilder("{\"name\":");
                GoldenJson.string(sb, s.typeName());
                sb.append(",\"typeId\":").append(s.typeId()).append(",\"version\":").append(s.version())
                        .append(",\"defaultTypeId\":").append(Schema.defaultTypeId(s.typeName()))
                        .append(",\"fingerprint\":\"").append(String.format("%016x", s.fingerprint()))
                        .append("\",\"hex\":\"").append(Hex.of(s.toBytes())).append("\"}\n");
                w.write(sb.toString());
            }
        }
        Files.write(dir.resolve("catalog.bin"), SchemaCatalog.of(schemas).toBytes());
        assertThat(values).isEqualTo(10 + EVERYTHING + WIDE + 5);
    }

    /** A value of {@code depth} nested Chain records (the outermost has depth 0). */
    private static byte[] chain(SchemaRegistry registry, Schema chain, int depth) {
        PackedWriter pw = new PackedWriter(registry, 64);
        PackedRecord inner = null;
        for (int d = depth - 1; d >= 0; d--) {
            pw.reset();
            pw.writeRecord(chain, new Object[] {d, inner});
            inner = PackedRecord.of(pw.toByteArray(), registry);
        }
        return inner.bytes();
    }

    private static int line(Writer w, String set, long id, byte[] bytes, SchemaRegistry registry) throws IOException {
        PackedRecord r = PackedRecord.of(bytes, registry);
        r.validate();
        StringBuilder sb = new StringBuilder("{\"set\":\"").append(set).append("\",\"id\":").append(id)
                .append(",\"hex\":\"").append(Hex.of(bytes)).append("\",\"value\":").append(GoldenJson.of(r)).append("}\n");
        w.write(sb.toString());
        return 1;
    }

    /** 100 fields of many kinds: more than 64, so every field has an offset-table entry. */
    private static Schema wideSchema() {
        Schema.Builder b = Schema.builder("Wide").typeId(6).version(2);
        FieldType[] kinds = {FieldType.LONG, FieldType.STRING, FieldType.DECIMAL, FieldType.DATE, FieldType.DOUBLE,
                FieldType.BOOLEAN, FieldType.INT, FieldType.list(FieldType.STRING), FieldType.INSTANT,
                FieldType.map(FieldType.STRING, FieldType.LONG), FieldType.enumOf("Level", List.of("LOW", "MID", "HIGH"))};
        for (int i = 0; i < 100; i++) {
            FieldType t = kinds[i % kinds.length];
            b.field("f" + i, t, i % 3 != 0 || !t.kind().isPrimitive());
        }
        return b.build();
    }

    private static Object wideValue(FieldType t, RandomValues random, Random r, int row) {
        return switch (t.kind()) {
            case LONG -> random.value(Long.class, 0, false);
            case INT -> random.value(Integer.class, 0, false);
            case BOOLEAN -> r.nextBoolean();
            case DOUBLE -> random.value(Double.class, 0, false);
            case STRING -> row == 7 ? "x".repeat(70_000) : row % 3 == 0 ? "y".repeat(r.nextInt(40)) : (String) random.value(String.class, 0, false);
            case DECIMAL -> random.value(BigDecimal.class, 0, false);
            case DATE -> random.value(LocalDate.class, 0, false);
            case INSTANT -> random.value(java.time.Instant.class, 0, false);
            case ENUM -> t.constants().get(r.nextInt(t.constants().size()));
            case LIST -> {
                List<Object> l = new ArrayList<>();
                for (int k = r.nextInt(4); k > 0; k--) {
                    l.add(r.nextInt(4) == 0 ? null : "e" + r.nextInt(100));
                }
                yield l;
            }
            case MAP -> {
                Map<Object, Object> m = new LinkedHashMap<>();
                for (int k = r.nextInt(3); k > 0; k--) {
                    m.put("k" + k, r.nextInt(3) == 0 ? null : r.nextLong());
                }
                yield m;
            }
            default -> throw new IllegalArgumentException(t.toString());
        };
    }
}
