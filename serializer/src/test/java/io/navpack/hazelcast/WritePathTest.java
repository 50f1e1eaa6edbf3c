package io.navpack.hazelcast;

import com.acme.trading.SeedTrades;
import com.acme.trading.Side;
import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.hazelcast.config.Config;
import com.hazelcast.config.SerializationConfig;
import com.hazelcast.config.SerializerConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.internal.nio.BufferObjectDataOutput;
import com.hazelcast.internal.serialization.Data;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.internal.serialization.impl.DefaultSerializationServiceBuilder;
import com.hazelcast.internal.serialization.impl.HeapData;
import com.hazelcast.internal.serialization.impl.ObjectDataOutputStream;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.spi.impl.SerializationServiceSupport;
import io.navpack.format.GeneratedView;
import io.navpack.format.Navpack;
import io.navpack.format.PackedRecord;
import io.navpack.format.SchemaRegistry;
import io.navpack.format.spi.PackedInts;
import io.navpack.hazelcast.internal.SerializationInternals;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * How the serializer writes a value: its length and record encoded straight into Hazelcast's output (one copy of
 * the bytes, into the array that {@code toData} takes them from), giving the bytes it always stored; and the
 * writer kept per thread back at its small buffer after a large value. Allocation is measured exactly with the
 * thread's allocated-bytes counter, against Hazelcast writing a {@code byte[]} of the same size — one copy of a
 * caller's array into the same output.
 */
class WritePathTest {
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private static HazelcastInstance member;

    @BeforeAll
    static void start() {
        String cluster = Loopback.clusterName();
        int port = Loopback.freePort();
        member = Hazelcast.newHazelcastInstance(Loopback.member(NavpackConfig.of(Trade.class).applyTo(new Config()),
                cluster, port, port));
    }

    @AfterAll
    static void stop() {
        if (member != null) {
            member.shutdown();
        }
    }

    private static InternalSerializationService memberService() {
        return (InternalSerializationService) ((SerializationServiceSupport) member).getSerializationService();
    }

    /** A serialization service with navpack's serializer outside any instance, over its own registry. */
    private static InternalSerializationService standaloneService() {
        SchemaRegistry registry = new SchemaRegistry();
        registry.register(Trade.class);
        SerializationConfig config = new SerializationConfig().setAllowOverrideDefaultSerializers(true);
        NavpackSerializer serializer = new NavpackSerializer(registry, ReadMode.OBJECT);
        // the serializer hooks on the class path (navpack's own, TradeHook) would otherwise bring serializers of
        // their own for the same type id
        for (Class<?> c : List.of(Trade.class, PackedRecord.class, PackedGenericRecord.class, GeneratedView.class)) {
            config.addSerializerConfig(new SerializerConfig().setTypeClass(c).setImplementation(serializer));
        }
        return new DefaultSerializationServiceBuilder().setConfig(config).build();
    }

    /** A trade whose first currency is {@code chars} characters long. */
    private static Trade trade(long id, int chars) {
        return new Trade(id, LocalDate.of(2014, 7, 21), Side.SELL, "C".repeat(chars), new BigDecimal("2500000.00"),
                new BigDecimal("1.0821"), "EUR", new BigDecimal("2705250.00"), LocalDate.of(2014, 7, 23));
    }

    /** What navpack stores after the {@code Data} header: the record's length as a packed int, then the record. */
    private static byte[] stored(Trade t) {
        byte[] record = Navpack.of(Trade.class).encode(t);
        byte[] out = new byte[PackedInts.sizeOfInt(record.length) + record.length];
        System.arraycopy(record, 0, out, PackedInts.writeInt(out, 0, record.length), record.length);
        return out;
    }

    private static List<Trade> trades() {
        List<Trade> all = new ArrayList<>(SeedTrades.load());
        all.addAll(TradeGenerator.range(1, 200));
        for (int chars : new int[] {30, 40, 8_150, 8_200, 1, 20_000, 3}) {
            all.add(trade(all.size(), chars));
        }
        return all;
    }

    @Test
    void theStoredBytesAreTheLengthThenTheRecordOnEveryPath() throws IOException {
        for (InternalSerializationService ss : List.of(memberService(), standaloneService())) {
            for (Trade t : trades()) {
                byte[] data = ss.toData(t).toByteArray();
                assertThat(SerializationInternals.dataTypeId(data)).isEqualTo(NavpackSerializer.TYPE_ID);
                assertThat(Arrays.copyOfRange(data, SerializationInternals.DATA_HEADER, data.length))
                        .as("trade %d", t.id()).isEqualTo(stored(t));
                Object back = ss.toObject(ss.toData(t));
                assertThat(back instanceof PackedRecord r ? r.toObject(Trade.class) : back).isEqualTo(t);
                // written through a stream, without an array to write into: the same bytes after the type id
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                ObjectDataOutput stream = new ObjectDataOutputStream(bytes, ss);
                stream.writeObject(t);
                byte[] streamed = bytes.toByteArray();
                assertThat(Arrays.copyOfRange(streamed, 4, streamed.length)).isEqualTo(stored(t));
            }
        }
    }

