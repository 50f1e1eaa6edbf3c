package io.navpack.hazelcast;

import io.navpack.format.FieldType;
import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an OBJECT map holds per navpack value on a member: a generic record whose only state is its core
 * view (where it came from is told by its class), so that it costs one reference besides that view.
 */
class PackedGenericRecordLayoutTest {
    private static List<Field> instanceFields(Class<?> type) {
        List<Field> fields = new ArrayList<>();
        for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    fields.add(f);
                }
            }
        }
        return fields;
    }

    private static PackedRecord view() {
        SchemaRegistry registry = new SchemaRegistry();
        Schema s = registry.register(Schema.builder("Inner").typeId(53).field("s", FieldType.STRING, true).build());
        return PackedRecord.builder(s, registry).set("s", "a").build();
    }

    @Test
    void aValueReadOnAMemberOrAClientHoldsOnlyItsView() {
        PackedRecord view = view();
        PackedGenericRecord onMember = PackedGenericRecord.read(view, true);
        PackedGenericRecord onClient = PackedGenericRecord.read(view, false);
        PackedGenericRecord made = PackedGenericRecord.of(view);
        for (PackedGenericRecord r : List.of(onMember, onClient, made)) {
            assertThat(instanceFields(r.getClass())).singleElement()
                    .satisfies(f -> assertThat(f.getType()).isEqualTo(PackedRecord.class));
            assertThat(r.record()).isSameAs(view);
            assertThat(r.getString("s")).isEqualTo("a");
        }
        assertThat(onMember.member()).isTrue();
        assertThat(onMember.stored()).isTrue();
        assertThat(onClient.member()).isFalse();
        assertThat(onClient.stored()).isTrue();
        assertThat(made.member()).isFalse();
        assertThat(made.stored()).isFalse();
    }
}
