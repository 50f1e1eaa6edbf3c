package io.navpack.documents.hazelcast.member;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Measurement;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.navpack.documents.hazelcast.StreamMetrics;

import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;

/** On a member: the stream meters of one map, bound to one registry as a user binds them, name{tags} to value. */
public final class StreamMeters implements Callable<Map<String, Double>>, Serializable {
    private static final long serialVersionUID = 1L;

    /** One registry per member, bound once, as an application binds it (a binding's listeners live as long as the JVM). */
    private static final SimpleMeterRegistry REGISTRY = bound();

    private final String map;

    private static SimpleMeterRegistry bound() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        new StreamMetrics().bindTo(registry);
        return registry;
    }

    public StreamMeters(String map) {
        this.map = map;
    }

    @Override
    public Map<String, Double> call() {
        SimpleMeterRegistry registry = REGISTRY;
        Map<String, Double> out = new TreeMap<>();
        for (Meter m : registry.getMeters()) {
            if (!map.equals(m.getId().getTag("map"))) {
                continue;
            }
            String name = m.getId().getName() + (m.getId().getTag("partition") == null ? ""
                    : "{" + m.getId().getTag("topic") + ":" + m.getId().getTag("partition") + "}");
            for (Measurement x : m.measure()) {
                out.put(name, x.getValue());
            }
        }
        return out;
    }
}
