package io.navpack.bench.walk;

import io.navpack.agent.StopRule;
import org.openjdk.jol.info.GraphStatsWalker;
import org.openjdk.jol.info.GraphWalker;

import java.lang.reflect.Field;

/**
 * JOL's graph walkers with a stop rule: an object whose class the rule stops is counted (JOL counts
 * every object it reaches) but not followed. Without this, a walk from a Hazelcast index escapes
 * through each index entry's serialization service into the whole JVM; the navpack sizer stops there
 * too, and does not count the stopped object.
 */
public final class StoppingJolWalkers {
    private static final Field[] NONE = new Field[0];

    private StoppingJolWalkers() {
    }

    /** What {@code GraphLayout.parseInstance} runs, with the rule. */
    public static GraphWalker layout(StopRule rule) {
        ClassValue<Boolean> stops = stops(rule);
        return new GraphWalker() {
            @Override
            protected Field[] getAllReferenceFields(Class<?> type) {
                return stops.get(type) ? NONE : super.getAllReferenceFields(type);
            }
        };
    }

    /** What {@code GraphStats.parseInstance} runs (counts and sizes only), with the rule. */
    public static GraphStatsWalker stats(StopRule rule) {
        ClassValue<Boolean> stops = stops(rule);
        return new GraphStatsWalker() {
            @Override
            protected Field[] getAllReferenceFields(Class<?> type) {
                return stops.get(type) ? NONE : super.getAllReferenceFields(type);
            }
        };
    }

    private static ClassValue<Boolean> stops(StopRule rule) {
        return new ClassValue<>() {
            @Override
            protected Boolean computeValue(Class<?> type) {
                return rule.stopsClass(type);
            }
        };
    }
}
