package io.navpack.coherence;

import com.tangosol.util.Binary;
import com.tangosol.util.ExternalizableHelper;
import io.navpack.coherence.model.Deal;
import io.navpack.format.PackedRecord;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The Coherence serializer alone, through Coherence's own {@code ExternalizableHelper}: navpack values of every shape
 * round-trip to the class (or to a record where the class is unknown), what a service sends besides values goes
 * through Coherence's default serialization unchanged, a value's bytes are exactly its navpack record behind two
 * bytes and its length, and damaged bytes give a clear error.
 */
class CoherenceSerializerTest {
    private final NavpackCoherence navpack = NavpackCoherence.standalone(
            CoherenceSettings.parse(CoherenceSettings.CLASSES + "=" + Deal.class.getName()));
    private final NavpackCoherenceSerializer serializer = new NavpackCoherenceSerializer(navpack);

    @Test
    void valuesOfEveryShapeRoundTrip() {
        Random r = new Random(3);
        for (int i = 0; i < 200; i++) {
            Deal d = CoherenceClusterTest.deal(r, i);
            Binary b = ExternalizableHelper.toBinary(d, serializer);
            assertThat((Object) ExternalizableHelper.fromBinary(b, serializer)).isEqualTo(d);
        }
        Deal empty = new Deal(1, null, null, null, null, null, null, List.of(), 0);
        assertThat((Object) ExternalizableHelper.fromBinary(ExternalizableHelper.toBinary(empty, serializer), serializer))
                .isEqualTo(empty);
    }

    @Test
    void aValueIsItsNavpackRecordBehindItsLengthAndReadsAsARecordWhereTheClassIsUnknown() {
        Deal d = CoherenceClusterTest.deal(new Random(5), 7);
        Binary b = ExternalizableHelper.toBinary(d, serializer);
        PackedRecord view = NavpackCoherenceSerializer.view(b, navpack.registry());
        assertThat(view).isNotNull();
        // Coherence's FMT_EXT byte, 'N', the length as a packed integer, the record
        assertThat(b.length()).isEqualTo(2 + io.navpack.format.spi.PackedInts.sizeOfInt(view.length()) + view.length());
        assertThat(view.getString("currency")).isEqualTo(d.currency());
        assertThat(view.get("counterparty.country")).isEqualTo(d.counterparty() == null ? null : d.counterparty().country());

        // a JVM without the class (here: one that reads records) gets the record, and writes it back unchanged
        NavpackCoherence records = NavpackCoherence.standalone(CoherenceSettings.parse(CoherenceSettings.READ_MODE + "=record"));
        for (var s : navpack.registry().schemas()) {
            records.registry().learn(s);
        }
        NavpackCoherenceSerializer classless = new NavpackCoherenceSerializer(records);
        Object read = ExternalizableHelper.fromBinary(b, classless);
        assertThat(read).isInstanceOf(PackedRecord.class);
        assertThat(ExternalizableHelper.toBinary(read, classless)).isEqualTo(b);
        // decorations (as Coherence adds them to stored values) do not hide the record
        Binary decorated = ExternalizableHelper.decorate(b, ExternalizableHelper.DECO_EXPIRY, new Binary(new byte[] {1, 2}));
        assertThat(NavpackCoherenceSerializer.view(decorated, navpack.registry()).getLong("id")).isEqualTo(7L);
    }

    @Test
    void everythingElseAServiceSendsGoesThroughCoherencesDefaultSerialization() {
        Map<String, Object> m = new HashMap<>();
        m.put("a", 1L);
        m.put("b", new ArrayList<>(List.of("x", BigDecimal.TEN, LocalDate.of(2024, 2, 29))));
        for (Object o : new Object[] {null, 42L, "text", m, new NavpackExtractor<>("legs[any].payer"),
                NavpackUpdater.of("rank")}) {
            Binary b = ExternalizableHelper.toBinary(o, serializer);
            assertThat((Object) ExternalizableHelper.fromBinary(b, serializer)).isEqualTo(o);
            assertThat(NavpackCoherenceSerializer.view(b, navpack.registry())).isNull();
        }
    }

    @Test
    void damagedBytesGiveAClearError() throws IOException {
        Deal d = CoherenceClusterTest.deal(new Random(9), 9);
        byte[] bytes = ExternalizableHelper.toBinary(d, serializer).toByteArray();
        byte[] truncated = java.util.Arrays.copyOf(bytes, bytes.length - 5);
        assertThatThrownBy(() -> ExternalizableHelper.fromBinary(new Binary(truncated), serializer))
                .hasStackTraceContaining("bytes but only");
        byte[] foreign = bytes.clone();
        foreign[1] = 'X';
        assertThatThrownBy(() -> ExternalizableHelper.fromBinary(new Binary(foreign), serializer))
                .hasStackTraceContaining("not a value written by navpack's Coherence serializer");
        byte[] corrupt = bytes.clone();
        for (int i = 8; i < corrupt.length; i += 3) {
            corrupt[i] = (byte) 0xFF;
        }
        assertThatThrownBy(() -> ExternalizableHelper.fromBinary(new Binary(corrupt), serializer))
                .hasStackTraceContaining("navpack");
    }

    @Test
    void settingsAreCheckedNamingThePropertyAndTheFix() {
        assertThatThrownBy(() -> CoherenceSettings.parse("navpack.read-mode=objects"))
                .hasMessageContaining("navpack.read-mode must be object or record");
        assertThatThrownBy(() -> CoherenceSettings.parse("navpack.timeout-seconds=0"))
                .hasMessageContaining("navpack.timeout-seconds");
        assertThatThrownBy(() -> CoherenceSettings.parse("navpack.clases=com.acme.Trade"))
                .hasMessageContaining("unknown navpack setting 'navpack.clases'");
        assertThatThrownBy(() -> CoherenceSettings.parse("navpack.extract.mode=fast"))
                .hasMessageContaining("navpack.extract.mode must be adaptive, partial or full");
        assertThat(CoherenceSettings.parse("navpack.break-even.Deal=3; navpack.extract.mode=partial").extract().pinned("Deal"))
                .isEqualTo(3);
        // system properties of other parts of navpack are not Coherence settings
        java.util.Properties system = new java.util.Properties();
        system.setProperty("navpack.bench.anything", "x");
        system.setProperty(CoherenceSettings.TIMEOUT, "7");
        assertThat(CoherenceSettings.of(system, Map.of()).timeout()).hasSeconds(7);
    }
}
