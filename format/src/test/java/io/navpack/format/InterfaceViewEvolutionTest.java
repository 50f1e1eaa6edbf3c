package io.navpack.format;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Views of one version read the bytes of another exactly as the class of that version decodes them:
 * fields matched by name, a field the bytes lack read as the Java default (0, false, null), fields the
 * interface lacks ignored. Two JVMs are modelled by two registries (as in {@link EvolutionTest}), each
 * with one version's class; the class decode is the oracle.
 */
class InterfaceViewEvolutionTest {
    @NavpackType(id = 42, version = 1, name = "Position")
    record PositionV1(long id, String book, BigDecimal quantity, int lots, List<String> tags) {
    }

    /** Drops quantity and lots, adds venue, a primitive count and a nested record. */
    @NavpackType(id = 42, version = 2, name = "Position")
    record PositionV2(long id, String venue, String book, long fills, List<String> tags, Price price) {
    }

    @NavpackType(id = 43, version = 1, name = "Price")
    record Price(String currency, BigDecimal amount) {
    }

    interface PositionV1View {
        long id();

        String book();

        BigDecimal quantity();

        int lots();

        List<String> tags();
    }

    interface PositionV2View {
        long id();

        String venue();

        String book();

        long fills();

        List<String> tags();

        PriceView price();
    }

    interface PriceView {
        String currency();

        BigDecimal amount();
    }

    private final SchemaRegistry jvm1 = new SchemaRegistry();
    private final SchemaRegistry jvm2 = new SchemaRegistry();
    private final Schema v1;
    private final Schema v2;

    InterfaceViewEvolutionTest() {
        v1 = jvm1.register(PositionV1.class).schema();
        v2 = jvm2.register(PositionV2.class).schema();
        jvm1.learn(v2);
        jvm1.learn(jvm2.binding(Price.class).schema());
        jvm2.learn(v1);
    }

    private static byte[] write(SchemaRegistry registry, Object value) {
        PackedWriter w = new PackedWriter(registry, 64);
        w.writeRecord(value);
        return w.toByteArray();
    }

    @Test
    void anOldViewReadsNewBytesAsTheOldClassDoes() {
        PositionV2 written = new PositionV2(8, "XLON", "rates", 12, List.of("a"), new Price("GBP", new BigDecimal("9.5")));
        PackedRecord record = PackedRecord.of(write(jvm2, written), jvm1);
        PositionV1View view = record.as(PositionV1View.class);
        PositionV1 oracle = record.toObject(PositionV1.class);
        assertThat(oracle).isEqualTo(new PositionV1(8, "rates", null, 0, List.of("a")));
        assertThat(view.id()).isEqualTo(oracle.id());
        assertThat(view.book()).isEqualTo(oracle.book());
        assertThat(view.quantity()).isEqualTo(oracle.quantity()).isNull();
        assertThat(view.lots()).isEqualTo(oracle.lots()).isZero();
        assertThat(view.tags()).isEqualTo(oracle.tags());
        assertThat(view.toString()).isEqualTo("PositionV1View{id=8, book=rates, tags=[a], lots=0, quantity=null}");
    }

    @Test
    void aNewViewReadsOldBytesAsTheNewClassDoes() {
        PositionV1 written = new PositionV1(7, "fx", new BigDecimal("12.50"), 3, List.of());
        PackedRecord record = PackedRecord.of(write(jvm1, written), jvm2);
        PositionV2View view = record.as(PositionV2View.class);
        PositionV2 oracle = record.toObject(PositionV2.class);
        assertThat(oracle).isEqualTo(new PositionV2(7, null, "fx", 0, List.of(), null));
        assertThat(view.id()).isEqualTo(oracle.id());
        assertThat(view.venue()).isEqualTo(oracle.venue()).isNull();
        assertThat(view.book()).isEqualTo(oracle.book());
        assertThat(view.fills()).isEqualTo(oracle.fills()).isZero();
        assertThat(view.tags()).isEqualTo(oracle.tags());
        assertThat(view.price()).isNull();
    }

    @Test
    void eachVersionHasItsOwnClassAndTheBytesOfEachVersionTheirs() {
        byte[] old = write(jvm1, new PositionV1(1, "a", BigDecimal.ONE, 1, List.of()));
        byte[] current = write(jvm2, new PositionV2(2, "v", "b", 5, List.of(), new Price("EUR", BigDecimal.TEN)));
        PositionV2View a = PackedRecord.of(old, jvm2).as(PositionV2View.class);
        PositionV2View b = PackedRecord.of(current, jvm2).as(PositionV2View.class);
        assertThat(a.getClass()).isNotSameAs(b.getClass());
        assertThat(b.price().amount()).isEqualTo(BigDecimal.TEN);
        assertThat(PackedRecord.ofView(a).array()).isSameAs(old);
        assertThat(PackedRecord.ofView(b).schema()).isEqualTo(v2);
        assertThat(jvm2.views.generatedClasses()).isEqualTo(3); // v1 and v2 of Position, v1 of Price
    }

    @Test
    void aFieldOfANewerVersionIsFoundThroughTheSchemaSource() {
        // a JVM that has read only v1 values and holds no v2 class: the cluster (here a source) knows v2
        SchemaRegistry reader = new SchemaRegistry();
        reader.learn(v1);
        byte[] old = write(jvm1, new PositionV1(4, "x", BigDecimal.ONE, 2, List.of()));
        assertThatThrownBy(() -> PackedRecord.of(old, reader).as(PositionV2View.class)).isInstanceOf(SchemaException.class)
                .hasMessageContaining("venue()").hasMessageContaining("fills()").hasMessageContaining("price()")
                .hasMessageContaining("no version of Position")
                .hasMessageContaining("register the version that adds the field");

        SchemaRegistry withSource = new SchemaRegistry();
        withSource.learn(v1);
        withSource.setSource((typeId, version) -> jvm2.local(typeId, version));
        PositionV2View view = PackedRecord.of(old, withSource).as(PositionV2View.class);
        assertThat(view.venue()).isNull();
        assertThat(view.book()).isEqualTo("x");
        assertThat(withSource.local(42, 2)).isEqualTo(v2);
    }

    interface WrongTypeInOtherVersion {
        long id();

        int venue();
    }

    @Test
    void aFieldOnlyAnotherVersionHasIsStillCheckedAgainstItsType() {
        byte[] old = write(jvm1, new PositionV1(4, "x", BigDecimal.ONE, 2, List.of()));
        assertThatThrownBy(() -> PackedRecord.of(old, jvm1).as(WrongTypeInOtherVersion.class))
                .isInstanceOf(SchemaException.class).hasMessageContaining("venue()").hasMessageContaining("of v2")
                .hasMessageContaining("string");
    }
}
