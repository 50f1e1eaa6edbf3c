package io.navpack.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.LifecycleEvent;
import com.hazelcast.logging.ILogger;
import com.hazelcast.logging.Logger;
import io.navpack.format.NavpackType;
import io.navpack.format.PackedWriter;
import io.navpack.format.RecordBinding;
import io.navpack.format.SchemaException;
import io.navpack.format.SchemaRegistry;
import io.navpack.hazelcast.internal.HazelcastInstances;
import io.navpack.hazelcast.internal.OperationThreads;
import io.navpack.hazelcast.internal.SerializationInternals;
import io.navpack.hazelcast.schemas.SchemaService;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * navpack's state in one Hazelcast member or client: its settings, its schema registry and the classes
 * registered in it, and its {@link SchemaService}, which shares the schemas with the rest of the cluster. The
 * context lives in its instance's user context, exactly as long as the instance; values read here reach it from
 * their registry ({@link SchemaRegistry#owner()}).
 *
 * <p>Start: when navpack's serializer joins an instance that is being built, the context checks the configuration
 * ({@link StartChecks}) — a member's before it joins its cluster, a client's while it is built — and gives a member's
 * navpack-only maps their interceptors ({@link OtherFormats}); once the instance has started, it says once in the
 * log that navpack is active, and registers the configured classes ({@link ConfiguredClasses}) — on a member when
 * it has started, on a client at its first value — after the schema service has started. Once a schema is
 * registered here, writing its values costs no extra round trip.
 */
public final class NavpackContext {
    /** Key of the context in its instance's user context: the context lives exactly as long as its instance. */
    private static final String USER_CONTEXT_KEY = NavpackContext.class.getName();

    private final HazelcastInstance hz;
    private final boolean member;
    private final SchemaRegistry registry = new SchemaRegistry(this);
    private final SchemaService schemas;
    private final Set<Class<?>> allowed = ConcurrentHashMap.newKeySet();
    /** Interfaces of {@link ReadMode#VIEW} by type name, loaded on first use. */
    private final Map<String, Class<?>> views = new ConcurrentHashMap<>();
    private final ThreadLocal<PackedWriter> writers;
    private final ILogger logger = Logger.getLogger(NavpackContext.class);
    private volatile NavpackSettings settings;
    private volatile boolean initialized;
    private volatile boolean global;
    /** Whether values read here are {@link PackedGenericRecord}s (plain names in queries); decided in {@link #started()}. */
    private volatile boolean genericRecords;
    private volatile boolean started;
    private volatile boolean watching;
    /** Whether the maps of {@link NavpackSettings#maps()} get their interceptors ({@link OtherFormats}). */
    private volatile boolean mapsWatched;
    /** False on a client that has navpack's jar but no navpack configuration (it was told at start). */
    private volatile boolean configured = true;

    private NavpackContext(HazelcastInstance hz) {
        this.hz = hz;
        this.member = HazelcastInstances.isMember(hz);
        this.writers = ThreadLocal.withInitial(() -> new PackedWriter(registry, 256));
        this.schemas = new SchemaService(hz, member, registry, () -> settings().timeout(), version());
        if (member && hz.getLifecycleService() != null) {
            // a member registers its configured classes when it has started (Hazelcast fires STARTED on the thread
            // that creates the member, before returning it), not on its first read, which may come on a
            // partition thread
            hz.getLifecycleService().addLifecycleListener(e -> {
                if (e.getState() == LifecycleEvent.LifecycleState.STARTED) {
                    try {
                        init();
                    } catch (RuntimeException ex) {
                        logger.severe("navpack: the classes configured for this member could not be registered; writing"
                                + " them will try again: " + ex.getMessage(), ex);
                    }
                }
            });
        }
    }

    /** The context of {@code hz} (a member or a client, or their proxies), created on first use. */
    public static NavpackContext of(HazelcastInstance hz) {
        HazelcastInstance original = HazelcastInstances.unwrap(hz);
        return (NavpackContext) original.getUserContext().computeIfAbsent(USER_CONTEXT_KEY,
                k -> new NavpackContext(original));
    }

    /** navpack's version, as its jar says; "(development build)" when it runs from classes. */
    public static String version() {
        String v = NavpackContext.class.getPackage().getImplementationVersion();
        return v != null ? v : "(development build)";
    }

    /** The instance (not its proxy) this context belongs to. */
    public HazelcastInstance instance() {
        return hz;
    }

    /** True on a member, false on a client. */
    public boolean isMember() {
        return member;
    }

    /** The registry of this instance, with the configured classes registered. */
    public SchemaRegistry registry() {
        init();
        return registry;
    }

    /** The service that shares this instance's schemas with the cluster. */
    public SchemaService schemas() {
        return schemas;
    }

    /** Schema publications and lookups this member has answered for others (and itself). */
    public long schemaRequestsServed() {
        return schemas.requestsServed();
    }

    public NavpackSettings settings() {
        NavpackSettings s = settings;
        return s != null ? s : parseSettings();
    }

    /** The settings alone, parsed from the configuration's properties; no class is registered. */
    private synchronized NavpackSettings parseSettings() {
        if (settings == null) {
            settings = NavpackSettings.from(HazelcastInstances.properties(hz), member);
        }
        return settings;
    }

    /**
     * Called before the first value is read or written here (and before any class is registered): decides the
     * query path (and lets navpack's serializer write its generic records, see {@link SerializationInternals}) and
     * says once in the log that navpack is active.
     */
    synchronized void started() {
        if (started) {
            return;
        }
        started = true;
        NavpackSettings s = settings();
        String path;
        if (!s.plainNames()) {
            path = "nav[...] attribute only (" + NavpackSettings.PLAIN_NAMES + "=false)";
        } else if (SerializationInternals.allowOverrideDefaultSerializers(hz)) {
            genericRecords = true;
            path = "plain field names and nav[...]";
        } else {
            path = "nav[...] attribute only: this Hazelcast version does not let navpack write its generic records";
            logger.warning("navpack: plain field names are off on this " + (member ? "member" : "client")
                    + ": the serialization setting allow-override-default-serializers cannot be set");
        }
        cacheDefaultSerializers();
        if (!configured) {
            return;
        }
        logger.info("navpack " + version() + " active on this " + (member ? "member" : "client") + ": read mode "
                + s.readMode().name().toLowerCase(Locale.ROOT) + ", query path: " + path
                + ", adaptive reads: " + (QueryReads.installed().getClass().getName().startsWith("io.navpack.extract")
                ? "on (navpack-extractors)" : "off (navpack-extractors is not on the class path)")
                + (member ? ", agent: " + (agentInstalled() ? "present (index sizing walks indexes)"
                : "absent (index sizing reports NO_AGENT; start the JVM with -javaagent:navpack-agent.jar)") : ""));
    }

    /**
     * With registered serializers allowed to override Hazelcast's defaults, lets keys such as {@code Long} and
     * {@code String} find Hazelcast's serializer at once instead of after a search of their supertypes on every write
     * ({@link SerializationInternals#cacheDefaultSerializers}); where this Hazelcast's internals differ, says so once
     * and works as before.
     */
    private void cacheDefaultSerializers() {
        int cached = SerializationInternals.cacheDefaultSerializers(hz);
        if (cached < 0) {
            logger.info("navpack: Hazelcast's serializers of its default types (Long, String, ...) could not be cached"
                    + " on this " + (member ? "member" : "client") + " (its serialization internals are not those of"
                    + " Hazelcast 5.5 to 5.7): such keys and values are written as before, each after a search for a"
                    + " registered serializer");
        } else {
            if (member && cached > 0 && !SerializationInternals.cachesOperations(hz)) {
                logger.info("navpack: the operations this member sends search for a registered serializer on every write"
                        + " (170-340 ns each), since a serializer is registered for an interface they might implement;"
                        + " answers are unchanged");
            }
            if (logger.isFineEnabled()) {
                logger.fine("navpack: " + cached + " default types look up Hazelcast's own serializer at once");
            }
        }
    }

    boolean isStarted() {
        return started;
    }

    /** Whether navpack's {@code -javaagent} runs in this JVM (the agent jar is not a dependency of this one). */
    private static boolean agentInstalled() {
        try {
            Class<?> agent = Class.forName("io.navpack.agent.NavpackAgent", true, ClassLoader.getSystemClassLoader());
            return (Boolean) agent.getMethod("isInstalled").invoke(null);
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return false;
        }
    }

    /**
     * Called when navpack's serializer joins an instance that is being built: its configuration is checked
     * ({@link StartChecks}) — a member's when it starts, before it joins its cluster, a client's now — and, once the
     * instance has started, navpack says that it is active. A configuration navpack cannot work with stops the
     * instance with a message that names the property (or map) and the fix, instead of failing at first use.
     */
    void watchStart() {
        synchronized (this) {
            if (watching) {
                return;
            }
            watching = true;
        }
        if (!member) {
            // a client tells its lifecycle listeners later, on another thread: check while it is built
            try {
                configured = StartChecks.check(hz, false, this::settings, logger);
            } catch (RuntimeException e) {
                logger.severe(e.getMessage());
                throw e;
            }
        }
        hz.getLifecycleService().addLifecycleListener(event -> {
            if (member && event.getState() == LifecycleEvent.LifecycleState.STARTING) {
                // Hazelcast tells STARTING on the thread that creates the member, before the member opens its socket
                // and joins its cluster: what is thrown here stops the member before any other member sees it
                try {
                    StartChecks.check(hz, true, this::settings, logger);
                } catch (RuntimeException e) {
                    logger.severe(e.getMessage());
                    throw e;
                }
                // no operation can reach the member yet: its navpack-only maps are checked from their first put
                mapsWatched = OtherFormats.watchFromStart(hz, settings());
            }
            // runs whether or not another STARTED listener (the member's registration of its classes) ran first
            if (event.getState() == LifecycleEvent.LifecycleState.STARTED) {
                if (member && !mapsWatched) {
                    OtherFormats.watchLater(hz, settings());
                    mapsWatched = true;
                }
                started();
            }
        });
    }

    /** Whether values read here are {@link PackedGenericRecord}s. */
    boolean genericRecords() {
        return genericRecords;
    }

    PackedWriter writer() {
        return writers.get();
    }

    /** Starts the schema service and registers the configured classes; once, on first use. */
    private void init() {
        if (initialized) {
            return;
        }
        synchronized (this) {
            if (initialized) {
                return;
            }
            NavpackSettings s = settings();
            started();
            ConfiguredClasses configured = new ConfiguredClasses(HazelcastInstances.serializationConfig(hz), loader(),
                    member, logger);
            List<Class<?>> classes = configured.all(s);
            global = configured.navpackIsGlobal();
            allowed.addAll(classes);
            initialized = true;
            hz.getLifecycleService().addLifecycleListener(this::lifecycle);
            schemas.start(() -> registerAll(classes));
        }
    }

    private void registerAll(List<Class<?>> classes) {
        for (Class<?> c : classes) {
            registry.register(c);
        }
        checkViews();
    }

    /**
     * The interface that values of {@code typeName} are read as here ({@link ReadMode#VIEW}), loaded once; null when
     * none is configured (or, on a member, when it is not on the class path).
     */
    Class<?> viewInterface(String typeName) {
        String name = settings().view(typeName);
        if (name == null) {
            return null;
        }
        Class<?> c = views.get(typeName);
        if (c == null) {
            c = new ConfiguredClasses(HazelcastInstances.serializationConfig(hz), loader(), member, logger).load(name);
            if (c == null) {
                return null;
            }
            if (!c.isInterface()) {
                throw new SchemaException(NavpackSettings.VIEW + "." + typeName + " names " + name
                        + ", which is not an interface: a view is an interface with the type's accessors");
            }
            views.put(typeName, c);
        }
        return c;
    }

    /**
     * Checks every configured view against the versions of its type known here, so that an interface that does not
     * match its schema is reported when navpack starts rather than at the first value.
     */
    private void checkViews() {
        for (String typeName : settings().views().keySet()) {
            Class<?> iface = viewInterface(typeName);
            if (iface != null) {
                registry.checkView(iface, typeName);
            }
        }
    }

    private ClassLoader loader() {
        return HazelcastInstances.classLoader(hz, NavpackContext.class.getClassLoader());
    }

    private void lifecycle(LifecycleEvent event) {
        switch (event.getState()) {
            case CLIENT_DISCONNECTED -> schemas.disconnected();
            case CLIENT_CONNECTED -> schemas.connected();
            case MERGED -> schemas.merged();
            case SHUTTING_DOWN -> schemas.stop();
            default -> {
                // nothing to do
            }
        }
    }

    /**
     * Whether {@code type} may be registered on first use. Hazelcast hands a per-type serializer only the classes it
     * is configured for; the global serializer gets every class nobody else takes, so there only configured classes
     * (or all, with auto-register) are accepted.
     */
    private boolean mayRegister(Class<?> type) {
        if (!global || allowed.contains(type) || settings().autoRegister()) {
            return true;
        }
        for (String pkg : settings().packages()) {
            if (type.getPackageName().equals(pkg) && type.isAnnotationPresent(NavpackType.class)) {
                return true;
            }
        }
        return false;
    }

    /** The binding used to write {@code type}: registered, or registered now when configuration allows it. */
    RecordBinding<?> bindingForWrite(Class<?> type) {
        RecordBinding<?> b = registry().findBinding(type);
        if (b != null) {
            registry.ensurePublished();
            return b;
        }
        if (!mayRegister(type)) {
            throw new SchemaException(type.getName() + " is not registered with navpack: list it in "
                    + NavpackSettings.CLASSES + ", annotate it with @NavpackType in a package listed in "
                    + NavpackSettings.PACKAGES + ", or configure NavpackSerializer for it");
        }
        if (member && OperationThreads.onPartitionThread()) {
            throw SchemaService.onPartitionThread(type.getName());
        }
        return registry.register(type);
    }

    /** What reading a value of {@code typeName} returns here. */
    ReadMode readMode(String typeName) {
        return settings().readMode(typeName);
    }
}
