package io.navpack.extract;

import io.navpack.format.FieldType;
import io.navpack.format.PackedRecord;
import io.navpack.format.PackedWriter;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;
import io.navpack.hazelcast.NavpackSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The break-even is measured from real values, pinned from configuration, or switched off. */
class CalibrationTest {
    private final NavpackExtractor extractor = new NavpackExtractor();

    @AfterEach
    void forget() {
        ValueReads.reset();
    }

    private static PackedRecord wide(SchemaRegistry registry, String name, int typeId, int fields) {
        Schema.Builder b = Schema.builder(name).typeId(typeId);
        Object[] values = new Object[fields];
        for (int i = 0; i < fields; i++) {
            FieldType t = i % 3 == 0 ? FieldType.STRING : i % 3 == 1 ? FieldType.LONG : FieldType.DECIMAL;
            b.field("f" + i, t, true);
            values[i] = i % 3 == 0 ? "text-" + i : i % 3 == 1 ? (Object) (i * 7919L) : BigDecimal.valueOf(i, 2);
        }
        Schema s = registry.register(b.build());
        PackedWriter w = new PackedWriter(registry, 256);
        w.writeRecord(s, values);
        return PackedRecord.of(w.toByteArray(), registry);
    }

    @Test
    void aMeasurementGivesABreakEvenWithinTheFieldCount() {
        for (int fields : new int[] {5, 20, 200}) {
            PackedRecord v = wide(new SchemaRegistry(), "Calibrated" + fields, 600 + fields, fields);
            Calibrator.Result r = Calibrator.measure(v);
            assertThat(r.fullNanos()).isPositive();
            assertThat(r.singleNanos()).isPositive();
            assertThat(r.rounds()).isBetween(Calibrator.MIN_SETTLED, Calibrator.MAX_ROUNDS);
            assertThat(r.tookNanos()).as("at least MIN_SETTLED rounds of two batches of a slice each")
                    .isGreaterThanOrEqualTo(2L * Calibrator.MIN_SETTLED * Calibrator.SLICE_NANOS);
            assertThat(r.breakEven()).isBetween(1, fields + 1);
            assertThat(r.breakEven()).isEqualTo((int) Math.min(fields + 1, Math.floor(r.fullNanos() / r.singleNanos()) + 1));
        }
    }

