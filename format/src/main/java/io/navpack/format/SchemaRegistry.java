package io.navpack.format;


import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.lang.reflect.Modifier;

/**
 * The schemas a JVM knows, by type id and version, and the Java classes bound to them.
 *
 * <p>Registering a schema applies the rules of {@link SchemaCatalog} to what is known: a second,
 * different schema under the same type id and version, a type id already used by another type name, a
 * type name already using another id, or a field whose type differs from its type in another version
 * is refused with {@link SchemaConflictException}, which names the fields and the fix. Registering an
 * equal schema again is a no-op. Registering a class derives its schema by reflection once (nested
 * record classes too); its version is chosen unless {@link NavpackType#version()} gives one.
 *
 * <p>Lookups are lock-free. A {@link SchemaSource} can supply schemas that are not known locally (the
 * cluster). A {@link SchemaPublisher}, when set, agrees every schema this JVM creates before it is
 * registered and can refuse it or choose its version; schemas that come from elsewhere
 * ({@link #learn}, {@link #accept}) skip it. When the publisher's side may have lost what was agreed
 * (a cluster restarted), {@link #publicationLost()} makes the next registration, and
 * {@link #ensurePublished()} (which writers call), publish everything again first.
 */
public final class SchemaRegistry {
    private final Map<Class<?>, RecordBinding<?>> bindings = new ConcurrentHashMap<>();
    private final Map<String, RecordBinding<?>> bindingByTypeName = new ConcurrentHashMap<>();
    private final Set<Class<?>> inProgress = new HashSet<>();
    private final Object schemaLock = new Object();
    private final Object publishLock = new Object();
    /** Schemas by type id and version; lookups neither box nor lock. */
    private volatile SchemaTable table = SchemaTable.EMPTY;
    /** The same schemas, for the rules. */
    private volatile SchemaCatalog catalog = SchemaCatalog.EMPTY;
    private volatile SchemaSource source;
    private volatile SchemaPublisher publisher;
    private final AtomicLong lostPublications = new AtomicLong();
    private volatile long republished;
    private final Object owner;

    /** A registry of its own, outside any host. */
    public SchemaRegistry() {
        this(null);
    }

    /**
     * A registry of {@code owner}: the object that reads and writes values through it (in a Hazelcast member or
     * client, navpack's context of that instance), which navpack's other modules reach from a value read here
     * through {@link PackedRecord#registry()} and {@link #owner()}.
     */
    public SchemaRegistry(Object owner) {
        this.owner = owner;
    }

    /** The object this registry was created for, or null. */
    public Object owner() {
        return owner;
    }

    /** Where schemas not known here are looked up; null for none. */
    public void setSource(SchemaSource source) {
        this.source = source;
    }

    /**
     * Agrees every schema created here (from a class or a builder) before it is registered, outside any
     * lock of this registry's lookups; a refusal refuses the registration. Null for none.
     */
    public void setPublisher(SchemaPublisher publisher) {
        this.publisher = publisher;
    }

    /**
     * Registers a schema created here under its own version; the publisher (if any) agrees it first.
     * Returns the registered instance (an equal one already known, or this one).
     */
    public Schema register(Schema schema) {
        return register(schema, false);
    }

    /**
     * Registers the fields of {@code proposal} under a version chosen by the rules (locally, or by the
     * publisher when there is one): the version that already has exactly these fields, or one above the
     * highest version of the type. The proposal's own version is ignored. Returns the registered schema.
     */
    public Schema registerChoosingVersion(Schema proposal) {
        return register(proposal, true);
    }

    private Schema register(Schema proposal, boolean chooseVersion) {
        if (!chooseVersion) {
            Schema existing = table.get(proposal.typeId(), proposal.version());
            if (existing != null && existing.equals(proposal)) {
                ensurePublished();
                return existing;
            }
        }
        Schema local = catalog.admit(proposal, chooseVersion, "this JVM");
        if (table.get(local.typeId(), local.version()) == local) {
            ensurePublished();
            return local;
        }
        SchemaPublisher p = publisher;
        if (p == null) {
            return learn(local);
        }
        ensurePublished();
        SchemaPublisher.Answer answer = p.publish(List.of(new SchemaPublisher.Proposal(proposal, chooseVersion))).get(0);
        if (answer.refused() != null) {
            throw answer.refused();
        }
        return accept(answer.agreed());
    }

