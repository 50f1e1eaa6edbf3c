package io.navpack.format;

import io.navpack.format.spi.PackedInts;

import com.acme.trading.Leg;
import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PackedRecordTest {
    private static final Navpack NAVPACK = Navpack.of(Trade.class, Leg.class);
    private static final Trade T1 = SeedTrades.load().get(0);

    private static PackedRecord view(Object o) {
        return NAVPACK.view(NAVPACK.encode(o));
    }

    @Test
    void typedGettersByNameAndIndex() {
        PackedRecord v = view(T1);
        assertThat(v.fieldCount()).isEqualTo(9);
        assertThat(v.getLong("id")).isEqualTo(1L);
        assertThat(v.getLong(0)).isEqualTo(1L);
        assertThat(v.getDate("tradeDate")).isEqualTo(LocalDate.of(2014, 7, 21));
        assertThat(v.getEnumName("buySell")).isEqualTo("BUY");
        assertThat(v.getEnumIndex(2)).isZero();
        assertThat(v.getString("currency1")).isEqualTo("EUR");
        assertThat(v.getDecimal("amount1")).isEqualTo(new BigDecimal("50000000.00"));
        assertThat(v.getDecimal("exchangeRate")).isEqualTo(new BigDecimal("1.344"));
        assertThat(v.getString(6)).isEqualTo("USD");
        assertThat(v.getDecimal(7)).isEqualTo(new BigDecimal("67200000.00"));
        assertThat(v.getDate(8)).isEqualTo(LocalDate.of(2014, 7, 28));
        assertThat(v.get("buySell")).isEqualTo("BUY");
        assertThat(v.toObject(Trade.class)).isEqualTo(T1);
    }

    @Test
    void wrongTypesNullsAndUnknownNamesGiveClearErrors() {
        PackedRecord v = view(new Trade(5, null, null, null, null, null, null, null, null));
        assertThatThrownBy(() -> v.getLong("currency1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("currency1").hasMessageContaining("string");
        assertThatThrownBy(() -> v.getString("nope")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no field 'nope'").hasMessageContaining("currency1");
        assertThat(v.isNull("currency1")).isTrue();
        assertThat(v.getString("currency1")).isNull();
        assertThat(v.getDecimal("amount1")).isNull();
        assertThat(v.get(8)).isNull();
        assertThat(v.getLong("id")).isEqualTo(5);
        assertThatThrownBy(() -> v.isNull(9)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void nestedPathsListElementsAndAny() {
        Leg.Period p1 = new Leg.Period(LocalDate.of(2024, 1, 1), LocalDate.of(2024, 4, 1), 0.01);
        Leg.Period p2 = new Leg.Period(LocalDate.of(2024, 4, 1), LocalDate.of(2024, 7, 1), 0.02);
        Leg inner = new Leg("INNER", BigDecimal.TEN, List.of(p2), null);
        Leg leg = new Leg("ACME", new BigDecimal("1000000.00"), Arrays.asList(p1, null, p2), inner);
        PackedRecord v = view(leg);
        assertThat(v.get("payer")).isEqualTo("ACME");
        assertThat(v.get("next.payer")).isEqualTo("INNER");
        assertThat(v.get("next.periods[0].rate")).isEqualTo(0.02);
        assertThat(v.get("periods[2].end")).isEqualTo(LocalDate.of(2024, 7, 1));
        assertThat(v.get("periods[1]")).isNull();
        assertThat(v.get("periods[1].rate")).isNull();
        assertThat(v.get("periods[7].rate")).isNull();
        assertThat(v.get("next.next.payer")).isNull();
        assertThat(v.get("periods[any].rate")).isEqualTo(Arrays.asList(0.01, null, 0.02));
        assertThat(v.get(FieldPath.parse("periods[0]"))).isInstanceOf(PackedRecord.class);
        assertThat(((PackedRecord) v.get("periods[0]")).toObject(Leg.Period.class)).isEqualTo(p1);
        assertThat(v.getRecord("next").toObject(Leg.class)).isEqualTo(inner);
        List<Object> seen = new ArrayList<>();
        v.visit(FieldPath.parse("next.periods[any].start"), seen::add);
        assertThat(seen).containsExactly(LocalDate.of(2024, 4, 1));
        assertThatThrownBy(() -> v.get("payer.x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a record");
        assertThatThrownBy(() -> v.get("payer[0]")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("applies to a list");
        assertThatThrownBy(() -> FieldPath.parse("a..b")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FieldPath.parse("a[-1]")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> FieldPath.parse("a[1")).isInstanceOf(IllegalArgumentException.class);

        Map<String, Object> map = v.toMap();
        assertThat(map.get("payer")).isEqualTo("ACME");
        assertThat(((Map<?, ?>) map.get("next")).get("payer")).isEqualTo("INNER");
        assertThat(((List<?>) map.get("periods")).get(0)).isInstanceOf(Map.class);
    }

    @Test
    void equalityIsByContentHashAndToStringAreStable() {
        byte[] bytes = NAVPACK.encode(T1);
        byte[] shifted = new byte[bytes.length + 7];
        System.arraycopy(bytes, 0, shifted, 5, bytes.length);
        PackedRecord a = NAVPACK.view(bytes);
        PackedRecord b = NAVPACK.view(shifted, 5, bytes.length);
        assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
        assertThat(a).isNotEqualTo(view(SeedTrades.load().get(1)));
        assertThat(b.bytes()).isEqualTo(bytes);
        assertThat(a.toString()).isEqualTo("Trade{id=1, tradeDate=2014-07-21, buySell=BUY, currency1=EUR, "
                + "amount1=50000000.00, exchangeRate=1.344, currency2=USD, amount2=67200000.00, settlementDate=2014-07-28}");
        // writing a view copies its bytes
        assertThat(NAVPACK.encode(b)).isEqualTo(bytes);
    }

    @Test
    void wideRecordsReadEveryFieldThroughTheOffsetTable() {
        Schema.Builder sb = Schema.builder("Wide1024").typeId(900);
        for (int i = 0; i < 1024; i++) {
            sb.field("f" + i, i % 3 == 0 ? FieldType.STRING : FieldType.LONG, i % 3 == 0);
        }
        Schema schema = NAVPACK.registry().register(sb.build());
        Object[] values = new Object[1024];
        for (int i = 0; i < 1024; i++) {
            values[i] = i % 3 == 0 ? (i % 2 == 0 ? null : "s" + i) : (long) i * i * i;
        }
        PackedWriter w = NAVPACK.newWriter(64);
        w.writeRecord(schema, values);
        PackedRecord v = NAVPACK.view(w.toByteArray());
        for (int i = 0; i < 1024; i++) {
            assertThat(v.get(i)).as("f%d", i).isEqualTo(values[i]);
        }
        assertThat(v.getLong("f1022")).isEqualTo(1022L * 1022 * 1022);
        assertThat(v.getString("f1023")).isEqualTo("s1023");
        // header: type id 900 (2 bytes), version, flags = nulls + 2-byte offsets + one field per block (code 3)
        assertThat(v.array()[3] & 0xFF).isEqualTo(RecordView.FLAG_NULLS | 1 | 3 << RecordView.BLOCK_CODE_SHIFT);
    }

    @Test
    void recordsOfMoreThan64FieldsHaveAnOffsetPerFieldAndOthersOnePerEightFields() {
        for (int n : new int[] {Schema.WIDE - 1, Schema.WIDE, Schema.WIDE + 1, 200}) {
            Schema.Builder sb = Schema.builder("Fields" + n).typeId(1000 + n);
            Object[] values = new Object[n];
            for (int i = 0; i < n; i++) {
                sb.field("f" + i, i % 2 == 0 ? FieldType.DECIMAL : FieldType.LONG, true);
                values[i] = i % 5 == 3 ? null : i % 2 == 0 ? BigDecimal.valueOf(i, 2) : (Object) (long) -i;
            }
            Schema schema = NAVPACK.registry().register(sb.build());
            PackedWriter w = NAVPACK.newWriter(64);
            w.writeRecord(schema, values);
            byte[] bytes = w.toByteArray();
            PackedRecord v = NAVPACK.view(bytes);
            int flags = bytes[PackedInts.sizeOfInt(1000 + n) + 1] & 0xFF;
            int perBlock = n > Schema.WIDE ? 1 : Schema.BLOCK;
            assertThat(8 >> (flags >>> RecordView.BLOCK_CODE_SHIFT)).as("fields per block, %d fields", n).isEqualTo(perBlock);
            Object[] all = v.decodeAll();
            for (int i = 0; i < n; i++) {
                assertThat(v.get(i)).as("field %d of %d", i, n).isEqualTo(values[i]).isEqualTo(all[i]);
            }
            // a table entry moved by one byte is refused by the read of the field it points to and by the full decode
            int entries = (n + perBlock - 1) / perBlock - 1;
            int width = 1 << (flags & 3);
            int table = PackedInts.sizeOfInt(1000 + n) + 2 + ((flags & RecordView.FLAG_NULLS) != 0 ? (n + 7) / 8 : 0);
            int last = table + (entries - 1) * width + width - 1;
            byte[] bad = bytes.clone();
            bad[last]++;
            PackedRecord corrupt = NAVPACK.view(bad);
            int field = entries * perBlock;
            assertThatThrownBy(() -> corrupt.get(field)).isInstanceOf(NavpackFormatException.class)
                    .hasMessageContaining("offset table");
            assertThatThrownBy(corrupt::decodeAll).isInstanceOf(NavpackFormatException.class);
        }
    }

    @Test
    void oneViewIsOneAllocationAndPrimitiveReadsAllocateNothing() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        byte[] bytes = NAVPACK.encode(T1);
        SchemaRegistry registry = NAVPACK.registry();
        PackedRecord[] keep = new PackedRecord[10_000];
        long[] perRound = new long[2];
        for (int attempt = 0; attempt < 20; attempt++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < keep.length; i++) {
                keep[i] = PackedRecord.of(bytes, registry);
            }
            long views = threads.getCurrentThreadAllocatedBytes() - before;
            long sum = 0;
            before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < keep.length; i++) {
                PackedRecord r = PackedRecord.of(bytes, registry);
                keep[i] = r;
                sum += r.getLong(0) + r.getEnumIndex(2) + r.getLong("id") + (r.isNull(4) ? 1 : 0);
            }
            long viewsAndReads = threads.getCurrentThreadAllocatedBytes() - before;
            assertThat(sum).isEqualTo(2L * keep.length);
            perRound[0] = views;
            perRound[1] = viewsAndReads;
            if (views == viewsAndReads) {
                break;
            }
        }
        assertThat(perRound[0] % keep.length).as("whole objects").isZero();
        long viewSize = perRound[0] / keep.length;
        // exactly the view object: its header and seven 4-byte fields, 8-byte aligned (compressed oops)
        assertThat(viewSize).as("one view object per view, nothing else").isEqualTo(shallowSizeOfAView()).isEqualTo(40);
        assertThat(perRound[1]).as("reading primitive fields allocates nothing").isEqualTo(perRound[0]);
    }

    /** What one view takes, from its field count: 12-byte header, 4 bytes per field, aligned to 8. */
    private static long shallowSizeOfAView() {
        long fields = java.util.Arrays.stream(RecordView.class.getDeclaredFields())
                .filter(f -> !java.lang.reflect.Modifier.isStatic(f.getModifiers())).count();
        return (12 + 4 * fields + 7) / 8 * 8;
    }

    @Test
    void oneViewIsSafeToReadFromManyThreads() throws Exception {
        PackedRecord v = view(T1);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                results.add(pool.submit(() -> {
                    for (int i = 0; i < 20_000; i++) {
                        if (!v.getString(6).equals("USD") || v.getLong(0) != 1 || !v.getDecimal(4).equals(T1.amount1())) {
                            return false;
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> f : results) {
                assertThat(f.get(60, TimeUnit.SECONDS)).isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
