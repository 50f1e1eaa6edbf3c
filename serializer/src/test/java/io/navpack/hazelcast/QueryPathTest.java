package io.navpack.hazelcast;

import com.acme.orders.Order;
import com.acme.orders.Orders;
import com.hazelcast.internal.serialization.impl.GenericRecordQueryReader;
import com.hazelcast.query.impl.getters.MultiResult;
import io.navpack.format.FieldType;
import io.navpack.format.Navpack;
import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Paths read in one pass ({@link QueryPath}) against the same paths walked step by step by Hazelcast's generic-record
 * query reader over the same values (a root that does not answer for whole paths, as navpack's records did before):
 * the same values, the same multi-results and null-or-empty marks, for every path over varied orders (null records,
 * empty and null lists, arrays, sets, primitive arrays) and over documents of two schema versions in one map; and the
 * rule for a step through a repeated element.
 */
class QueryPathTest {
    private static final List<String> ORDER_PATHS = List.of(
            "customer.name", "customer.address.city", "customer.address.country",
            "lines[any].sku", "lines[any].qty", "lines[any].price", "lines[0].sku", "lines[1].price", "lines[7].qty",
            "extras[any].sku", "extras[0].qty", "tags[any]", "scores[any]", "scores[0]", "scores[3]", "lines[any]",
            "lines[0]", "customer", "customer.address", "lines", "scores", "tags", "extras");

    /** A root whose whole-path answers are off: Hazelcast's reader then walks the path step by step, as it used to. */
    private static final class StepByStep extends PackedGenericRecord {
        private final boolean member;

        StepByStep(PackedRecord record, boolean member) {
            super(record);
            this.member = member;
        }

        @Override
        boolean member() {
            return member;
        }

        @Override
        public boolean hasField(String fieldName) {
            return QueryPath.isPath(fieldName) ? false : super.hasField(fieldName);
        }
    }

    private static Object read(PackedGenericRecord root, String path) {
        return new GenericRecordQueryReader(root).read(path);
    }

    /** Values as comparable lists: multi-results by their results and mark, arrays by their elements. */
    private static Object comparable(Object v) {
        if (v instanceof MultiResult<?> m) {
            List<Object> out = new ArrayList<>();
            out.add(m.isNullEmptyTarget() ? "null-or-empty" : "multi");
            m.getResults().forEach(x -> out.add(comparable(x)));
            return out;
        }
        if (v instanceof Object[] a) {
            List<Object> out = new ArrayList<>(List.of("array"));
            Arrays.stream(a).forEach(x -> out.add(comparable(x)));
            return out;
        }
        if (v != null && v.getClass().isArray()) {
            List<Object> out = new ArrayList<>(List.of(v.getClass().getComponentType().getName()));
            for (int i = 0; i < java.lang.reflect.Array.getLength(v); i++) {
                out.add(java.lang.reflect.Array.get(v, i));
            }
            return out;
        }
        if (v instanceof PackedGenericRecord r) {
            return List.of("record", r.getClass().getSimpleName(), Arrays.toString(Arrays.copyOfRange(r.array(), r.offset(),
                    r.offset() + r.length())));
        }
        return v == null ? null : List.of(v.getClass().getName(), v);
    }

    private static void sameAsStepByStep(PackedRecord value, String path, boolean member) {
        Object stepwise;
        try {
            stepwise = read(new StepByStep(value, member), path);
        } catch (AssertionError | RuntimeException e) {
            // what the step-by-step reader failed on (e.g. [any] at a single value) has a meaning of its own: tested below
            return;
        }
        Object whole = read(PackedGenericRecord.read(value, member), path);
        assertThat(comparable(whole)).as("%s of %s", path, value).isEqualTo(comparable(stepwise));
    }

    @Test
    void everyPathOverVariedOrdersGivesWhatTheStepByStepReaderGives() {
        Navpack navpack = Navpack.of(Order.class);
        for (Order o : Orders.generate(300, 11)) {
            PackedRecord value = navpack.view(navpack.encode(o));
            for (String path : ORDER_PATHS) {
                sameAsStepByStep(value, path, false);
                sameAsStepByStep(value, path, true);
            }
        }
    }

    /**
     * Ack holds one party, Doc (versions 1 and 2, which adds a note) a list of them; Header v1 a date, v2 also a code
     * and amounts: documents of two types and several versions in one map.
     */
    private static SchemaRegistry documents() {
        SchemaRegistry r = new SchemaRegistry();
        r.register(Schema.builder("Party").typeId(71).field("name", FieldType.STRING, true)
                .field("ids", FieldType.list(FieldType.STRING), true).build());
        r.register(Schema.builder("Header").typeId(72).field("date", FieldType.DATE, true).build());
        r.register(Schema.builder("Header").typeId(72).version(2).field("date", FieldType.DATE, true)
                .field("code", FieldType.STRING, true).field("amounts", FieldType.list(FieldType.DECIMAL), true).build());
        r.register(Schema.builder("Ack").typeId(73).field("id", FieldType.LONG)
                .field("party", FieldType.record("Party"), true).field("header", FieldType.record("Header"), true).build());
        r.register(Schema.builder("Doc").typeId(70).field("id", FieldType.LONG)
                .field("party", FieldType.list(FieldType.record("Party")), true)
                .field("header", FieldType.record("Header"), true).build());
        r.register(Schema.builder("Doc").typeId(70).version(2).field("id", FieldType.LONG)
                .field("party", FieldType.list(FieldType.record("Party")), true)
                .field("header", FieldType.record("Header"), true).field("note", FieldType.STRING, true).build());
        return r;
    }

    private static PackedRecord party(SchemaRegistry r, String name, List<String> ids) {
        return PackedRecord.builder(r.schema(71, 1), r).set("name", name).set("ids", ids).build();
    }

    private static List<PackedRecord> mixedVersions(SchemaRegistry r) {
        PackedRecord h1 = PackedRecord.builder(r.schema(72, 1), r).set("date", LocalDate.of(2018, 1, 2)).build();
        PackedRecord h2 = PackedRecord.builder(r.schema(72, 2), r).set("date", LocalDate.of(2019, 3, 4)).set("code", "K")
                .set("amounts", List.of(new BigDecimal("1.5"), new BigDecimal("-2"))).build();
        List<PackedRecord> out = new ArrayList<>();
        out.add(PackedRecord.builder(r.schema(73, 1), r).set("id", 1L).set("party", party(r, "A", List.of("x", "y")))
                .set("header", h2).build());
        out.add(PackedRecord.builder(r.schema(73, 1), r).set("id", 2L).set("party", null).set("header", null).build());
        List<PackedRecord> parties = new ArrayList<>(List.of(party(r, "B", null), party(r, "C", List.of())));
        parties.add(1, null);
        out.add(PackedRecord.builder(r.schema(70, 2), r).set("id", 3L).set("party", parties).set("header", h1)
                .set("note", "n").build());
        out.add(PackedRecord.builder(r.schema(70, 1), r).set("id", 4L).set("party", List.of()).set("header", h2).build());
        out.add(PackedRecord.builder(r.schema(70, 2), r).set("id", 5L).set("party", null).set("header", null).build());
        return out;
    }

    @Test
    void documentsOfTwoTypesAndSchemaVersionsInOneMapEachFindTheirFields() {
        SchemaRegistry r = documents();
        List<String> paths = List.of("party[any].name", "party[0].name", "party[1].name", "party[any].ids[any]",
                "party[0].ids[1]", "header.date", "header.code", "header.amounts[any]", "header.amounts[1]", "note",
                "header", "party[any]");
        for (PackedRecord value : mixedVersions(r)) {
            for (String path : paths) {
                sameAsStepByStep(value, path, false);
                sameAsStepByStep(value, path, true);
            }
        }
        PackedRecord v1 = mixedVersions(r).get(0);
        PackedRecord v2 = mixedVersions(r).get(2);
        // a single record under [any] is a list of one; a list's elements each; nulls mark the result
        assertThat(read(PackedGenericRecord.of(v1), "party[any].name")).isEqualTo("A");
        assertThat(comparable(read(PackedGenericRecord.of(v2), "party[any].name")))
                .isEqualTo(Arrays.asList("null-or-empty", null, List.of(String.class.getName(), "B"),
                        List.of(String.class.getName(), "C")));
        assertThat(read(PackedGenericRecord.of(v2), "header.code")).isNull();
        assertThat(read(PackedGenericRecord.of(v1), "header.code")).isEqualTo("K");
        // under [any] or [0] a single value is a list of one, at the end of a path too
        assertThat(read(PackedGenericRecord.of(v1), "party[any]")).isEqualTo(PackedGenericRecord.of(v1).getGenericRecord("party"));
        assertThat(read(PackedGenericRecord.of(v1), "party[0].ids[any]")).satisfies(m -> assertThat(comparable(m))
                .isEqualTo(List.of("multi", List.of(String.class.getName(), "x"), List.of(String.class.getName(), "y"))));
        assertThat(read(PackedGenericRecord.of(v1), "id[any]")).isEqualTo(1L);
        assertThat(read(PackedGenericRecord.of(v1), "id[0]")).isEqualTo(1L);
        assertThat(read(PackedGenericRecord.of(v1), "id[1]")).isNull();
        // a record's getters take a path too
        assertThat(PackedGenericRecord.of(v1).getString("party.name")).isEqualTo("A");
        assertThat(PackedGenericRecord.of(v1).getDate("header.date")).isEqualTo(LocalDate.of(2019, 3, 4));
    }

    @Test
    void aStepThroughARepeatedElementWithoutAnySelectorIsRefusedNamingTheStepAndBothWays() {
        SchemaRegistry r = documents();
        PackedRecord v1 = mixedVersions(r).get(0);
        PackedRecord v2 = mixedVersions(r).get(2);
        // the same path reads a single party of version 1
        assertThat(read(PackedGenericRecord.of(v1), "party.name")).isEqualTo("A");
        assertThatThrownBy(() -> read(PackedGenericRecord.of(v2), "party.name"))
                .hasMessageContaining("path 'party.name': 'party' is repeated in Doc (a list<record<Party>>)")
                .hasMessageContaining("'party[any].name' for any of them, or 'party[0].name' for the first");
        // a null list is refused too: the rule follows the schema, not the value
        PackedRecord nullParty = mixedVersions(r).get(4);
        assertThatThrownBy(() -> read(PackedGenericRecord.read(nullParty, true), "party.name"))
                .hasMessageContaining("'party' is repeated");
        Navpack navpack = Navpack.of(Order.class);
        PackedRecord order = navpack.view(navpack.encode(Orders.generate(1, 3).get(0)));
        assertThatThrownBy(() -> read(PackedGenericRecord.of(order), "lines.sku"))
                .hasMessageContaining("'lines' is repeated in Order (a list<record<Line>>)")
                .hasMessageContaining("'lines[any].sku'").hasMessageContaining("'lines[0].sku'");
        assertThatThrownBy(() -> read(PackedGenericRecord.of(order), "status.name"))
                .hasMessageContaining("field 'status' of Order is a string, not a record");
    }

    @Test
    void aNestedPathAllocatesOnlyItsValue() {
        SchemaRegistry r = documents();
        PackedGenericRecord v = PackedGenericRecord.read(mixedVersions(r).get(0), true);
        String path = "header.code";
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        Object last = null;
        for (int i = 0; i < 20_000; i++) {
            last = read(v, path); // warm up: compile, cache the path and its steps
        }
        long before = threads.getThreadAllocatedBytes(id);
        for (int i = 0; i < 1_000; i++) {
            last = v.getString(path) == null ? null : v.getString(path);
        }
        long per = (threads.getThreadAllocatedBytes(id) - before) / 1_000;
        assertThat(Objects.requireNonNull(last)).isEqualTo("K");
        // the string itself (24 + 16 + 1 bytes, aligned) twice per iteration; no view, no step strings
        assertThat(per).isLessThanOrEqualTo(2 * 48L);
    }
}
