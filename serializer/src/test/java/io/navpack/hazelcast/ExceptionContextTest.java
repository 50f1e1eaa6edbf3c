package io.navpack.hazelcast;

import com.acme.trading.Trade;
import com.hazelcast.config.Config;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.internal.serialization.impl.HeapData;
import com.hazelcast.map.IMap;
import com.hazelcast.nio.serialization.HazelcastSerializationException;
import io.navpack.format.FieldType;
import io.navpack.format.NavpackException;
import io.navpack.format.NavpackFormatException;
import io.navpack.format.spi.PackedInts;
import io.navpack.format.PackedWriter;
import io.navpack.format.Schema;
import io.navpack.format.SchemaException;
import io.navpack.format.SchemaRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Every error of a read inside a member operation names the map and the key, whatever navpack
 * exception it is: corrupt bytes (a format error) and valid bytes of a version whose field changed its
 * type (a schema error) alike.
 */
class ExceptionContextTest {
    private HazelcastInstance hz;

    @AfterEach
    void stop() {
        hz.shutdown();
    }

    private static HeapData asData(byte[] record) {
        byte[] data = new byte[8 + PackedInts.sizeOfInt(record.length) + record.length];
        data[6] = 0x4E;
        data[7] = 0x50;
        int p = PackedInts.writeInt(data, 8, record.length);
        System.arraycopy(record, 0, data, p, record.length);
        return new HeapData(data);
    }

    @Test
    void formatAndSchemaErrorsAlikeNameMapAndKey() {
        int port = Loopback.freePort();
        Config c = Loopback.member(NavpackConfig.of(Trade.class).readMode(ReadMode.OBJECT).applyTo(new Config()),
                Loopback.clusterName(), port, port);
        // the member holds values as objects: a put deserialises them inside the put operation
        c.addMapConfig(new MapConfig("trades").setInMemoryFormat(InMemoryFormat.OBJECT));
        hz = Hazelcast.newHazelcastInstance(c);
        SchemaRegistry registry = NavpackContext.of(hz).registry();
        Schema v1 = registry.binding(Trade.class).schema();
        // version 2 of Trade: currency1 became a long. The catalog refuses such a version; it still reaches a member
        // when two sides of a split cluster agreed different versions and merged (the member accepts the catalog's)
        Schema.Builder b = Schema.builder(v1.typeName()).typeId(v1.typeId()).version(2);
        v1.fields().forEach(f -> b.field(f.name(), f.name().equals("currency1") ? FieldType.LONG : f.type(), f.nullable()));
        Schema v2 = registry.accept(b.build());
        PackedWriter w = new PackedWriter(registry, 64);
        w.writeRecord(v2, new Object[] {7L, null, null, 42L, null, null, null, null, null});
        IMap<Object, Object> map = hz.getMap("trades");

        Throwable schema = catchThrowable(() -> map.put(7L, asData(w.toByteArray())));
        assertThat(schema).isInstanceOf(HazelcastSerializationException.class)
                .hasMessageContaining("navpack cannot read a Trade in map 'trades', key 7")
                .hasMessageContaining("currency1").hasCauseInstanceOf(SchemaException.class);

        w.reset();
        w.writeRecord(v1, new Object[] {8L, null, null, "EUR", null, null, null, null, null});
        // one byte more than the record's fields hold
        byte[] bad = java.util.Arrays.copyOf(w.toByteArray(), w.size() + 1);
        Throwable format = catchThrowable(() -> map.put(8L, asData(bad)));
        assertThat(format).isInstanceOf(HazelcastSerializationException.class)
                .hasMessageContaining("in map 'trades', key 8").hasCauseInstanceOf(NavpackFormatException.class);
        assertThat(schema.getCause()).isInstanceOf(NavpackException.class);
        assertThat(format.getCause()).isInstanceOf(NavpackException.class);
    }
}
