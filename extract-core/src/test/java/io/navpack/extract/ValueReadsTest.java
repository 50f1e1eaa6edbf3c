package io.navpack.extract;

import io.navpack.format.FieldPath;
import io.navpack.format.FieldType;
import io.navpack.format.PackedRecord;
import io.navpack.format.PackedWriter;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The grid-neutral read policy on its own, as any grid's extractor uses it: the mode and pins come from the settings
 * of the registry's owner, partial reads one field at a time, full decodes once per value, adaptive switches at a
 * pinned break-even; paths step through decoded values.
 */
class ValueReadsTest {
    /** An owner of registries with its own settings, as navpack's Coherence context is. */
    private record Owner(ExtractSettings settings) implements ExtractSettings.Source {
        @Override
        public ExtractSettings extractSettings() {
            return settings;
        }
    }

    @AfterEach
    void reset() {
        ValueReads.reset();
    }

    private static List<PackedRecord> values(String type, int typeId, Map<String, String> properties, int count) {
        SchemaRegistry registry = new SchemaRegistry(new Owner(ExtractSettings.from(properties)));
        Schema.Builder b = Schema.builder(type).typeId(typeId).version(1);
        for (int i = 0; i < 8; i++) {
            b.field("f" + i, FieldType.LONG, false);
        }
        Schema schema = registry.register(b.build());
        PackedWriter w = new PackedWriter(registry, 64);
        List<PackedRecord> out = new ArrayList<>();
        for (int v = 0; v < count; v++) {
            w.reset();
            Object[] fields = new Object[8];
            for (int i = 0; i < 8; i++) {
                fields[i] = (long) (v * 10 + i);
            }
            w.writeRecord(schema, fields);
            out.add(PackedRecord.of(w.toByteArray(), registry));
        }
        return out;
    }

    @Test
    void theModeAndPinsComeFromTheSettingsOfTheRegistrysOwner() {
        List<PackedRecord> partial = values("Partial", 801, Map.of(ExtractSettings.MODE, "partial"), 10);
        for (PackedRecord r : partial) {
            for (int f = 0; f < 8; f++) {
                assertThat(ValueReads.read(r, f, null)).isEqualTo(r.get(f));
            }
        }
        BreakEven p = BreakEven.of(partial.get(0).schema());
        assertThat(p.fullDecodes()).isZero();
        assertThat(p.singleReads()).isEqualTo(80);

        List<PackedRecord> pinned = values("Pinned", 802, Map.of(ExtractSettings.BREAK_EVEN + ".Pinned", "3"), 10);
        for (PackedRecord r : pinned) {
            for (int f = 0; f < 2; f++) {
                ValueReads.read(r, f, null);
            }
        }
        BreakEven b = BreakEven.of(pinned.get(0).schema());
        assertThat(b.isPinned()).isTrue();
        assertThat(b.value()).isEqualTo(3);
        // two distinct fields per value stay below a break-even of three: nothing decoded in full
        assertThat(b.fullDecodes()).isZero();
        for (PackedRecord r : pinned) {
            for (int f = 0; f < 5; f++) {
                assertThat(ValueReads.read(r, f, null)).isEqualTo(r.get(f));
            }
        }
        assertThat(b.fullDecodes()).isPositive();

        List<PackedRecord> full = values("Full", 803, Map.of(), 4);
        for (PackedRecord r : full) {
            ValueReads.read(r, 3, ExtractionMode.FULL);
            ValueReads.read(r, 4, ExtractionMode.FULL);
        }
        BreakEven fb = BreakEven.of(full.get(0).schema());
        assertThat(fb.fullDecodes()).isEqualTo(4);
        assertThat(fb.cachedReads()).isEqualTo(8);
    }

    @Test
    void settingsFromPropertiesAreChecked() {
        ExtractSettings s = ExtractSettings.from(Map.of(ExtractSettings.CALIBRATION, "off", ExtractSettings.BREAK_EVEN
                + ".default", "4", ExtractSettings.BREAK_EVEN + ".Trade", "2"));
        assertThat(s.calibration()).isFalse();
        assertThat(s.pinned("Trade")).isEqualTo(2);
        assertThat(s.pinned("Other")).isEqualTo(4);
        assertThat(s.mode()).isEqualTo(ExtractionMode.ADAPTIVE);
        assertThatThrownBy(() -> ExtractSettings.from(Map.of(ExtractSettings.BREAK_EVEN + ".Trade", "0")))
                .hasMessageContaining(ExtractSettings.BREAK_EVEN + ".Trade must be a number of fields of at least 1");
        assertThatThrownBy(() -> ExtractSettings.from(Map.of(ExtractSettings.CALIBRATION, "maybe")))
                .hasMessageContaining(ExtractSettings.CALIBRATION + " must be on or off");
    }

    @Test
    void pathsStepThroughDecodedValues() {
        List<Object> out = new ArrayList<>();
        PlainPath.offer(List.of(List.of(1L, 2L), List.of(3L)), FieldPath.parse("a[any][any]"), 1, out::add);
        assertThat(out).containsExactly(1L, 2L, 3L);
        assertThat(PlainPath.follow(null, FieldPath.parse("a.b"), "test")).isNull();
    }
}
