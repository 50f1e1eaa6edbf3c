package io.navpack.hazelcast;

import com.hazelcast.config.SerializationConfig;
import com.hazelcast.config.SerializerConfig;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.internal.serialization.impl.DefaultSerializationServiceBuilder;
import com.hazelcast.internal.serialization.impl.HeapData;
import com.hazelcast.internal.serialization.impl.ObjectDataInputStream;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.serialization.HazelcastSerializationException;
import io.navpack.format.FieldType;
import io.navpack.format.spi.Hex;
import io.navpack.format.NavpackFormatException;
import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The serializer's two ways of reading: over the array of Hazelcast's {@code Data} (a view, no copy)
 * and copying from any other input (a stream, or {@code -Dnavpack.copy-on-read=true}). A length prefix
 * larger than what follows is refused on both, and neither allocates more than the input holds.
 */
class SerializerInputTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    /** Inner("a", 1, null): type id 53 (0x35). */
    private static final String INNER = "35010404016101";

    private static SchemaRegistry registry() {
        SchemaRegistry registry = new SchemaRegistry();
        registry.register(Schema.builder("Inner").typeId(53).field("s", FieldType.STRING, true)
                .field("n", FieldType.INT, false).field("x", FieldType.STRING, true).build());
        return registry;
    }

    private static InternalSerializationService service(SchemaRegistry registry) {
        SerializationConfig config = new SerializationConfig().setAllowOverrideDefaultSerializers(true);
        NavpackSerializer serializer = new NavpackSerializer(registry, ReadMode.RECORD);
        config.addSerializerConfig(new SerializerConfig().setTypeClass(PackedRecord.class).setImplementation(serializer));
        config.addSerializerConfig(new SerializerConfig().setTypeClass(PackedGenericRecord.class).setImplementation(serializer));
        config.addSerializerConfig(new SerializerConfig().setTypeClass(io.navpack.format.GeneratedView.class)
                .setImplementation(serializer));
        // the serializer hooks on the class path (navpack's own for these classes, TradeHook) would otherwise bring
        // serializers of their own for the same type id
        config.addSerializerConfig(new SerializerConfig().setTypeClass(com.acme.trading.Trade.class).setImplementation(serializer));
        return new DefaultSerializationServiceBuilder().setConfig(config).build();
    }

    @Test
    void aStreamAnnouncingMoreThanItHoldsIsRefusedWithoutAllocatingIt() throws IOException {
        InternalSerializationService ss = service(registry());
        // type id "NP", then a length of Integer.MAX_VALUE before a 7-byte record
        byte[] stream = Hex.parse("00004e50" + "bfffffff0f" + INNER);
        ObjectDataInputStream warm = new ObjectDataInputStream(new ByteArrayInputStream(stream), ss);
        catchThrowable(warm::readObject);
        long before = THREADS.getCurrentThreadAllocatedBytes();
        ObjectDataInputStream in = new ObjectDataInputStream(new ByteArrayInputStream(stream), ss);
        Throwable e = catchThrowable(in::readObject);
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
        assertThat(e).isInstanceOf(HazelcastSerializationException.class).hasStackTraceContaining("value of 2147483647 bytes")
                .hasRootCauseInstanceOf(java.io.EOFException.class);
        assertThat(allocated).as("bytes allocated for a 16-byte stream").isLessThan(64 * 1024);
        // the same record with its true length is read
        ObjectDataInputStream ok = new ObjectDataInputStream(new ByteArrayInputStream(Hex.parse("00004e50" + "07" + INNER)), ss);
        assertThat(((PackedRecord) ok.readObject()).getString("s")).isEqualTo("a");
    }

    @Test
    void aDataAnnouncingMoreThanItHoldsIsRefusedOnBothPaths() {
        SchemaRegistry registry = registry();
        InternalSerializationService ss = service(registry);
        // 8-byte header, a length of 256 MB, then the 7-byte record
        byte[] data = Hex.parse("0000000000004e50" + "8080808002" + INNER);
        assertThatThrownBy(() -> ss.toObject(new HeapData(data))).isInstanceOf(HazelcastSerializationException.class)
                .hasMessageContaining("value of 268435456 bytes but only 7 left");
        // the copying path (a stream, or -Dnavpack.copy-on-read=true) checks Hazelcast's array input the same way
        ObjectDataInput in = ss.createObjectDataInput(new HeapData(data));
        long before = THREADS.getCurrentThreadAllocatedBytes();
        Throwable e = catchThrowable(() -> {
            in.readByte(); // the five bytes of the length prefix
            in.readInt();
            NavpackSerializer.copy(in, 268_435_456);
        });
        assertThat(THREADS.getCurrentThreadAllocatedBytes() - before).isLessThan(64 * 1024);
        assertThat(e).isInstanceOf(NavpackFormatException.class).hasMessageContaining("value of 268435456 bytes but only");
        // and copies exactly the bytes of a value that fits
        ObjectDataInput fits = ss.createObjectDataInput(new HeapData(Hex.parse("0000000000004e50" + "07" + INNER)));
        Throwable none = catchThrowable(() -> {
            fits.readByte();
            assertThat(NavpackSerializer.copy(fits, 7)).isEqualTo(Hex.parse(INNER));
        });
        assertThat(none).isNull();
    }

    @Test
    void aLongStreamIsCopiedInGrowingPieces() throws IOException {
        SchemaRegistry registry = new SchemaRegistry();
        Schema s = registry.register(Schema.builder("Blob").typeId(7).field("b", FieldType.BYTES).build());
        byte[] blob = new byte[100_000];
        Arrays.fill(blob, (byte) 7);
        io.navpack.format.PackedWriter w = new io.navpack.format.PackedWriter(registry, 64);
        w.writeRecord(s, new Object[] {blob});
        byte[] record = w.toByteArray();
        InternalSerializationService ss = service(registry);
        byte[] data = ss.toData(PackedRecord.of(record, registry)).toByteArray();
        ObjectDataInputStream in = new ObjectDataInputStream(new ByteArrayInputStream(Arrays.copyOfRange(data, 4, data.length)), ss);
        assertThat(((PackedRecord) in.readObject()).getBytes("b")).isEqualTo(blob);
    }
}