    /**
     * Registers several schemas created here, each under its own version, as {@link #register(Schema)} does, but
     * with those not yet agreed sent to the publisher in one request (a document schema has hundreds of types).
     * Throws the first refusal after accepting the schemas that were agreed.
     */
    public void registerAll(List<Schema> schemas) {
        List<SchemaPublisher.Proposal> pending = new ArrayList<>();
        for (Schema proposal : schemas) {
            Schema existing = table.get(proposal.typeId(), proposal.version());
            if (existing != null && existing.equals(proposal)) {
                continue;
            }
            Schema local = catalog.admit(proposal, false, "this JVM");
            if (table.get(local.typeId(), local.version()) == local) {
                continue;
            }
            if (publisher == null) {
                learn(local);
            } else {
                pending.add(new SchemaPublisher.Proposal(proposal, false));
            }
        }
        ensurePublished();
        SchemaPublisher p = publisher;
        if (pending.isEmpty() || p == null) {
            return;
        }
        SchemaException refused = null;
        for (SchemaPublisher.Answer answer : p.publish(pending)) {
            if (answer.refused() != null) {
                refused = refused == null ? answer.refused() : refused;
            } else {
                accept(answer.agreed());
            }
        }
        if (refused != null) {
            throw refused;
        }
    }

    /**
     * Registers a schema that comes from elsewhere (another JVM, a schema file) without publishing it,
     * under the same rules as {@link #register(Schema)}.
     */
    public Schema learn(Schema schema) {
        Schema result;
        synchronized (schemaLock) {
            Schema existing = table.get(schema.typeId(), schema.version());
            if (existing != null && existing.equals(schema)) {
                return existing;
            }
            catalog.admit(schema, false, "this JVM");
            add(schema);
            result = schema;
        }
        return result;
    }

    /**
     * Registers a schema that the publisher's side agreed on (e.g. the cluster's catalog), which is the
     * authority: a different schema held here under the same id and version is replaced, and classes
     * bound to the replaced schema are unbound for writing, so that writing one registers the class again
     * (a class whose version is chosen then gets a version of its own; one with a declared version is
     * refused, naming the conflict). Returns the registered instance.
     */
    public Schema accept(Schema agreed) {
        Schema replaced;
        synchronized (schemaLock) {
            replaced = table.get(agreed.typeId(), agreed.version());
            if (replaced != null && replaced.equals(agreed)) {
                return replaced;
            }
            add(agreed);
        }
        if (replaced != null) {
            bindings.values().removeIf(b -> b.schema() == replaced);
        }
        return agreed;
    }

    /** Adds or replaces a schema; under {@link #schemaLock}. */
    private void add(Schema schema) {
        table = table.replacing(schema);
        catalog = catalog.with(schema);
    }

    /**
     * Says that what the publisher agreed may be lost (the cluster restarted, or this JVM reconnected to
     * it): the next registration, and {@link #ensurePublished()}, publish every schema held here again first.
     */
    public void publicationLost() {
        lostPublications.incrementAndGet();
    }

    /**
     * Publishes every schema again if {@link #publicationLost()} was called since the last time (see
     * {@link #republishIfLost()}); otherwise costs a read of two volatile fields.
     */
    public void ensurePublished() {
        if (lostPublications.get() != republished) {
            republishIfLost();
        }
    }

    /**
     * If {@link #publicationLost()} was called since the last republication, publishes every schema held
     * here again under its own version, and returns the refusals: where the publisher's side holds another
     * schema under an id and version, that schema is {@linkplain #accept accepted} here in place of the
     * local one, because the publisher's side is where values are stored. One republication runs at a time;
     * others wait for it.
     */
    public List<SchemaException> republishIfLost() {
        return republish(false, true);
    }

    /**
     * Publishes every schema held here again under its own version (e.g. after this JVM's side of a split
     * cluster merged into the other) and returns the refusals, keeping the local schemas.
     */
    public List<SchemaException> republish() {
        return republish(true, false);
    }

