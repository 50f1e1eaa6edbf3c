package io.navpack.documents.hazelcast.member;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Measurement;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.navpack.documents.hazelcast.StreamMetrics;

import java.io.Serializable;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;

/** On a member: the stream meters of one map, bound to a registry as a user binds them, name{tags} to value. */
public final class StreamMeters implements Callable<Map<String, Double>>, Serializable {
    private static final long serialVersionUID = 1L;

    private final String map;

    public StreamMeters(String map) {
        this.map = map;
    }

    @Override
    public Map<String, Double> call() {
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        new StreamMetrics().bindTo(registry);
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
        registry.close();
        return out;
    }
}