    @Test
    void aValueIsEncodedIntoTheOutputsOwnArray() throws IOException {
        InternalSerializationService ss = memberService();
        BufferObjectDataOutput out = ss.createObjectDataOutput(4096);
        out.writeInt(42);
        byte[] array = SerializationInternals.outputArray(out);
        Trade t = SeedTrades.load().get(3);
        out.writeObject(t);
        assertThat(SerializationInternals.outputArray(out)).as("no other array was needed").isSameAs(array);
        // the type id (4 bytes) after the int, then the stored form
        assertThat(Arrays.copyOfRange(array, 8, out.position())).isEqualTo(stored(t));
    }

    /** Where the measured calls leave their result, so that the JIT cannot leave out what they allocate. */
    static volatile Object sink;

    /**
     * Bytes allocated by one call of {@code write}, once it allocates the same twice running after {@code warmUp}
     * calls (JIT compilation done).
     */
    private static long allocationOf(int warmUp, Supplier<Object> write) {
        long last = -1;
        for (int attempt = 0; attempt < 200; attempt++) {
            for (int i = 0; i < warmUp; i++) {
                sink = write.get();
            }
            long before = THREADS.getCurrentThreadAllocatedBytes();
            sink = write.get();
            long allocated = THREADS.getCurrentThreadAllocatedBytes() - before;
            if (allocated == last) {
                return allocated;
            }
            last = allocated;
        }
        return last;
    }

    @Test
    void toDataOfATradeAllocatesTheStoredArrayAndNothingElse() {
        for (InternalSerializationService ss : List.of(memberService(), standaloneService())) {
            for (Trade t : List.of(SeedTrades.load().get(0), trade(1, 300), trade(2, 9_000))) {
                int size = ss.toData(t).totalSize();
                long navpack = allocationOf(2_000, () -> ss.toData(t));
                // the Data and its array of exactly the stored bytes: nothing else, no buffer, no second copy
                long data = allocationOf(2_000, () -> new HeapData(new byte[size]));
                assertThat(navpack).as("%d-byte Data", size).isEqualTo(data);
            }
        }
    }

    /**
     * A key of a default type ({@code Long}, {@code String}) costs as much to write on a navpack member, where
     * registered serializers may override Hazelcast's defaults, as on a plain service: its {@code Data} and array.
     * Before navpack cached Hazelcast's own serializers, every such key also paid a search of its superclasses and
     * interfaces for a registered serializer, and the set of interfaces that search builds.
     */
    @Test
    void aDefaultTypeKeyAllocatesAsOnAPlainService() {
        InternalSerializationService plain = new DefaultSerializationServiceBuilder().build();
        InternalSerializationService uncached = standaloneService();
        InternalSerializationService navpack = memberService();
        for (Object key : List.of(123_456_789L, "EUR/USD 2014-07-21", 42)) {
            long onPlain = allocationOf(2_000, () -> plain.toData(key));
            long beforeCaching = allocationOf(2_000, () -> uncached.toData(key));
            long onMember = allocationOf(2_000, () -> navpack.toData(key));
            assertThat(onMember).as("%s: member %d, plain %d, without the cache %d", key.getClass().getSimpleName(),
                    onMember, onPlain, beforeCaching).isEqualTo(onPlain);
        }
        assertThat(SerializationInternals.cacheDefaultSerializers(uncached)).isPositive();
        for (Object key : List.of(123_456_789L, "EUR/USD 2014-07-21", 42)) {
            assertThat(allocationOf(2_000, () -> uncached.toData(key))).as("%s once cached", key.getClass())
                    .isEqualTo(allocationOf(2_000, () -> plain.toData(key)));
        }
    }

    @Test
    void aLargeValueIsCopiedOnceLikeAByteArray() {
        InternalSerializationService ss = memberService();
        Trade big = trade(1, 1_000_000);
        Data data = ss.toData(big);
        byte[] same = new byte[data.totalSize() - SerializationInternals.DATA_HEADER - Integer.BYTES];
        long navpack = allocationOf(5, () -> ss.toData(big));
        long baseline = allocationOf(5, () -> ss.toData(same));
        // Hazelcast grows its output to hold the megabyte, then copies it into the Data's array; a buffer of
        // navpack's own in between would add at least another megabyte
        assertThat(navpack).as("navpack %d, byte[] %d", navpack, baseline).isCloseTo(baseline, within(1024L));
        assertThat(NavpackContext.of(member).writer().buffer()).as("the thread's own buffer was not used").hasSize(256);
    }

    @Test
    void theThreadsBufferShrinksBackAfterALargeValue() throws IOException {
        InternalSerializationService ss = memberService();
        // a stream has no array to encode into: the value goes through the thread's buffer
        ObjectDataOutput stream = new ObjectDataOutputStream(new ByteArrayOutputStream(), ss);
        stream.writeObject(trade(1, 1_000_000));
        assertThat(NavpackContext.of(member).writer().buffer()).as("dropped after the value was copied").hasSize(256);
        stream.writeObject(trade(2, 10_000));
        assertThat(NavpackContext.of(member).writer().buffer().length).as("kept: at most %d bytes", 64 * 1024)
                .isGreaterThan(10_000);
        stream.writeObject(trade(3, 1_000_000));
        assertThat(NavpackContext.of(member).writer().buffer()).hasSize(256);
    }
}
