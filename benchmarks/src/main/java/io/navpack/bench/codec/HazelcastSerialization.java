package io.navpack.bench.codec;

import com.acme.trading.Trade;
import com.acme.trading.peers.CompactTrade;
import com.acme.trading.peers.CompactTradeSerializer;
import com.hazelcast.config.CompactSerializationConfig;
import com.hazelcast.config.SerializationConfig;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.internal.serialization.impl.DefaultSerializationServiceBuilder;
import com.hazelcast.internal.serialization.impl.compact.Schema;
import com.hazelcast.internal.serialization.impl.compact.SchemaService;
import io.navpack.bench.codec.compact.SchedulePeriodCompactSerializer;
import io.navpack.bench.codec.compact.SwapCompactSerializer;
import io.navpack.bench.codec.compact.SwapLegCompactSerializer;
import io.navpack.bench.codec.compact.Wide50CompactSerializer;
import io.navpack.bench.codec.ids.IdsFactory;
import io.navpack.bench.model.SchedulePeriod;
import io.navpack.bench.model.Swap;
import io.navpack.bench.model.SwapLeg;
import io.navpack.bench.model.Wide50;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Hazelcast serialization services as a member builds them ({@link DefaultSerializationServiceBuilder}),
 * without a cluster: Compact schemas are kept in a local map instead of being replicated.
 */
public final class HazelcastSerialization {
    private HazelcastSerialization() {
    }

    /** With the hand-written {@code IdentifiedDataSerializable} factory. */
    public static InternalSerializationService ids() {
        SerializationConfig config = new SerializationConfig();
        config.addDataSerializableFactory(IdsFactory.FACTORY_ID, new IdsFactory());
        return build(config);
    }

    /** Compact with the explicit {@code CompactSerializer}s; the trade as {@link CompactTrade}. */
    public static InternalSerializationService compact() {
        SerializationConfig config = new SerializationConfig();
        config.getCompactSerializationConfig()
                .addSerializer(new CompactTradeSerializer())
                .addSerializer(new Wide50CompactSerializer())
                .addSerializer(new SwapCompactSerializer())
                .addSerializer(new SwapLegCompactSerializer())
                .addSerializer(new SchedulePeriodCompactSerializer());
        return build(config);
    }

    /**
     * Compact with Hazelcast's reflective (zero-config) serializer. The model classes are also
     * {@code Serializable}, which Hazelcast would otherwise prefer, so they are named with
     * {@link CompactSerializationConfig#addClass}; no serializer is written.
     */
    public static InternalSerializationService compactReflective() {
        SerializationConfig config = new SerializationConfig();
        config.getCompactSerializationConfig()
                .addClass(Trade.class)
                .addClass(Wide50.class)
                .addClass(Swap.class)
                .addClass(SwapLeg.class)
                .addClass(SchedulePeriod.class);
        return build(config);
    }

    /** Compact without any class: generic records only. */
    public static InternalSerializationService generic() {
        return build(new SerializationConfig());
    }

    private static InternalSerializationService build(SerializationConfig config) {
        return new DefaultSerializationServiceBuilder()
                .setConfig(config)
                .setSchemaService(new LocalSchemaService())
                .build();
    }

    /** Compact schemas of one JVM. */
    static final class LocalSchemaService implements SchemaService {
        private final Map<Long, Schema> schemas = new ConcurrentHashMap<>();

        @Override
        public Schema get(long schemaId) {
            return schemas.get(schemaId);
        }

        @Override
        public void put(Schema schema) {
            schemas.putIfAbsent(schema.getSchemaId(), schema);
        }

        @Override
        public void putLocal(Schema schema) {
            put(schema);
        }
    }
}
