package io.navpack.format;

import io.navpack.format.spi.PackedInts;
import io.navpack.format.spi.Hex;

import com.acme.trading.Leg;
import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Values that a fuzzer and users found to break reads: arrays of nested records in {@code toMap},
 * corrupt offset-table entries, types nested beyond the limit, byte arrays inside collections in
 * {@code toString}, and length prefixes that would make decoding allocate more than the input holds.
 */
class HostileValuesTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** {@code Inner(String s, int n, String x)} (id 53) and {@code Holder(Inner[] items)} (id 58). */
    private static SchemaRegistry holderAndInner() {
        SchemaRegistry registry = new SchemaRegistry();
        registry.register(Schema.builder("Inner").typeId(53).field("s", FieldType.STRING, true)
                .field("n", FieldType.INT, false).field("x", FieldType.STRING, true).build());
        registry.register(Schema.builder("Holder").typeId(58)
                .field("items", FieldType.array(FieldType.record("Inner"), true), true).build());
        return registry;
    }

    @Test
    void anArrayOfNestedRecordsBecomesAListOfMaps() {
        // Holder(items = [Inner("a", 1, null)])
        PackedRecord v = PackedRecord.of(Hex.parse("3a010009020735010404016101"), holderAndInner());
        Map<String, Object> inner = new LinkedHashMap<>();
        inner.put("s", "a");
        inner.put("n", 1);
        inner.put("x", null);
        assertThat(v.toMap()).isEqualTo(Map.of("items", List.of(inner)));
        assertThat(v.toString()).isEqualTo("Holder{items=[Inner{s=a, n=1, x=null}]}");
        Object[] items = (Object[]) v.get("items");
        assertThat(items).hasSize(1);
        assertThat(((PackedRecord) items[0]).getString("s")).isEqualTo("a");
    }

    @Test
    void byteArraysArePrintedInHexWhereverTheyAre() {
        SchemaRegistry registry = new SchemaRegistry();
        Schema s = registry.register(Schema.builder("Blobs").typeId(9)
                .field("one", FieldType.BYTES)
                .field("list", FieldType.list(FieldType.BYTES))
                .field("byKey", FieldType.map(FieldType.STRING, FieldType.BYTES))
                .field("array", FieldType.array(FieldType.BYTES, true))
                .field("nested", FieldType.list(FieldType.list(FieldType.BYTES))).build());
        PackedWriter w = new PackedWriter(registry, 64);
        Map<String, Object> byKey = new LinkedHashMap<>();
        byKey.put("k", new byte[] {(byte) 0xca, (byte) 0xfe});
        w.writeRecord(s, new Object[] {new byte[] {1}, List.of(new byte[] {2, 3}), byKey,
                new Object[] {new byte[] {4}, null}, List.of(List.of(new byte[] {5}))});
        String text = PackedRecord.of(w.toByteArray(), registry).toString();
        assertThat(text).isEqualTo("Blobs{one=01, list=[0203], byKey={k=cafe}, array=[04, null], nested=[[05]]}");
        assertThat(text).doesNotContain("[B@");
    }

    @Test
    void aFieldTypeNestedBeyondTheLimitIsRefusedWhereverTheSchemaIsMade() {
        FieldType t = FieldType.LONG;
        for (int i = 0; i < FieldType.MAX_DEPTH; i++) {
            t = FieldType.list(t);
        }
        FieldType deepest = t;
        assertThat(deepest.depth()).isEqualTo(FieldType.MAX_DEPTH);
        // the deepest allowed type builds, and its binary form is read back anywhere
        Schema ok = Schema.builder("Deep").typeId(30).field("v", deepest).build();
        assertThat(Schema.fromBytes(ok.toBytes())).isEqualTo(ok);
        // one more is refused when the type is made, with the limit and what to do instead
        assertThatThrownBy(() -> FieldType.set(deepest)).isInstanceOf(SchemaException.class)
                .hasMessageContaining("at most " + FieldType.MAX_DEPTH).hasMessageContaining("nested records");
        assertThatThrownBy(() -> FieldType.map(FieldType.STRING, deepest)).isInstanceOf(SchemaException.class);
        assertThatThrownBy(() -> FieldType.array(deepest, true)).isInstanceOf(SchemaException.class);
        // 100 000 levels: the same error, no stack overflow
        Throwable e = catchThrowable(() -> {
            FieldType x = FieldType.INT;
            for (int i = 0; i < 100_000; i++) {
                x = FieldType.list(x);
            }
            Schema.builder("Deeper").field("v", x).build();
        });
        assertThat(e).isInstanceOf(SchemaException.class).hasMessageContaining("at most " + FieldType.MAX_DEPTH);
        // a binary form that nests one more (as another JVM without the check could send) is refused too
        byte[] form = ok.toBytes();
        int at = indexOfKindRun(form);
        byte[] deeper = new byte[form.length + 1];
        System.arraycopy(form, 0, deeper, 0, at);
        deeper[at] = (byte) Kind.LIST.code();
        System.arraycopy(form, at, deeper, at + 1, form.length - at);
        assertThatThrownBy(() -> Schema.fromBytes(deeper)).isInstanceOf(NavpackFormatException.class)
                .hasMessageContaining("more than " + FieldType.MAX_DEPTH);
    }

    /** Position of the first of the 32 list kind codes in a schema's binary form. */
    private static int indexOfKindRun(byte[] form) {
        for (int i = 0; i + FieldType.MAX_DEPTH <= form.length; i++) {
            boolean run = true;
            for (int k = 0; k < FieldType.MAX_DEPTH && run; k++) {
                run = form[i + k] == Kind.LIST.code();
            }
            if (run) {
                return i;
            }
        }
        throw new AssertionError("no run of list kinds");
    }

    /** A record of 20 long fields (three blocks: two offset-table entries) and its bytes. */
    private static final class Wide {
        final SchemaRegistry registry = new SchemaRegistry();
        final byte[] bytes;
        final int table;

        Wide() {
            Schema.Builder b = Schema.builder("Wide20").typeId(20);
            Object[] values = new Object[20];
            for (int i = 0; i < 20; i++) {
                b.field("f" + i, i % 3 == 0 ? FieldType.STRING : FieldType.LONG, false);
                values[i] = i % 3 == 0 ? "s" + i : (Object) (long) (i * 1000);
            }
            Schema s = registry.register(b.build());
            PackedWriter w = new PackedWriter(registry, 64);
            w.writeRecord(s, values);
            bytes = w.toByteArray();
            table = 3; // type id, version, flags: one byte each
        }

        int bodyStart() {
            return table + 2;
        }
    }

    @Test
    void aCorruptOffsetTableEntryMakesFieldReadsAndFullDecodingAgreeOrFail() {
        Wide wide = new Wide();
        PackedRecord good = PackedRecord.of(wide.bytes, wide.registry);
        Object[] expected = good.decodeAll();
        int mismatches = 0;
        for (int entry = 0; entry < 2; entry++) {
            for (int delta = -3; delta <= 3; delta++) {
                if (delta == 0) {
                    continue;
                }
                byte[] bad = wide.bytes.clone();
                bad[wide.table + entry] += (byte) delta;
                PackedRecord v = PackedRecord.of(bad, wide.registry);
                Object[] full = attempt(v::decodeAll);
                assertThat(full).as("a full decode refuses a table that disagrees with the fields").isNull();
                for (int i = 0; i < 20; i++) {
                    int f = i;
                    Object one = attempt(() -> v.get(f));
                    if (one != null) {
                        assertThat(one).as("field %d, entry %d off by %d", i, entry, delta).isEqualTo(expected[i]);
                    } else {
                        mismatches++;
                    }
                }
                // every field of the block whose start the entry gives is refused, not misread
                int block = entry + 1;
                for (int i = 8 * block; i < Math.min(20, 8 * block + 8); i++) {
                    int f = i;
                    assertThat(catchThrowable(() -> v.get(f))).isInstanceOf(NavpackFormatException.class)
                            .hasMessageContaining("the offset table says field " + 8 * block + " starts at offset "
                                    + (wide.bodyStart() + Byte.toUnsignedInt(bad[wide.table + entry])));
                }
                assertThat(attempt(v::toMap)).isNull();
                assertThat(catchThrowable(v::validate)).isInstanceOf(NavpackFormatException.class)
                        .hasMessageContaining("offset table");
            }
        }
        assertThat(mismatches).isPositive();
    }

    @Test
    void aCorruptLengthInsideABlockIsRefusedByReadsOfTheNextBlockAndByFullDecoding() {
        Wide wide = new Wide();
        // field 9 is "s9": its length byte 2 becomes 1, so block 1 no longer ends where field 16 starts
        PackedRecord good = PackedRecord.of(wide.bytes, wide.registry);
        byte[] bad = wide.bytes.clone();
        int at = indexOf(bad, new byte[] {2, 's', '9'});
        bad[at] = 1;
        PackedRecord v = PackedRecord.of(bad, wide.registry);
        for (int i = 16; i < 20; i++) {
            int f = i;
            assertThat(catchThrowable(() -> v.get(f))).as("field %d", i).isInstanceOf(NavpackFormatException.class);
        }
        // the blocks before are read as written; a full decode refuses the value
        for (int i = 0; i < 8; i++) {
            assertThat(v.get(i)).isEqualTo(good.get(i));
        }
        assertThat(catchThrowable(v::decodeAll)).isInstanceOf(NavpackFormatException.class);
        assertThat(catchThrowable(() -> v.toObject(Object.class))).isInstanceOf(NavpackException.class);
    }

    private static int indexOf(byte[] b, byte[] part) {
        for (int i = 0; i + part.length <= b.length; i++) {
            if (Arrays.equals(b, i, i + part.length, part, 0, part.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }

    private static <T> T attempt(Supplier<T> read) {
        try {
            return read.get();
        } catch (NavpackFormatException e) {
            return null;
        }
    }

    @Test
    void trailingBytesAreRefusedByFullDecodingWhileFieldReadsStillAgree() {
        Navpack navpack = Navpack.of(Trade.class, Leg.class);
        Trade t = SeedTrades.load().get(0);
        byte[] trade = navpack.encode(t);
        byte[] longer = Arrays.copyOf(trade, trade.length + 2);
        PackedRecord v = navpack.view(longer);
        assertThat(v.getLong("id")).isEqualTo(1L);
        assertThat(v.getDate("settlementDate")).isEqualTo(t.settlementDate());
        assertThatThrownBy(v::decodeAll).isInstanceOf(NavpackFormatException.class).hasMessageContaining("ends at offset");
        assertThatThrownBy(() -> v.toObject(Trade.class)).isInstanceOf(NavpackFormatException.class);
        assertThatThrownBy(v::validate).isInstanceOf(NavpackFormatException.class);
    }

    @Test
    void decodingAllocatesAtMostAFixedMultipleOfTheInput() {
        SchemaRegistry registry = new SchemaRegistry();
        Schema s = registry.register(Schema.builder("Lists").typeId(11)
                .field("strings", FieldType.list(FieldType.STRING))
                .field("records", FieldType.array(FieldType.record("Lists"), true))
                .field("set", FieldType.set(FieldType.LONG))
                .field("map", FieldType.map(FieldType.STRING, FieldType.LONG)).build());
        List<byte[]> hostile = new ArrayList<>();
        // containers of nothing but nulls: 8 elements per bitmap byte, the densest valid input
        for (int field = 0; field < 4; field++) {
            int bitmapBytes = 4096;
            int count = field == 3 ? bitmapBytes * 4 : bitmapBytes * 8;
            PackedWriter w = new PackedWriter(registry, 64);
            w.writeByte(11);
            w.writeByte(1);
            w.writeByte(RecordView.FLAG_NULLS);
            w.writeByte(0b1111 & ~(1 << field));
            byte[] body = new byte[PackedInts.MAX_INT_BYTES + bitmapBytes];
            int p = PackedInts.writeInt(body, 0, count << 1 | 1);
            Arrays.fill(body, p, p + bitmapBytes, (byte) 0xFF);
            w.writePackedInt(p + bitmapBytes);
            w.writeBytes(body, 0, p + bitmapBytes);
            hostile.add(w.toByteArray());
        }
        // a length prefix of 256 MB, a count word of 2^30 elements and one of 2^29 with a bitmap
        hostile.add(Hex.parse("0b01040e8080808002"));
        hostile.add(Hex.parse("0b01040e068080808008"));
        hostile.add(Hex.parse("0b01040e0681808080040000"));
        for (byte[] b : hostile) {
            PackedRecord v = PackedRecord.of(b, registry);
            for (Supplier<Object> call : List.<Supplier<Object>>of(() -> v.decodeAll(), () -> v.toMap(), () -> v.toString(),
                    () -> v.get(0), () -> v.get(1), () -> v.get(2), () -> v.get(3), () -> v.validate())) {
                attempt(call); // loaded and compiled before anything is measured
            }
        }
        for (byte[] b : hostile) {
            PackedRecord v = PackedRecord.of(b, registry);
            for (Supplier<Object> call : List.<Supplier<Object>>of(() -> v.decodeAll(), () -> v.toMap(), () -> v.toString(),
                    () -> v.get(0), () -> v.get(1), () -> v.get(2), () -> v.get(3), () -> v.validate())) {
                long before = THREADS.getCurrentThreadAllocatedBytes();
                Object result = attempt(call);
                long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
                long text = result instanceof String ? 3L * ((String) result).length() : 0;
                assertThat(allocated).as("%s on %d bytes", result == null ? "a refused call" : "a call", b.length)
                        .isLessThanOrEqualTo(256L * b.length + 64 * 1024 + text);
            }
        }
    }
}
