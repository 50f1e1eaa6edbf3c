package io.navpack.bench.codec;

/**
 * One serialisation format as its users call it: a value becomes the form the format stores
 * (a {@code byte[]}, Hazelcast {@code Data}, a Coherence {@code Binary}) and back.
 *
 * <p>Instances are not thread-safe: each benchmark thread has its own.
 */
public interface Codec {
    /** The benchmark parameter name of this format. */
    String name();

    /** The object this format serialises for a model value: the value itself, or a wrapper class the format needs. */
    default Object prepare(Object value) {
        return value;
    }

    /** The model value for a decoded object (undoes {@link #prepare}). */
    default Object toModel(Object decoded) {
        return decoded;
    }

    /** The stored form of a prepared value. */
    Object encode(Object value);

    /** The full object graph back from a stored form. */
    Object decode(Object encoded);

    /** Bytes of a stored form. */
    int size(Object encoded);
}