    private List<SchemaException> republish(boolean always, boolean adopt) {
        SchemaPublisher p = publisher;
        if (p == null) {
            return List.of();
        }
        synchronized (publishLock) {
            long lost = lostPublications.get();
            if (!always && lost == republished) {
                return List.of();
            }
            List<Schema> all = catalog.schemas();
            List<SchemaException> refusals = new ArrayList<>();
            if (!all.isEmpty()) {
                List<SchemaPublisher.Proposal> proposals = new ArrayList<>(all.size());
                for (Schema s : all) {
                    proposals.add(new SchemaPublisher.Proposal(s, false));
                }
                for (SchemaPublisher.Answer a : p.republish(proposals)) {
                    if (a.refused() == null) {
                        continue;
                    }
                    refusals.add(a.refused());
                    if (adopt && a.refused() instanceof SchemaConflictException) {
                        Schema theirs = ((SchemaConflictException) a.refused()).existing();
                        Schema ours = ((SchemaConflictException) a.refused()).refused();
                        if (theirs != null && ours != null && theirs.key() == ours.key()) {
                            accept(theirs);
                        }
                    }
                }
            }
            republished = Math.max(republished, lost);
            return refusals;
        }
    }

    /**
     * Registers a class: derives its schema from a Java record's components or a POJO's fields (with
     * bean getters and setters where they exist), registers nested record classes, and binds them.
     * The schema's name and id come from {@link NavpackType} when present; its version too when the
     * annotation gives one, otherwise it is chosen ({@link #registerChoosingVersion}).
     */
    @SuppressWarnings("unchecked")
    public synchronized <T> RecordBinding<T> register(Class<T> type) {
        RecordBinding<?> existing = bindings.get(type);
        if (existing != null) {
            return (RecordBinding<T>) existing;
        }
        if (type.isEnum() || type.isInterface() || type.isArray() || type.isPrimitive()
                || Modifier.isAbstract(type.getModifiers())) {
            throw new SchemaException(type.getName() + " cannot be registered: only records and classes with fields can");
        }
        inProgress.add(type);
        try {
            NavpackType a = type.getAnnotation(NavpackType.class);
            Schema.Builder b = Schema.builder(Reflection.typeName(type));
            if (a != null && a.id() >= 0) {
                b.typeId(a.id());
            }
            boolean choose = a == null || a.version() == NavpackType.AUTOMATIC;
            b.version(choose ? 1 : a.version());
            List<Property> props = Reflection.properties(type);
            for (Property p : props) {
                b.field(p.name, Reflection.typeOf(p.genericType, this, type.getName() + "." + p.name), !p.primitive());
            }
            return bind(type, register(b.build(), choose), props);
        } finally {
            inProgress.remove(type);
        }
    }

    /**
     * Binds a class to a schema declared with {@link Schema#builder(String)}, e.g. for a class that
     * cannot carry annotations or whose stored form should differ from its fields. Schema fields are
     * matched to the class's properties by name; properties the schema lacks are not stored. The schema
     * keeps its declared version.
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
        List<Property> props = Reflection.properties(type);
        new RecordBinding<>(this, type, schema, props); // refuses a schema the class cannot hold before it is published
        return bind(type, register(schema), props);
    }

    private <T> RecordBinding<T> bind(Class<T> type, Schema registered, List<Property> props) {
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
                    s = accept(fetched);
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
            String name = catalog.typeName(typeId);
            throw new NavpackFormatException("unknown schema: type id " + typeId + " version " + version
                    + (name != null ? " (type " + name + " is known in other versions)" : ""), offset);
        }
        return s;
    }

    /** Every schema known here, in the order of type id and version. */
    public Collection<Schema> schemas() {
        return catalog.schemas();
    }

    // ---------------------------------------------------------------- interface views and builders

    /** The type name that registering {@code type} gives its schema: {@link NavpackType#name()}, or the class name. */
    public static String typeName(Class<?> type) {
        return Reflection.typeName(type);
    }

    /** The interface views of this registry's values ({@link PackedRecord#as(Class)}). */
    final InterfaceViews views = new InterfaceViews(this);

    /**
     * Checks the interface {@code type} against every version of {@code typeName} known here and generates
     * their view classes now, so that a mismatch ({@link SchemaException}) shows before a value is read.
     */
    public void checkView(Class<?> type, String typeName) {
        views.check(type, typeName);
    }

    /** A builder for a new record of the newest version of {@code typeName} known here. */
    public PackedRecord.Builder builder(String typeName) {
        Schema newest = null;
        for (Schema s : catalog.schemas()) {
            if (s.typeName().equals(typeName) && (newest == null || s.version() > newest.version())) {
                newest = s;
            }
        }
        if (newest == null) {
            throw new SchemaException("no schema of type " + typeName + " is known here: register its class or schema,"
                    + " or build from a schema the cluster holds");
        }
        return PackedRecord.builder(newest, this);
    }
}
