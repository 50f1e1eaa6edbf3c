package io.navpack.format;

import io.navpack.format.spi.PlainContainers;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashSet;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Lists, sets and arrays of decoded values, as paths step into them. */
class PlainContainersTest {
    @Test
    void elementsOfEveryContainerForm() {
        String[] strings = {"a", "b"};
        assertThat(PlainContainers.elements(strings)).isSameAs(strings);
        assertThat(PlainContainers.elements(List.of(1, 2))).containsExactly(1, 2);
        assertThat(PlainContainers.elements(new LinkedHashSet<>(List.of("x", "y")))).containsExactly("x", "y");
        assertThat(PlainContainers.elements(new long[] {7, 8})).containsExactly(7L, 8L);
        assertThat(PlainContainers.elements("not a container")).isNull();
        assertThat(PlainContainers.elements(null)).isNull();
    }

    @Test
    void oneElementOrNullPastTheEnd() {
        assertThat(PlainContainers.element(List.of(1, 2), 1)).isEqualTo(2);
        assertThat(PlainContainers.element(List.of(1, 2), 2)).isNull();
        assertThat(PlainContainers.element(List.of(1, 2), -1)).isNull();
        assertThat(PlainContainers.element(new LinkedHashSet<>(List.of("x", "y")), 1)).isEqualTo("y");
        assertThat(PlainContainers.element(new LinkedHashSet<>(List.of("x", "y")), 5)).isNull();
        assertThat(PlainContainers.element(new int[] {3, 4}, 0)).isEqualTo(3);
        assertThat(PlainContainers.element(new int[] {3, 4}, 2)).isNull();
        assertThat(PlainContainers.isContainer(new int[0])).isTrue();
        assertThat(PlainContainers.isContainer(List.of())).isTrue();
        assertThat(PlainContainers.isContainer("s")).isFalse();
        assertThat(PlainContainers.isContainer(null)).isFalse();
        assertThatThrownBy(() -> PlainContainers.element("s", 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a list, set or array");
    }
}
