package io.navpack.hazelcast;

import com.hazelcast.config.SerializationConfig;
import com.hazelcast.config.SerializerConfig;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.internal.serialization.impl.AbstractSerializationService;
import com.hazelcast.internal.serialization.impl.DefaultSerializationServiceBuilder;
import com.hazelcast.internal.serialization.impl.SerializerAdapter;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.StreamSerializer;
import com.hazelcast.nio.serialization.compact.CompactReader;
import com.hazelcast.nio.serialization.compact.CompactSerializer;
import com.hazelcast.nio.serialization.compact.CompactWriter;
import io.navpack.hazelcast.internal.SerializationInternals;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.math.BigInteger;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * navpack's cache of Hazelcast's own serializers of default types ({@link SerializationInternals#cacheDefaultSerializers})
 * changes no answer: with registered serializers for {@code Long} itself, for an interface {@code String} implements
 * ({@code CharSequence}) and for a superclass of {@code Integer} and {@code BigInteger} ({@code Number}), and a Compact
 * serializer for {@code UUID}, every value is written by the same serializer, to the same bytes, on a service whose
 * cache was filled before its first use as on one without it.
 */
class DefaultSerializersCacheTest {
    /** Writes a value as its text: enough to tell whose serializer wrote it. */
    record AsText(int id) implements StreamSerializer<Object> {
        @Override
        public void write(ObjectDataOutput out, Object value) throws IOException {
            out.writeString(String.valueOf(value));
        }

        @Override
        public Object read(ObjectDataInput in) throws IOException {
            return in.readString();
        }

        @Override
        public int getTypeId() {
            return id;
        }
    }

    static final class UuidCompact implements CompactSerializer<UUID> {
        @Override
        public UUID read(CompactReader reader) {
            return new UUID(reader.readInt64("high"), reader.readInt64("low"));
        }

        @Override
        public void write(CompactWriter writer, UUID value) {
            writer.writeInt64("high", value.getMostSignificantBits());
            writer.writeInt64("low", value.getLeastSignificantBits());
        }

        @Override
        public String getTypeName() {
            return "uuid";
        }

        @Override
        public Class<UUID> getCompactClass() {
            return UUID.class;
        }
    }

    /** A subclass of a default type that is not final: Hazelcast writes it with Java serialization. */
    static final class Basket extends ArrayList<Object> {
        private static final long serialVersionUID = 1L;
    }

    private static AbstractSerializationService service() {
        SerializationConfig config = new SerializationConfig().setAllowOverrideDefaultSerializers(true);
        config.addSerializerConfig(new SerializerConfig().setTypeClass(Long.class).setImplementation(new AsText(901)));
        config.addSerializerConfig(new SerializerConfig().setTypeClass(CharSequence.class)
                .setImplementation(new AsText(902)));
        config.addSerializerConfig(new SerializerConfig().setTypeClass(Number.class).setImplementation(new AsText(903)));
        config.getCompactSerializationConfig().addSerializer(new UuidCompact());
        return (AbstractSerializationService) new DefaultSerializationServiceBuilder().setConfig(config).build();
    }

    private static List<Object> values() {
        Basket basket = new Basket();
        basket.add("x");
        return List.of(1L, "text", 7, new BigInteger("12345678901234567890"), 2.5, true, 'c', (short) 3, (byte) 4,
                1.5f, new byte[] {1, 2}, new int[] {1}, new String[] {"a"}, new Object[] {"a", 1L},
                UUID.fromString("01234567-89ab-cdef-0123-456789abcdef"), LocalDate.of(2014, 7, 21), Optional.of("x"),
                String.class, basket, TimeUnit.SECONDS, new Date(0));
    }

    /** Which serializer writes {@code value}, with and without schemas, and (not Compact) the bytes it writes. */
    private static String answer(AbstractSerializationService ss, Object value) {
        SerializerAdapter plain = ss.serializerFor(value, false);
        SerializerAdapter withSchema = ss.serializerFor(value, true);
        String bytes = value instanceof UUID ? "(Compact)"
                : Arrays.toString(((InternalSerializationService) ss).toData(value).toByteArray());
        return value.getClass().getName() + ": " + plain.getImpl().getClass().getName() + " " + plain.getTypeId()
                + " / " + withSchema.getImpl().getClass().getName() + " " + withSchema.getTypeId() + " " + bytes;
    }

    @Test
    void cachingChangesNoAnswer() {
        AbstractSerializationService without = service();
        AbstractSerializationService with = service();
        assertThat(SerializationInternals.cacheDefaultSerializers(with)).isPositive();
        for (Object value : values()) {
            assertThat(answer(with, value)).isEqualTo(answer(without, value));
        }
        assertThat(answer(with, 1L)).contains(AsText.class.getName() + " 901");
        assertThat(answer(with, "text")).contains(AsText.class.getName() + " 902");
        assertThat(answer(with, 7)).contains(AsText.class.getName() + " 903");
        // the cache holds Hazelcast's own serializers of the types no registered serializer reaches, and only those
        for (Class<?> type : List.of(Boolean.class, byte[].class, LocalDate.class, Optional.class, Object[].class)) {
            assertThat(SerializationInternals.cachesDefaultSerializer(with, type)).as("%s", type).isTrue();
        }
        for (Class<?> type : List.of(Long.class, String.class, Integer.class, Double.class, BigInteger.class,
                UUID.class, ArrayList.class, Date.class)) {
            assertThat(SerializationInternals.cachesDefaultSerializer(with, type)).as("%s", type).isFalse();
        }
    }

    @Test
    void nothingIsCachedWhereDefaultsComeFirst() {
        AbstractSerializationService plain = (AbstractSerializationService) new DefaultSerializationServiceBuilder()
                .build();
        assertThat(SerializationInternals.cacheDefaultSerializers(plain)).isZero();
        assertThat(SerializationInternals.cachesDefaultSerializer(plain, Long.class)).isFalse();
    }

    @Test
    void cachingTwiceIsCachingOnce() {
        AbstractSerializationService ss = (AbstractSerializationService) new DefaultSerializationServiceBuilder()
                .setConfig(new SerializationConfig().setAllowOverrideDefaultSerializers(true)).build();
        int cached = SerializationInternals.cacheDefaultSerializers(ss);
        assertThat(cached).isPositive();
        assertThat(SerializationInternals.cacheDefaultSerializers(ss)).isEqualTo(cached);
        for (Class<?> type : List.of(Long.class, String.class, Integer.class, byte[].class, UUID.class)) {
            assertThat(SerializationInternals.cachesDefaultSerializer(ss, type)).as("%s", type).isTrue();
        }
    }

    /** Hazelcast's operations: the serializer Hazelcast picks for each, by its class and type id. */
    private static String operationAnswers(AbstractSerializationService ss) {
        StringBuilder b = new StringBuilder();
        for (Object op : List.of(new com.hazelcast.map.impl.operation.SetOperation(),
                new com.hazelcast.map.impl.operation.PutAllBackupOperation(),
                new com.hazelcast.spi.impl.operationservice.impl.operations.Backup())) {
            for (boolean schema : new boolean[] {false, true}) {
                SerializerAdapter a = ss.serializerFor(op, schema);
                b.append(op.getClass().getSimpleName()).append(": ").append(a.getImpl().getClass().getName()).append(' ')
                        .append(a.getTypeId()).append('\n');
            }
        }
        return b.toString();
    }

    private static AbstractSerializationService navpackService() {
        com.hazelcast.config.Config c = NavpackConfig.of().applyTo(new com.hazelcast.config.Config());
        return (AbstractSerializationService) new DefaultSerializationServiceBuilder()
                .setConfig(c.getSerializationConfig()).build();
    }

    @Test
    void operationsFindHazelcastsSerializerAtOnceWithTheSameAnswer() {
        String defaults = operationAnswers((AbstractSerializationService) new DefaultSerializationServiceBuilder().build());
        assertThat(defaults).contains("DataSerializable");
        AbstractSerializationService ss = navpackService();
        assertThat(SerializationInternals.cacheDefaultSerializers(ss)).isPositive();
        assertThat(SerializationInternals.cachesSerializer(ss, com.hazelcast.spi.impl.operationservice.Operation.class))
                .isTrue();
        assertThat(operationAnswers(ss)).isEqualTo(defaults);
        // the first write of an operation class enters it: the next finds it at once
        for (Class<?> type : List.of(com.hazelcast.map.impl.operation.SetOperation.class,
                com.hazelcast.map.impl.operation.PutAllBackupOperation.class,
                com.hazelcast.spi.impl.operationservice.impl.operations.Backup.class)) {
            assertThat(SerializationInternals.cachesSerializer(ss, type)).as("%s", type).isTrue();
        }
        AbstractSerializationService uncached = navpackService();
        assertThat(operationAnswers(uncached)).isEqualTo(defaults);
        assertThat(SerializationInternals.cachesSerializer(uncached, com.hazelcast.map.impl.operation.SetOperation.class))
                .isFalse();
    }

    @Test
    void anInterfaceSerializerLeavesOperationsAsTheyWere() {
        // a serializer registered for an interface could be what an operation's interfaces reach first: no entry
        AbstractSerializationService ss = service();
        String before = operationAnswers(service());
        SerializationInternals.cacheDefaultSerializers(ss);
        assertThat(SerializationInternals.cachesSerializer(ss, com.hazelcast.spi.impl.operationservice.Operation.class))
                .isFalse();
        assertThat(operationAnswers(ss)).isEqualTo(before);
    }
}
