package io.navpack.documents.hazelcast.member;

import com.hazelcast.jet.pipeline.test.GeneratorFunction;

import java.nio.charset.StandardCharsets;

/**
 * On a member: the items of a test stream source, as strings: events 0 to 100 as JSON documents, number 50 broken, then
 * the same again from the start.
 */
public final class Ticks implements GeneratorFunction<String> {
    private static final long serialVersionUID = 1L;

    /** Event {@code i} as a JSON document, with {@code extra} fields. */
    public static byte[] event(int i, String extra) {
        return ("{\"id\":\"E" + i + "\",\"kind\":\"" + (i % 3 == 0 ? "buy" : "sell") + "\",\"amount\":" + (i * 7 % 1000) + ".25"
                + ",\"book\":{\"desk\":\"D" + (i % 5) + "\",\"trader\":\"T" + (i % 11) + "\"}" + extra + "}")
                .getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public String generate(long timestamp, long sequence) {
        int i = (int) (sequence % 101);
        return i == 50 ? "{\"id\": broken" : new String(event(i, ""), StandardCharsets.UTF_8);
    }
}
