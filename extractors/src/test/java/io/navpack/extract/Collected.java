package io.navpack.extract;

import com.hazelcast.query.extractor.ValueCollector;

import java.util.ArrayList;
import java.util.List;

/** A ValueCollector that keeps what it is offered. */
final class Collected implements ValueCollector<Object> {
    final List<Object> values = new ArrayList<>();

    @Override
    public void addObject(Object value) {
        values.add(value);
    }

    static Object one(NavpackExtractor e, Object target, String argument) {
        Collected c = new Collected();
        e.extract(target, argument, c);
        if (c.values.size() != 1) {
            throw new AssertionError(argument + " gave " + c.values);
        }
        return c.values.get(0);
    }
}
