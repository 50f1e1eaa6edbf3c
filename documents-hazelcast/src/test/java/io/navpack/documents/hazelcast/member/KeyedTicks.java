package io.navpack.documents.hazelcast.member;

import com.hazelcast.jet.pipeline.test.GeneratorFunction;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * On a member: the items of a test stream source as entries of a key and the document's bytes: event {@code i} under
 * key {@code K<i>}, 0 to 100, number 50 broken, then the same again from the start.
 */
public final class KeyedTicks implements GeneratorFunction<Map.Entry<String, byte[]>> {
    private static final long serialVersionUID = 1L;

    @Override
    public Map.Entry<String, byte[]> generate(long timestamp, long sequence) {
        int i = (int) (sequence % 101);
        return Map.entry("K" + i, i == 50 ? "{\"id\": broken".getBytes(StandardCharsets.UTF_8) : Ticks.event(i, ""));
    }
}
