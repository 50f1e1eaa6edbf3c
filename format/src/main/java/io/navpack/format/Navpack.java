package io.navpack.format;

/**
 * The entry point for using the format without Hazelcast: register classes, encode objects, view
 * and decode bytes. Thread-safe; each thread encodes into its own reusable {@link PackedWriter}.
 *
 * <pre>{@code
 * Navpack navpack = Navpack.of(Trade.class);
 * byte[] bytes = navpack.encode(trade);
 * PackedRecord view = navpack.view(bytes);
 * String currency = view.getString("currency1");   // decodes one field
 * Trade back = view.toObject(Trade.class);         // decodes all of them
 * TradeView t = navpack.view(bytes, TradeView.class); // your interface over the bytes
 * }</pre>
 */
public final class Navpack {
    private final SchemaRegistry registry;
    private final ThreadLocal<PackedWriter> writers;

    public Navpack(SchemaRegistry registry) {
        this.registry = registry;
        this.writers = ThreadLocal.withInitial(() -> new PackedWriter(registry, 256));
    }

    /** A navpack with its own registry holding {@code types}. */
    public static Navpack of(Class<?>... types) {
        Navpack n = new Navpack(new SchemaRegistry());
        for (Class<?> t : types) {
            n.registry.register(t);
        }
        return n;
    }

    public SchemaRegistry registry() {
        return registry;
    }

    /** A new writer bound to this registry, for callers that manage their own buffers. */
    public PackedWriter newWriter(int initialCapacity) {
        return new PackedWriter(registry, initialCapacity);
    }

    /** Encodes {@code value}, an instance of a registered class (or a {@link PackedRecord}, copied). */
    public byte[] encode(Object value) {
        PackedWriter w = writers.get();
        w.reset();
        w.writeRecord(value);
        return w.toByteArray();
    }

    /** A view over {@code bytes}, which must not change afterwards. */
    public PackedRecord view(byte[] bytes) {
        return PackedRecord.of(bytes, registry);
    }

    public PackedRecord view(byte[] bytes, int offset, int length) {
        return PackedRecord.of(bytes, offset, length, registry);
    }

    /**
     * A view over {@code bytes} (which must not change afterwards) as the interface {@code type}: see
     * {@link PackedRecord#as(Class)}.
     */
    public <T> T view(byte[] bytes, Class<T> type) {
        return PackedRecord.of(bytes, registry).as(type);
    }

    /** Decodes {@code bytes} into {@code type}. */
    public <T> T decode(byte[] bytes, Class<T> type) {
        return view(bytes).toObject(type);
    }
}
