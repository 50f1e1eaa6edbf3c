package io.navpack.hazelcast.member;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import com.hazelcast.map.EntryProcessor;
import io.navpack.format.Field;
import io.navpack.format.Kind;
import io.navpack.format.PackedRecord;
import io.navpack.format.SchemaRegistry;
import io.navpack.hazelcast.NavpackContext;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Runs on the member that owns a key and creates a value of a type the cluster knows, without its class:
 * a new record of the newest version of {@code type} from field values in their plain form, nested
 * records (given as maps of their fields) built the same way.
 */
public final class CreateValue implements EntryProcessor<Object, Object, String>, HazelcastInstanceAware {
    private static final long serialVersionUID = 1L;

    private final String type;
    private final LinkedHashMap<String, Object> fields;
    private transient HazelcastInstance hz;

    public CreateValue(String type, Map<String, Object> fields) {
        this.type = type;
        this.fields = new LinkedHashMap<>(fields);
    }

    @Override
    public void setHazelcastInstance(HazelcastInstance hz) {
        this.hz = hz;
    }

    @Override
    public String process(Map.Entry<Object, Object> entry) {
        PackedRecord created = build(NavpackContext.of(hz).registry(), type, fields);
        entry.setValue(created);
        return created.schema().typeName() + " v" + created.schema().version();
    }

    private static PackedRecord build(SchemaRegistry registry, String type, Map<?, ?> values) {
        PackedRecord.Builder b = registry.builder(type);
        for (Map.Entry<?, ?> e : values.entrySet()) {
            String name = (String) e.getKey();
            Field f = b.schema().field(name);
            Object v = e.getValue();
            if (f != null && f.type().kind() == Kind.RECORD && v instanceof Map) {
                v = build(registry, f.type().name(), (Map<?, ?>) v);
            }
            b.set(name, v);
        }
        return b.build();
    }
}
