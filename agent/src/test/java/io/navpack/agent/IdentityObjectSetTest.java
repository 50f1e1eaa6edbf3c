package io.navpack.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class IdentityObjectSetTest {

    @Test
    void keepsObjectsByIdentityAcrossGrowth() {
        IdentityObjectSet set = new IdentityObjectSet(4);
        List<String> inside = new ArrayList<>();
        for (int i = 0; i < 100_000; i++) {
            String s = new String("v" + (i % 10));
            inside.add(s);
            assertThat(set.add(s)).isTrue();
        }
        assertThat(set.size()).isEqualTo(100_000);
        for (String s : inside) {
            assertThat(set.contains(s)).isTrue();
            assertThat(set.add(s)).isFalse();
        }
        assertThat(set.contains(new String("v1"))).isFalse();
        assertThat(set.contains(null)).isFalse();
        long[] seen = {0};
        set.forEach(o -> seen[0]++);
        assertThat(seen[0]).isEqualTo(100_000);
    }

    @Test
    void masksSurviveGrowth() {
        for (int bits : new int[] {8, 16, 32, 64}) {
            IdentityObjectSet set = new IdentityObjectSet(2, bits);
            List<Object> objects = new ArrayList<>();
            for (int i = 0; i < 5000; i++) {
                Object o = new Object();
                objects.add(o);
                set.setMask(set.insert(o), 1L << (i % bits));
            }
            for (int i = 0; i < objects.size(); i++) {
                assertThat(set.mask(set.slotOf(objects.get(i)))).isEqualTo(1L << (i % bits));
            }
        }
    }

    @Test
    void footprintIsAFewBytesPerObject() {
        IdentityObjectSet set = new IdentityObjectSet(16);
        for (int i = 0; i < 1_000_000; i++) {
            set.add(new Object());
        }
        assertThat(set.footprintBytes() / set.size()).isLessThanOrEqualTo(8);
    }
}
