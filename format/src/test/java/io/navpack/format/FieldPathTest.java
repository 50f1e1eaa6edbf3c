package io.navpack.format;

import io.navpack.format.FieldPath.Step;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FieldPathTest {

    @NavpackType(id = 7101, name = "PathAnyField")
    public record AnyField(String any) {
    }

    @NavpackType(id = 7102, name = "PathOuter")
    public record Outer(AnyField inner, List<AnyField> items, List<List<Integer>> grid) {
    }

    @Test
    void stepsAreTyped() {
        FieldPath p = FieldPath.parse("legs[1].periods[any].rate");
        List<Step> steps = new ArrayList<>();
        for (int s = 0; s < p.size(); s++) {
            steps.add(p.step(s));
        }
        assertThat(steps).containsExactly(new Step(Step.Type.FIELD, "legs", -1), new Step(Step.Type.ELEMENT, null, 1),
                new Step(Step.Type.FIELD, "periods", -1), new Step(Step.Type.ANY, null, -1),
                new Step(Step.Type.FIELD, "rate", -1));
        assertThat(steps.stream().map(Step::toString)).containsExactly("legs", "[1]", "periods", "[any]", "rate");
        assertThat(p.hasAny()).isTrue();

        FieldPath dotted = FieldPath.parse("legs.1.any.rate");
        assertThat(dotted.step(1)).isEqualTo(new Step(Step.Type.ELEMENT, null, 1));
        assertThat(dotted.step(2)).isEqualTo(new Step(Step.Type.FIELD_OR_ANY, "any", -1));
        assertThat(dotted.hasAny()).isTrue();
        assertThat(FieldPath.parse("any.rate").step(0)).isEqualTo(new Step(Step.Type.FIELD, "any", -1));
        assertThat(FieldPath.parse("a.b").hasAny()).isFalse();
    }

    @Test
    void whatAStepReadsDependsOnWhatItFollows() {
        Step fieldOrAny = FieldPath.parse("a.any").step(1);
        assertThat(fieldOrAny.readsField(false)).isTrue();
        assertThat(fieldOrAny.readsField(true)).isFalse();
        assertThat(fieldOrAny.everyElement()).isTrue();
        Step field = FieldPath.parse("a").step(0);
        assertThat(field.readsField(true)).isTrue();
        Step element = FieldPath.parse("a[3]").step(1);
        assertThat(element.readsField(false)).isFalse();
        assertThat(element.everyElement()).isFalse();
        assertThat(FieldPath.parse("a[any]").step(1).everyElement()).isTrue();
    }

    @Test
    void dottedAnyIsAFieldAfterARecordAndEveryElementAfterAList() {
        Navpack navpack = Navpack.of(Outer.class, AnyField.class);
        PackedRecord r = navpack.view(navpack.encode(new Outer(new AnyField("x"),
                List.of(new AnyField("a"), new AnyField("b")), List.of(List.of(1, 2), List.of(3)))));
        assertThat(r.get("inner.any")).isEqualTo(List.of("x"));
        assertThat(r.get("items.any.any")).isEqualTo(List.of("a", "b"));
        assertThat(r.get("items.1.any")).isEqualTo(List.of("b"));
        assertThat(r.get("items[1].any")).isEqualTo(List.of("b"));
        assertThat(r.get("items[0]")).isInstanceOf(PackedRecord.class);
        assertThat(r.get("items[5]")).isNull();
        assertThat(r.get("grid[any][any]")).isEqualTo(List.of(1, 2, 3));
        assertThat(r.get("grid[1][0]")).isEqualTo(3);
        assertThatThrownBy(() -> r.get("inner[0]")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("path 'inner[0]': [0] applies to a list, set or array, not to a record<PathAnyField>");
        assertThatThrownBy(() -> r.get("items.name")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("step 'name' follows a ");
    }
}
