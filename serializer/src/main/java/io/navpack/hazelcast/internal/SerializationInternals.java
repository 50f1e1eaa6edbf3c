package io.navpack.hazelcast.internal;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastJsonValue;
import com.hazelcast.internal.json.NonTerminalJsonValue;
import com.hazelcast.internal.nio.BufferObjectDataInput;
import com.hazelcast.internal.serialization.InternalSerializationService;
import com.hazelcast.internal.serialization.impl.AbstractSerializationService;
import com.hazelcast.internal.serialization.impl.SerializerAdapter;
import com.hazelcast.internal.serialization.impl.compact.CompactGenericRecord;
import com.hazelcast.internal.serialization.impl.portable.PortableGenericRecord;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.DataSerializable;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;
import com.hazelcast.spi.impl.operationservice.Operation;
import io.navpack.format.PackedRecord;

import java.io.Externalizable;
import java.io.Serializable;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Hazelcast's serialization internals that navpack uses:
 *
 * <ul>
 * <li>the serialization service's {@code allowOverrideDefaultSerializers}: Hazelcast sends every generic record
 *     ({@code CompactGenericRecord} and its subclasses) to its Compact serializer before it looks at registered
 *     serializers unless the setting is true. navpack's values are generic records (that is what lets queries use
 *     plain field names), so without it Hazelcast would write them as Compact values wherever it serialises an
 *     object it holds (OBJECT in-memory format, entry processors, query results). {@code NavpackConfig} sets it;
 *     for members and clients configured otherwise (XML, YAML, only the jar on the class path) navpack sets it on
 *     the instance's serialization service when it starts;</li>
 * <li>the serialization service's {@code typeMap} (serializers by class, registered or found through a superclass
 *     or interface) and {@code constantTypesMap} (its own serializers of {@code Long}, {@code String}, arrays, ...):
 *     with {@code allowOverrideDefaultSerializers} on, Hazelcast looks for a registered serializer before its own for
 *     every object it writes, walking the class's superclasses and interfaces, and it remembers only what it finds.
 *     For a {@code Long} or {@code String} key it finds nothing, so every key paid the walk (and the set of
 *     interfaces it builds). navpack enters Hazelcast's own serializer of such a type in {@code typeMap}, where the
 *     walk then finds it at once, for the final types among them (no subclass can inherit the entry) that no
 *     registered serializer reaches ({@link #cacheDefaultSerializers}). The same walk found nothing for every
 *     operation a member sends (a backup, a put to another member's partition, a query on a partition), 170–340 ns
 *     each; navpack enters Hazelcast's {@code DataSerializable} serializer for its {@code Operation} base class, where
 *     the walk then finds it and remembers it for each operation class;</li>
 * <li>the array, position and size of the input Hazelcast reads a stored value from, so that a value is read where
 *     it lies instead of being copied;</li>
 * <li>the array and position of the output Hazelcast writes a value into ({@code ByteArrayObjectDataOutput}, what
 *     {@code toData} and the client's messages write into), so that navpack encodes a value straight into it
 *     instead of into a buffer of its own that is then copied;</li>
 * <li>the header of a {@code Data} (partition hash, then the serializer's type id);</li>
 * <li>the "no value" marker of queries.</li>
 * </ul>
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
public final class SerializationInternals {
    /** Bytes of a {@code Data}'s header before the serializer's own bytes: partition hash, type id. */
    public static final int DATA_HEADER = 8;

    private static final Field ALLOW_OVERRIDE = serviceField("allowOverrideDefaultSerializers");
    private static final Field TYPE_MAP = serviceField("typeMap");
    private static final Field CONSTANT_TYPES = serviceField("constantTypesMap");
    private static final Class<?> ARRAY_INPUT;
    private static final VarHandle DATA;
    private static final VarHandle POS;
    private static final VarHandle SIZE;
    private static final Class<?> ARRAY_OUTPUT;
    private static final VarHandle OUT_BUFFER;
    private static final VarHandle OUT_POS;

    static {
        Class<?> input = null;
        VarHandle data = null;
        VarHandle pos = null;
        VarHandle size = null;
        try {
            input = Class.forName("com.hazelcast.internal.serialization.impl.ByteArrayObjectDataInput");
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(input, MethodHandles.lookup());
            data = lookup.findVarHandle(input, "data", byte[].class);
            pos = lookup.findVarHandle(input, "pos", int.class);
            size = lookup.findVarHandle(input, "size", int.class);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            input = null;
            data = null;
            pos = null;
            size = null;
        }
        ARRAY_INPUT = input;
        DATA = data;
        POS = pos;
        SIZE = size;

        Class<?> output = null;
        VarHandle buffer = null;
        VarHandle outPos = null;
        try {
            output = Class.forName("com.hazelcast.internal.serialization.impl.ByteArrayObjectDataOutput");
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(output, MethodHandles.lookup());
            buffer = lookup.findVarHandle(output, "buffer", byte[].class);
            outPos = lookup.findVarHandle(output, "pos", int.class);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            output = null;
            buffer = null;
            outPos = null;
        }
        ARRAY_OUTPUT = output;
        OUT_BUFFER = buffer;
        OUT_POS = outPos;
    }

    private SerializationInternals() {
    }

    private static Field serviceField(String name) {
        try {
            Field f = AbstractSerializationService.class.getDeclaredField(name);
            f.setAccessible(true);
            return f;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return null;
        }
    }

    /**
     * Lets registered serializers override defaults on {@code hz}'s serialization service; returns whether they may
     * now (false when the internals are not what navpack expects).
     */
    public static boolean allowOverrideDefaultSerializers(HazelcastInstance hz) {
        InternalSerializationService ss = HazelcastInstances.serializationService(hz);
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

    /**
     * Enters Hazelcast's own serializers of its default types in the serialization service's cache of serializers by
     * class, so that a key such as a {@code Long} or a {@code String} finds its serializer at once when registered
     * serializers may override defaults ({@code allowOverrideDefaultSerializers}), instead of Hazelcast searching the
     * class's superclasses and interfaces for a registered one on every write. Changes no answer: a type is entered
     * only when it is final or an array (Hazelcast hands an entry down to subclasses), has no entry of its own, no
     * registered serializer is reachable through its superclasses or interfaces (other than Hazelcast's own for
     * {@code Serializable} and {@code Externalizable}, which its search leaves out), and Hazelcast picks its own
     * serializer for it now, with and without schemas (not Compact, say). Call it after the service's serializers
     * are registered; entries are never removed.
     *
     * @return how many types are in the cache with Hazelcast's own serializer (0 when registered serializers may not
     *     override defaults: Hazelcast then finds its own first), or -1 when this Hazelcast's internals are not what
     *     navpack expects (nothing changed)
     */
    public static int cacheDefaultSerializers(HazelcastInstance hz) {
        return cacheDefaultSerializers(HazelcastInstances.serializationService(hz));
    }

    /** {@link #cacheDefaultSerializers(HazelcastInstance)} for a serialization service. */
    public static int cacheDefaultSerializers(InternalSerializationService ss) {
        if (ALLOW_OVERRIDE == null || TYPE_MAP == null || CONSTANT_TYPES == null
                || !(ss instanceof AbstractSerializationService service)) {
            return -1;
        }
        try {
            if (!ALLOW_OVERRIDE.getBoolean(service)) {
                return 0;
            }
            Map<Class<?>, SerializerAdapter> cache = typeMap(service);
            int cached = 0;
            for (Map.Entry<Class<?>, SerializerAdapter> e : constantTypes(service)) {
                Class<?> type = e.getKey();
                SerializerAdapter own = e.getValue();
                if (own != null && cacheable(service, cache, type, own)) {
                    cache.putIfAbsent(type, own);
                }
                if (own != null && cache.get(type) == own) {
                    cached++;
                }
            }
            if (cacheOperations(service, cache)) {
                cached++;
            }
            return cached;
        } catch (IllegalAccessException | RuntimeException e) {
            return -1;
        }
    }

    /**
     * Enters Hazelcast's serializer of {@code DataSerializable} for its {@code Operation} base class, so that the
     * search for a registered serializer that Hazelcast runs for every operation it writes finds it (after the
     * operation's own superclasses, as before) and enters it for the operation's class. Changes no answer: only when
     * no serializer is registered for an interface (other than navpack's for {@code PackedRecord}, which no operation
     * implements), where an interface an operation implements could have answered instead, and when Hazelcast's answer
     * for {@code Operation} is that serializer. Returns whether the entry is there.
     */
    private static boolean cacheOperations(AbstractSerializationService ss, Map<Class<?>, SerializerAdapter> cache) {
        if (!cache.containsKey(Operation.class)) {
            for (Class<?> registered : cache.keySet()) {
                if (registered.isInterface() && registered != PackedRecord.class && registered != Serializable.class
                        && registered != Externalizable.class) {
                    return false;
                }
            }
            SerializerAdapter dataSerializable = ss.serializerForClass(DataSerializable.class, false);
            if (dataSerializable == null || ss.serializerForClass(Operation.class, false) != dataSerializable
                    || ss.serializerForClass(Operation.class, true) != dataSerializable) {
                return false;
            }
            cache.putIfAbsent(Operation.class, dataSerializable);
        }
        return cache.get(Operation.class) == ss.serializerForClass(DataSerializable.class, false);
    }

    /** Whether {@code hz}'s operations find Hazelcast's serializer at once ({@link #cacheDefaultSerializers}). */
    public static boolean cachesOperations(HazelcastInstance hz) {
        return cachesSerializer(HazelcastInstances.serializationService(hz), Operation.class);
    }

    /** Whether the cache of serializers by class of {@code ss} has an entry for {@code type} (of any serializer). */
    public static boolean cachesSerializer(InternalSerializationService ss, Class<?> type) {
        if (TYPE_MAP == null || !(ss instanceof AbstractSerializationService service)) {
            return false;
        }
        try {
            return typeMap(service).containsKey(type);
        } catch (IllegalAccessException | RuntimeException e) {
            return false;
        }
    }

    /** Whether the cache of {@code ss} holds Hazelcast's own serializer of the default type {@code type}. */
    public static boolean cachesDefaultSerializer(InternalSerializationService ss, Class<?> type) {
        if (TYPE_MAP == null || CONSTANT_TYPES == null || !(ss instanceof AbstractSerializationService service)) {
            return false;
        }
        try {
            SerializerAdapter cached = typeMap(service).get(type);
            return cached != null && constantTypes(service).stream()
                    .anyMatch(e -> e.getKey() == type && e.getValue() == cached);
        } catch (IllegalAccessException | RuntimeException e) {
            return false;
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<Class<?>, SerializerAdapter> typeMap(AbstractSerializationService ss)
            throws IllegalAccessException {
        return (Map<Class<?>, SerializerAdapter>) TYPE_MAP.get(ss);
    }

    /** A copy of the default types and their serializers (an {@code IdentityHashMap} filled when the service is built). */
    @SuppressWarnings("unchecked")
    private static List<Map.Entry<Class<?>, SerializerAdapter>> constantTypes(AbstractSerializationService ss)
            throws IllegalAccessException {
        Map<Class<?>, SerializerAdapter> constants = (Map<Class<?>, SerializerAdapter>) CONSTANT_TYPES.get(ss);
        List<Map.Entry<Class<?>, SerializerAdapter>> copy = new ArrayList<>();
        for (Map.Entry<Class<?>, SerializerAdapter> e : constants.entrySet()) {
            copy.add(Map.entry(e.getKey(), e.getValue()));
        }
        return copy;
    }

    private static boolean cacheable(AbstractSerializationService ss, Map<Class<?>, SerializerAdapter> cache,
                                     Class<?> type, SerializerAdapter own) {
        if (type.isInterface() || !Modifier.isFinal(type.getModifiers()) || cache.containsKey(type)) {
            return false;
        }
        // Hazelcast's search for a registered serializer, over every supertype, without its side effect (it enters
        // what it finds through a supertype for the type): with nothing found, asking Hazelcast below changes nothing
        Set<Class<?>> interfaces = new LinkedHashSet<>();
        interfaces(type, interfaces);
        for (Class<?> c = type.getSuperclass(); c != null; c = c.getSuperclass()) {
            if (cache.containsKey(c)) {
                return false;
            }
            interfaces(c, interfaces);
        }
        interfaces.remove(Serializable.class);
        interfaces.remove(Externalizable.class);
        for (Class<?> i : interfaces) {
            if (cache.containsKey(i)) {
                return false;
            }
        }
        // no registered serializer reaches the type: Hazelcast's answer is its default one, or Compact's
        return ss.serializerForClass(type, false) == own && ss.serializerForClass(type, true) == own;
    }

    private static void interfaces(Class<?> type, Set<Class<?>> into) {
        for (Class<?> i : type.getInterfaces()) {
            if (into.add(i)) {
                interfaces(i, into);
            }
        }
    }

    /**
     * Hazelcast's marker for "this entry has no value for the attribute" (it comes from JSON values): predicates
     * that compare it are false, negated ones true, and indexes leave the entry out.
     */
    public static Object noValue() {
        return NonTerminalJsonValue.INSTANCE;
    }

    /**
     * What format a deserialised value that is not navpack's came in, for messages: a Compact or Portable generic
     * record (on a member without the class) with its type name, JSON, an {@code IdentifiedDataSerializable} or
     * another class.
     */
    public static String describeFormat(Object value) {
        if (value instanceof CompactGenericRecord c) {
            return "a Compact value of type '" + c.getSchema().getTypeName() + "'";
        }
        if (value instanceof PortableGenericRecord p) {
            return "a Portable value of class id " + p.getClassDefinition().getClassId();
        }
        if (value instanceof HazelcastJsonValue) {
            return "a JSON value (HazelcastJsonValue)";
        }
        if (value instanceof IdentifiedDataSerializable) {
            return "an IdentifiedDataSerializable " + value.getClass().getName();
        }
        return value == null ? "null" : "a " + value.getClass().getName() + " (not written by navpack)";
    }

    /** Whether {@code in} reads from an array that navpack can read in place ({@link #array}). */
    public static boolean readsInPlace(ObjectDataInput in) {
        return DATA != null && ARRAY_INPUT.isInstance(in);
    }

    /** The array {@code in} reads from; only when {@link #readsInPlace}. */
    public static byte[] array(ObjectDataInput in) {
        return (byte[]) DATA.get(in);
    }

    /** The position of the next byte {@code in} reads; only when {@link #readsInPlace}. */
    public static int position(ObjectDataInput in) {
        return (int) POS.get(in);
    }

    /** How many bytes {@code in} has left; only when {@link #readsInPlace}. */
    public static int remaining(ObjectDataInput in) {
        return Math.min((int) SIZE.get(in), array(in).length) - position(in);
    }

    /** Moves {@code in} past {@code length} bytes read in place; only when {@link #readsInPlace}. */
    public static void skip(ObjectDataInput in, int length) {
        ((BufferObjectDataInput) in).position(position(in) + length);
    }

    /**
     * Whether navpack can write straight into the array of {@code out} ({@link #outputArray}, {@link #written}):
     * true for Hazelcast's array-backed output that has an array.
     */
    public static boolean writesInPlace(ObjectDataOutput out) {
        return OUT_BUFFER != null && ARRAY_OUTPUT.isInstance(out) && OUT_BUFFER.get(out) != null;
    }

    /** The array {@code out} writes into; only when {@link #writesInPlace}. */
    public static byte[] outputArray(ObjectDataOutput out) {
        return (byte[]) OUT_BUFFER.get(out);
    }

    /** The position of the next byte {@code out} writes; only when {@link #writesInPlace}. */
    public static int outputPosition(ObjectDataOutput out) {
        return (int) OUT_POS.get(out);
    }

    /**
     * Tells {@code out} that bytes up to {@code position} of {@code array} are written: {@code array} is the output's
     * own ({@link #outputArray}) or a larger copy of it, holding the same bytes before the position the writing
     * started at. Only when {@link #writesInPlace}.
     */
    public static void written(ObjectDataOutput out, byte[] array, int position) {
        if (position < outputPosition(out) || position > array.length) {
            throw new IllegalArgumentException("position " + position + " is before the output's "
                    + outputPosition(out) + " or past the array's " + array.length + " bytes");
        }
        OUT_BUFFER.set(out, array);
        OUT_POS.set(out, position);
    }

    /** The serializer type id in a {@code Data}'s header; the bytes must hold at least {@link #DATA_HEADER}. */
    public static int dataTypeId(byte[] data) {
        return ((data[4] & 0xFF) << 24) | ((data[5] & 0xFF) << 16) | ((data[6] & 0xFF) << 8) | (data[7] & 0xFF);
    }
}
