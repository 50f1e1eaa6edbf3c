package io.navpack.hazelcast;

import com.hazelcast.client.impl.clientside.HazelcastClientInstanceImpl;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.instance.impl.HazelcastInstanceImpl;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.internal.serialization.impl.AbstractSerializationService;

import java.lang.reflect.Field;

/**
 * The one place where navpack changes a Hazelcast internal setting (identical in Hazelcast 5.5, 5.6
 * and 5.7): whether registered serializers may override Hazelcast's default serializers.
 *
 * <p>Hazelcast sends every generic record ({@code CompactGenericRecord} and its subclasses) to its
 * Compact serializer before it looks at registered serializers, unless the serialization setting
 * {@code allow-override-default-serializers} is true. navpack's values are generic records (that is what
 * lets queries use plain field names), so without that setting Hazelcast would write them as Compact
 * values wherever it serialises an object it holds (OBJECT in-memory format, entry processors, query
 * results). {@link NavpackConfig} sets it; for members and clients configured otherwise (XML, YAML, only
 * the jar on the class path) navpack sets it on the instance's serialization service when it starts.
 */
final class HazelcastInternals {
    private static final Field ALLOW_OVERRIDE = field();

    private HazelcastInternals() {
    }

    private static Field field() {
        try {
            Field f = AbstractSerializationService.class.getDeclaredField("allowOverrideDefaultSerializers");
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }

    /** True when this Hazelcast version lets navpack allow the override (the field exists and can be set). */
    static boolean available() {
        return ALLOW_OVERRIDE != null;
    }

    /**
     * Lets registered serializers override defaults on {@code hz}'s serialization service; returns
     * whether they may now (false when the internals are not what navpack expects).
     */
    static boolean allowOverrideDefaultSerializers(HazelcastInstance hz) {
        InternalSerializationService ss = serializationService(hz);
        if (ALLOW_OVERRIDE == null || !(ss instanceof AbstractSerializationService)) {
            return false;
        }
        try {
            if (!ALLOW_OVERRIDE.getBoolean(ss)) {
                ALLOW_OVERRIDE.setBoolean(ss, true);
            }
            return ALLOW_OVERRIDE.getBoolean(ss);
        } catch (IllegalAccessException | RuntimeException e) {
            return false;
        }
    }

    private static InternalSerializationService serializationService(HazelcastInstance hz) {
        if (hz instanceof HazelcastInstanceImpl) {
            return ((HazelcastInstanceImpl) hz).getSerializationService();
        }
        if (hz instanceof HazelcastClientInstanceImpl) {
            return ((HazelcastClientInstanceImpl) hz).getSerializationService();
        }
        return null;
    }
}
