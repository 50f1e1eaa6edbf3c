package io.navpack.format;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The schemas a JVM knows, by type id and version, and the Java classes bound to them.
 *
 * <p>Registering a schema checks it against what is known: a second, different schema with the same
 * type id and version, a type id already used by another type name, or a type name already using
 * another id is refused with {@link SchemaConflictException}. Registering an equal schema again is a
 * no-op. Registering a class derives its schema by reflection once (nested record classes too).
 *
 * <p>Lookups are lock-free; registration is serialised. A {@link SchemaSource} can supply schemas
 * that are not known locally (the cluster). A publisher, when set, sees every schema this JVM
 * creates before it is registered and can refuse it, e.g. because the cluster holds a different
 * schema under the same id and version; schemas that come from elsewhere ({@link #learn}) skip it.
 * Listeners hear of every newly registered schema.
 */
public final class SchemaRegistry {
    private final Map<Integer, String> nameById = new ConcurrentHashMap<>();
    private final Map<String, Integer> idByName = new ConcurrentHashMap<>();
    private final Map<Class<?>, RecordBinding<?>> bindings = new ConcurrentHashMap<>();
    private final Map<String, RecordBinding<?>> bindingByTypeName = new ConcurrentHashMap<>();
    private final Set<Class<?>> inProgress = new HashSet<>();
    private final List<Consumer<Schema>> listeners = new CopyOnWriteArrayList<>();
    private final Object schemaLock = new Object();
    /** Schemas by type id and version; lookups neither box nor lock. */
    private volatile SchemaTable table = SchemaTable.EMPTY;
    private volatile SchemaSource source;
    private volatile Consumer<Schema> publisher;

    /** Where schemas not known here are looked up; null for none. */
    public void setSource(SchemaSource source) {
        this.source = source;
    }

    /**
     * Sees every schema created here (from a class or a builder) before it is registered, outside any
     * lock; throwing refuses the registration. Null for none.
     */
    public void setPublisher(Consumer<Schema> publisher) {
        this.publisher = publisher;
    }

    /** Called (on the registering thread) for every schema registered after this call, and not for repeats. */
    public void addListener(Consumer<Schema> listener) {
        listeners.add(listener);
    }

    /**
     * Registers a schema created here; the publisher (if any) sees it first. Returns the registered
     * instance (an equal one already known, or this one).
     */
    public Schema register(Schema schema) {
        Schema existing = table.get(schema.typeId(), schema.version());
        if (existing != null && existing.equals(schema)) {
            return existing;
        }
        check(schema);
        Consumer<Schema> p = publisher;
        if (p != null) {
            p.accept(schema);
        }
        return learn(schema);
    }

    /** Registers a schema that comes from elsewhere (the cluster, a schema file): no publisher. */
    public Schema learn(Schema schema) {
        Schema result;
        synchronized (schemaLock) {
            Schema existing = table.get(schema.typeId(), schema.version());
            if (existing != null && existing.equals(schema)) {
                return existing;
            }
            check(schema);
            nameById.put(schema.typeId(), schema.typeName());
            idByName.put(schema.typeName(), schema.typeId());
            table = table.with(schema);
            result = schema;
        }
        for (Consumer<Schema> l : listeners) {
            l.accept(result);
        }
        return result;
    }

    /** Refuses {@code schema} when it conflicts with a registered one. */
    private void check(Schema schema) {
        Schema existing = table.get(schema.typeId(), schema.version());
        if (existing != null && !existing.equals(schema)) {
            throw new SchemaConflictException("two different schemas claim type id " + schema.typeId() + " version "
                    + schema.version(), existing, schema);
        }
        String name = nameById.get(schema.typeId());
        if (name != null && !name.equals(schema.typeName())) {
            throw new SchemaConflictException("type id " + schema.typeId() + " already belongs to " + name
                    + "; give one of the types another id", anyVersion(schema.typeId()), schema);
        }
        Integer id = idByName.get(schema.typeName());
        if (id != null && id != schema.typeId()) {
            throw new SchemaConflictException("type " + schema.typeName() + " already has type id " + id,
                    anyVersion(id), schema);
        }
    }

    private Schema anyVersion(int typeId) {
        return table.all().stream().filter(s -> s.typeId() == typeId).findFirst().orElseThrow();
    }

    /**
     * Registers a class: derives its schema from a Java record's components or a POJO's fields (with
     * bean getters and setters where they exist), registers nested record classes, and binds them.
     * The schema's name, id and version come from {@link NavpackType} when present.
     */
    @SuppressWarnings("unchecked")
    public synchronized <T> RecordBinding<T> register(Class<T> type) {
        RecordBinding<?> existing = bindings.get(type);
        if (existing != null) {
            return (RecordBinding<T>) existing;
        }
        if (type.isEnum() || type.isInterface() || type.isArray() || type.isPrimitive()
                || java.lang.reflect.Modifier.isAbstract(type.getModifiers())) {
            throw new SchemaException(type.getName() + " cannot be registered: only records and classes with fields can");
        }
        inProgress.add(type);
        try {
            NavpackType a = type.getAnnotation(NavpackType.class);
            Schema.Builder b = Schema.builder(Reflection.typeName(type));
            if (a != null && a.id() >= 0) {
                b.typeId(a.id());
            }
            b.version(a != null ? a.version() : 1);
            List<Property> props = Reflection.properties(type);
            for (Property p : props) {
                b.field(p.name, Reflection.typeOf(p.genericType, this, type.getName() + "." + p.name), !p.primitive());
            }
            return bind(type, b.build(), props);
        } finally {
            inProgress.remove(type);
        }
    }

    /**
     * Binds a class to a schema declared with {@link Schema#builder(String)}, e.g. for a class that
     * cannot carry annotations or whose stored form should differ from its fields. Schema fields are
     * matched to the class's properties by name; properties the schema lacks are not stored.
     */
    @SuppressWarnings("unchecked")
    public synchronized <T> RecordBinding<T> register(Class<T> type, Schema schema) {
        RecordBinding<?> existing = bindings.get(type);
        if (existing != null) {
            if (existing.schema().equals(schema)) {
                return (RecordBinding<T>) existing;
            }
            throw new SchemaException(type.getName() + " is already bound to " + existing.schema());
        }
        return bind(type, schema, Reflection.properties(type));
    }

    private <T> RecordBinding<T> bind(Class<T> type, Schema schema, List<Property> props) {
        Schema registered = register(schema);
        RecordBinding<T> binding = new RecordBinding<>(this, type, registered, props);
        bindings.put(type, binding);
        bindingByTypeName.put(registered.typeName(), binding);
        return binding;
    }

    /** Registers a class reached through a field while registering another; returns its type name. */
    synchronized String registerNested(Class<?> type) {
        if (inProgress.contains(type)) {
            return Reflection.typeName(type);
        }
        return register(type).schema().typeName();
    }

    /** The binding of a registered class; {@link SchemaException} when the class is not registered. */
    @SuppressWarnings("unchecked")
    public <T> RecordBinding<T> binding(Class<T> type) {
        RecordBinding<?> b = bindings.get(type);
        if (b == null) {
            throw new SchemaException(type.getName() + " is not registered with navpack: register the class "
                    + "(or its package) in the navpack configuration");
        }
        return (RecordBinding<T>) b;
    }

    /** The binding of a registered class, or null. */
    public RecordBinding<?> findBinding(Class<?> type) {
        return bindings.get(type);
    }

    /** The class bound to type {@code typeName} in this JVM, or null when none is (e.g. on a member without user classes). */
    public RecordBinding<?> bindingOf(String typeName) {
        return bindingByTypeName.get(typeName);
    }

    /** The schema for a type id and version if it is registered here, without asking anyone; or null. */
    public Schema local(int typeId, int version) {
        return table.get(typeId, version);
    }

    /** The schema for a type id and version, asking the {@link SchemaSource} when it is not known here; null when nobody knows it. */
    public Schema find(int typeId, int version) {
        Schema s = table.get(typeId, version);
        if (s == null) {
            SchemaSource src = source;
            if (src != null) {
                Schema fetched = src.fetch(typeId, version);
                if (fetched != null) {
                    if (fetched.typeId() != typeId || fetched.version() != version) {
                        throw new SchemaException("schema source answered " + fetched + " when asked for type id "
                                + typeId + " version " + version);
                    }
                    s = learn(fetched);
                }
            }
        }
        return s;
    }

    /** The schema for a type id and version; {@link NavpackFormatException} naming them when nobody knows it. */
    public Schema schema(int typeId, int version) {
        return schema(typeId, version, -1);
    }

    Schema schema(int typeId, int version, int offset) {
        Schema s = table.get(typeId, version);
        if (s != null) {
            return s;
        }
        s = find(typeId, version);
        if (s == null) {
            String name = nameById.get(typeId);
            throw new NavpackFormatException("unknown schema: type id " + typeId + " version " + version
                    + (name != null ? " (type " + name + " is known in other versions)" : ""), offset);
        }
        return s;
    }

    /** Every schema known here. */
    public Collection<Schema> schemas() {
        return table.all();
    }
}