    @Test
    void everyFieldPositionIsMeasuredOnItsOwn() {
        PackedRecord v = wide(new SchemaRegistry(), "ByPosition", 709, 20);
        Calibrator.Result r = Calibrator.measure(v);
        assertThat(r.fields()).isEqualTo(20);
        double sum = 0;
        for (int i = 0; i < 20; i++) {
            assertThat(r.singleNanos(i)).as("position %d", i).isPositive();
            sum += r.singleNanos(i);
        }
        assertThat(r.singleNanos()).isCloseTo(sum / 20, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(r.toString()).contains("by position");

        SchemaRegistry registry = new SchemaRegistry();
        Schema empty = registry.register(Schema.builder("NoFields").typeId(710).build());
        PackedWriter w = new PackedWriter(registry, 16);
        w.writeRecord(empty, new Object[0]);
        Calibrator.Result none = Calibrator.measure(PackedRecord.of(w.toByteArray(), registry));
        assertThat(none.fields()).isZero();
        assertThat(none.fullNanos()).isPositive();
        assertThat(none.breakEven()).as("no field to read: the field count plus one").isEqualTo(1);
    }

    @Test
    void theFirstUseOfASchemaMeasuresItInTheBackground() throws InterruptedException {
        SchemaRegistry registry = new SchemaRegistry();
        PackedRecord v = wide(registry, "FirstUse", 700, 50);
        BreakEven be = BreakEven.of(v.schema());
        assertThat(be.measurement()).isNull();
        assertThat(be.value()).as("field by field until measured").isEqualTo(51);
        assertThat(Collected.one(extractor, v, "f1")).isEqualTo(7919L);
        assertThat(be.awaitMeasurement(java.time.Duration.ofSeconds(60))).isTrue();
        assertThat(be.calibrations()).isEqualTo(1);
        assertThat(be.value()).isEqualTo(be.measurement().breakEven());
        assertThat(be.isPinned()).isFalse();
        assertThat(be.toString()).contains("FirstUse v1: break-even " + be.value());
    }

    @Test
    void theBreakEvenIsMeasuredAgainAfterTenThousandReads() throws InterruptedException {
        SchemaRegistry registry = new SchemaRegistry();
        PackedRecord first = wide(registry, "Remeasured", 705, 8);
        byte[] bytes = first.bytes();
        BreakEven be = BreakEven.of(first.schema());
        assertThat(Collected.one(extractor, PackedRecord.of(bytes, registry), "f1")).isEqualTo(7919L);
        assertThat(be.awaitMeasurement(java.time.Duration.ofSeconds(60))).isTrue();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (be.calibrations() < 2 && System.nanoTime() < deadline) {
            for (int i = 0; i < BreakEven.FIRST_RECALIBRATION + ValueReads.UPDATE_EVERY + 1; i++) {
                Collected.one(extractor, PackedRecord.of(bytes, registry), "f1");
            }
            Thread.sleep(10);
        }
        assertThat(be.calibrations()).isEqualTo(2);
        assertThat(be.value()).isEqualTo(be.measurement().breakEven());
    }

    @Test
    void measuringStopsOnceTwoMeasurementsAgree() {
        SchemaRegistry registry = new SchemaRegistry();
        PackedRecord v = wide(registry, "Settling", 707, 40);
        BreakEven be = BreakEven.of(v.schema());
        Calibrator.Result last = be.remeasure(v);
        assertThat(be.isSettled()).as("one measurement settles nothing").isFalse();
        for (int i = 2; i <= BreakEven.MAX_MEASUREMENTS && !be.isSettled(); i++) {
            Calibrator.Result before = last;
            last = be.remeasure(v);
            int a = before.breakEven();
            int b = last.breakEven();
            assertThat(be.isSettled()).isEqualTo(i >= BreakEven.MIN_MEASUREMENTS && Math.abs(a - b) <= Math.max(1, b / 10)
                    || i == BreakEven.MAX_MEASUREMENTS);
        }
        assertThat(be.isSettled()).isTrue();
        assertThat(be.toString()).contains("(settled)");
        int measurements = be.calibrations();
        for (int i = 0; i < 3 * BreakEven.FIRST_RECALIBRATION; i++) {
            Collected.one(extractor, PackedRecord.of(v.bytes(), registry), "f1");
        }
        assertThat(be.calibrations()).as("a settled figure is not measured again").isEqualTo(measurements);
    }

    @Test
    void aPinSetInCodeWinsUntilRemoved() throws InterruptedException {
        SchemaRegistry registry = new SchemaRegistry();
        PackedRecord v = wide(registry, "PinnedInCode", 706, 12);
        BreakEven be = BreakEven.of(v.schema());
        be.pin(3);
        assertThat(be.value()).isEqualTo(3);
        assertThat(be.isPinned()).isTrue();
        Collected.one(extractor, v, "f0");
        assertThat(be.measurement()).as("a pinned schema is not measured").isNull();
        be.pin(null);
        assertThat(be.isPinned()).isFalse();
        assertThat(be.value()).as("unmeasured again: field by field").isEqualTo(13);
        ValueReads.reset(); // a thread looks at the schema's figure every UPDATE_EVERY values; a fresh one at once
        Collected.one(extractor, PackedRecord.of(v.bytes(), registry), "f0");
        assertThat(be.awaitMeasurement(java.time.Duration.ofSeconds(60))).isTrue();
        be.pin(2);
        be.pin(null);
        assertThat(be.value()).as("back to the measured figure").isEqualTo(be.measurement().breakEven());
        assertThatThrownBy(() -> be.pin(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void measuredReadsCountWithTheirOwnCost() {
        SchemaRegistry registry = new SchemaRegistry();
        PackedRecord v = wide(registry, "Weighed", 708, 10);
        BreakEven be = BreakEven.of(v.schema());
        // eight cheap fields and two dear ones against a full decode of 100 ns: 8 fields at the mean (12.8 ns)
        double[] singles = {1, 1, 1, 1, 1, 1, 1, 1, 60, 60};
        Calibrator.Result r = new Calibrator.Result(100, singles, Calibrator.MIN_SETTLED, 1);
        assertThat(r.singleNanos()).isCloseTo(12.8, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(r.singleNanos(8)).isEqualTo(60);
        assertThat(r.breakEven()).isEqualTo(8);
        for (int i = 0; i < BreakEven.MIN_MEASUREMENTS; i++) {
            be.measuredNow(r); // agreeing measurements settle the figure: nothing is measured in the background
        }
        assertThat(be.isSettled()).isTrue();
        assertThat(be.value()).isEqualTo(8);

        // the eight cheap fields cost 8 ns of the 100: read one by one, never decoded
        for (int f = 0; f < 8; f++) {
            Collected.one(extractor, v, "f" + f);
        }
        assertThat(be.singleReads()).isEqualTo(8);
        assertThat(be.fullDecodes()).isZero();
        // the two dear ones cost 120 ns: the second of them decodes the value
        PackedRecord second = PackedRecord.of(v.bytes(), registry);
        assertThat(Collected.one(extractor, second, "f8")).isEqualTo(v.get(8));
        assertThat(be.fullDecodes()).isZero();
        assertThat(Collected.one(extractor, second, "f9")).isEqualTo(v.get(9));
        assertThat(be.switches()).isEqualTo(1);
        assertThat(be.fullDecodes()).isEqualTo(1);
        // the next value is decoded at its first read, as the one before went beyond the full decode's cost
        Collected.one(extractor, PackedRecord.of(v.bytes(), registry), "f8");
        assertThat(be.fullDecodes()).isEqualTo(2);
        assertThat(be.singleReads()).isEqualTo(9);

        // a pin counts fields again, whatever they cost
        be.pin(3);
        ValueReads.reset();
        PackedRecord third = PackedRecord.of(v.bytes(), registry);
        Collected.one(extractor, third, "f0");
        Collected.one(extractor, third, "f1");
        assertThat(be.fullDecodes()).isEqualTo(2);
        Collected.one(extractor, third, "f2");
        assertThat(be.fullDecodes()).isEqualTo(3);
        be.pin(null);
        assertThat(be.value()).as("back to the measured figure").isEqualTo(8);
    }

    @Test
    void fixedModesNeverMeasure() {
        SchemaRegistry registry = new SchemaRegistry();
        PackedRecord v = wide(registry, "FixedModes", 704, 20);
        new NavpackExtractor.Partial().extract(v, "f1", new Collected());
        new NavpackExtractor.Full().extract(PackedRecord.of(v.bytes(), registry), "f2", new Collected());
        assertThat(BreakEven.of(v.schema()).measurement()).isNull();
        assertThat(BreakEven.of(v.schema()).calibrations()).isZero();
    }

    @Test
    void configurationPinsOrSwitchesCalibrationOff() {
        Properties p = new Properties();
        p.setProperty(ExtractSettings.BREAK_EVEN + ".Pinned", "7");
        SchemaRegistry pinned = new SchemaRegistry(NavpackSettings.from(p));
        PackedRecord v = wide(pinned, "Pinned", 701, 30);
        Collected.one(extractor, v, "f0");
        BreakEven be = BreakEven.of(v.schema());
        assertThat(be.value()).isEqualTo(7);
        assertThat(be.isPinned()).isTrue();
        assertThat(be.measurement()).isNull();

        Properties q = new Properties();
        q.setProperty(ExtractSettings.CALIBRATION, "off");
        SchemaRegistry off = new SchemaRegistry(NavpackSettings.from(q));
        PackedRecord w = wide(off, "Unmeasured", 702, 30);
        Collected.one(extractor, w, "f0");
        BreakEven ub = BreakEven.of(w.schema());
        assertThat(ub.value()).isEqualTo(31);
        assertThat(ub.measurement()).isNull();

        Properties d = new Properties();
        d.setProperty(ExtractSettings.BREAK_EVEN + ".default", "2");
        SchemaRegistry def = new SchemaRegistry(NavpackSettings.from(d));
        PackedRecord x = wide(def, "DefaultPin", 703, 10);
        Collected.one(extractor, x, "f0");
        assertThat(BreakEven.of(x.schema()).value()).isEqualTo(2);
    }
}
