package io.navpack.hazelcast;

import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.client.impl.clientside.HazelcastClientInstanceImpl;
import com.hazelcast.client.impl.clientside.HazelcastClientProxy;
import com.hazelcast.cluster.Member;
import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.config.Config;
import com.hazelcast.config.GlobalSerializerConfig;
import com.hazelcast.config.SerializationConfig;
import com.hazelcast.config.SerializerConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.IExecutorService;
import com.hazelcast.core.LifecycleEvent;
import com.hazelcast.instance.impl.HazelcastInstanceImpl;
import com.hazelcast.instance.impl.HazelcastInstanceProxy;
import com.hazelcast.logging.ILogger;
import com.hazelcast.logging.Logger;
import com.hazelcast.map.IMap;
import io.navpack.format.GeneratedView;
import io.navpack.format.NavpackException;
import io.navpack.format.NavpackType;
import io.navpack.format.PackedWriter;
import io.navpack.format.RecordBinding;
import io.navpack.format.Schema;
import io.navpack.format.SchemaCatalog;
import io.navpack.format.SchemaConflictException;
import io.navpack.format.SchemaException;
import io.navpack.format.SchemaPublisher;
import io.navpack.format.SchemaRegistry;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * navpack's state in one Hazelcast member or client: its settings, its schema registry and the
 * classes registered in it, and the sharing of schemas with the rest of the cluster.
 *
 * <p>Agreement: a schema created here (from a class written here, or a builder) is registered in the
 * cluster's catalog before it is registered here, and so before any value of it can be written. The
 * catalog is one entry of a partitioned map ({@link SchemaTasks#CATALOG}); registrations are entry
 * processors on it, which its partition owner runs one at a time, so when two JVMs race to register
 * different schemas under one type id and version exactly one wins and the other gets a
 * {@link SchemaConflictException}. The catalog also checks a new version against the type's other versions
 * (a field keeps its type) and chooses versions for classes that do not declare one.
 *
 * <p>Distribution: the agreed schema is then given to every member ({@link SchemaTasks.Learn}), and a member
 * that joins is sent every schema by the others, so that members read values without waiting for the
 * catalog. A schema that is still unknown when a value is read is asked of the catalog (clients) or of
 * the members; if nobody knows it, the read fails naming the id and version, and the question is
 * announced on {@link SchemaTasks#MISSING}, where the clients that hold the schema publish it again.
 *
 * <p>Recovery: a client that loses its connection to the cluster publishes every schema it holds again
 * when it is connected again (to a restarted cluster, or to the other side of a split), and before it
 * writes anything else; a member publishes its schemas again after its side of a split cluster merged
 * into the other, and the oldest member puts its schemas back into the catalog after members left (in
 * case the catalog's entry was lost with them). Once a schema is registered here, writing its values
 * costs no extra round trip.
 */
public final class NavpackContext {
    /** Key of the context in its instance's user context: the context lives exactly as long as its instance. */
    private static final String USER_CONTEXT_KEY = NavpackContext.class.getName();
    /** Contexts by registry, neither kept alive by this map. */
    private static final Map<SchemaRegistry, java.lang.ref.WeakReference<NavpackContext>> BY_REGISTRY =
            java.util.Collections.synchronizedMap(new WeakHashMap<>());
    /** Most misses remembered (and so asked for) per half second. */
    private static final int MAX_REMEMBERED = 256;

    private final HazelcastInstance hz;
    private final boolean member;
    private final SchemaRegistry registry = new SchemaRegistry();
    private final Set<Class<?>> allowed = ConcurrentHashMap.newKeySet();
    private final Map<Class<?>, Object> attachments = new ConcurrentHashMap<>();
    /** Interfaces of {@link ReadMode#VIEW} by type name, loaded on first use. */
    private final Map<String, Class<?>> views = new ConcurrentHashMap<>();
    /** Type id and version (as {@link Schema#key()}) of schemas nobody had, to the time (nanoTime) until which they are not asked again. */
    private final Map<Long, Long> recentMisses = new ConcurrentHashMap<>();
    /** Schemas republished on request of the missing-schema topic, to the time until which they are not again. */
    private final Map<Long, Long> recentAnswers = new ConcurrentHashMap<>();
    /** One thread for republication and other work that must not wait on Hazelcast's threads; created on first use. */
    private volatile ScheduledExecutorService background;
    /** How often a member compares its schemas with the catalog's (a schema agreed while it joined may miss it). */
    static final long CATALOG_SYNC_SECONDS = 10;

    private final ThreadLocal<PackedWriter> writers;
    private final ILogger logger = Logger.getLogger(NavpackContext.class);
    private volatile NavpackSettings settings;
    private volatile boolean initialized;
    private final java.util.concurrent.atomic.AtomicLong schemaRequests = new java.util.concurrent.atomic.AtomicLong();
    private volatile boolean global;
    /** Whether values read here are {@link PackedGenericRecord}s (plain names in queries); decided in {@link #started()}. */
    private volatile boolean genericRecords;
    private volatile boolean started;

    private NavpackContext(HazelcastInstance hz) {
        this.hz = hz;
        this.member = hz instanceof HazelcastInstanceImpl;
        this.writers = ThreadLocal.withInitial(() -> new PackedWriter(registry, 256));
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
        HazelcastInstance original = unwrap(hz);
        return (NavpackContext) original.getUserContext().computeIfAbsent(USER_CONTEXT_KEY, k -> {
            NavpackContext c = new NavpackContext(original);
            BY_REGISTRY.put(c.registry, new java.lang.ref.WeakReference<>(c));
            return c;
        });
    }

    /**
     * The context a registry belongs to, e.g. the registry of a {@code PackedRecord} that a member read;
     * null for registries made outside Hazelcast.
     */
    public static NavpackContext forRegistry(SchemaRegistry registry) {
        java.lang.ref.WeakReference<NavpackContext> c = BY_REGISTRY.get(registry);
        return c == null ? null : c.get();
    }

    /**
     * State that another navpack module keeps per instance (e.g. the extractor's parsed settings),
     * created once from this context.
     */
    @SuppressWarnings("unchecked")
    public <T> T attachment(Class<T> key, java.util.function.Function<NavpackContext, T> create) {
        Object v = attachments.get(key);
        if (v == null) {
            v = attachments.computeIfAbsent(key, k -> create.apply(this));
        }
        return (T) v;
    }

    private static HazelcastInstance unwrap(HazelcastInstance hz) {
        if (hz instanceof HazelcastInstanceProxy) {
            return ((HazelcastInstanceProxy) hz).getOriginal();
        }
        if (hz instanceof HazelcastClientProxy) {
            return ((HazelcastClientProxy) hz).client;
        }
        return hz;
    }

    /** Schema publications and lookups this member has answered for others (and itself). */
    public long schemaRequestsServed() {
        return schemaRequests.get();
    }

    void servedSchemaRequest() {
        schemaRequests.incrementAndGet();
    }

    /** The member's node engine (for the one place that looks entries up, {@link OperationContext}); null on a client. */
    com.hazelcast.spi.impl.NodeEngine nodeEngine() {
        return member ? ((HazelcastInstanceImpl) hz).node.getNodeEngine() : null;
    }

    /** True on a member, false on a client. */
    public boolean isMember() {
        return member;
    }

    public SchemaRegistry registry() {
        init();
        return registry;
    }

    public NavpackSettings settings() {
        NavpackSettings s = settings;
        return s != null ? s : parseSettings();
    }

    /** The settings alone, parsed from the configuration's properties; no class is registered. */
    private synchronized NavpackSettings parseSettings() {
        if (settings == null) {
            Properties properties = member ? hz.getConfig().getProperties()
                    : ((HazelcastClientInstanceImpl) hz).getClientConfig().getProperties();
            settings = NavpackSettings.from(properties, member);
        }
        return settings;
    }

    /**
     * Called before the first value is read or written here (and before any class is registered):
     * decides the query path (and lets navpack's serializer write its generic records, see
     * {@link HazelcastInternals}) and says once in the log that navpack is active.
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
        } else if (HazelcastInternals.allowOverrideDefaultSerializers(hz)) {
            genericRecords = true;
            path = "plain field names and nav[...]";
        } else {
            path = "nav[...] attribute only: this Hazelcast version does not let navpack write its generic records";
            logger.warning("navpack: plain field names are off on this " + (member ? "member" : "client")
                    + ": the serialization setting allow-override-default-serializers cannot be set");
        }
        logger.info("navpack " + version() + " active on this " + (member ? "member" : "client") + ": read mode "
                + s.readMode().name().toLowerCase(java.util.Locale.ROOT) + ", query path: " + path
                + ", adaptive reads: " + (QueryReads.installed().getClass().getName().startsWith("io.navpack.extract")
                ? "on (navpack-extractors)" : "off (navpack-extractors is not on the class path)")
                + (member ? ", agent: " + (agentInstalled() ? "present (index sizing walks indexes)"
                : "absent (index sizing reports NO_AGENT; start the JVM with -javaagent:navpack-agent.jar)") : ""));
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

    private volatile boolean watching;

    /**
     * Called when navpack's serializer joins an instance that is being built: once the instance has
     * started, its configuration is checked ({@link #checkAtStart}) and navpack says that it is active.
     * A configuration navpack cannot work with stops the instance with a message that names the
     * property (or map) and the fix, instead of failing at first use.
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
                checkAtStart();
            } catch (RuntimeException e) {
                logger.severe(e.getMessage());
                throw e;
            }
        }
        hz.getLifecycleService().addLifecycleListener(event -> {
            // runs whether or not another STARTED listener (the member's registration of its classes) ran first
            if (event.getState() == LifecycleEvent.LifecycleState.STARTED) {
                if (member) {
                    try {
                        checkAtStart();
                    } catch (RuntimeException e) {
                        logger.severe(e.getMessage());
                        // the member has started: stop it, so that the mistake is fixed before it serves
                        hz.getLifecycleService().terminate();
                        throw e;
                    }
                }
                started();
            }
        });
    }

    /**
     * The checks made when an instance starts: the navpack properties parse; on a client every class
     * that {@value NavpackSettings#CLASSES} names can be loaded; on a member every navpack extractor
     * that a map's attributes name can be loaded.
     */
    void checkAtStart() {
        NavpackSettings s = settings();
        List<String> problems = new ArrayList<>();
        if (member) {
            Config config = hz.getConfig();
            ClassLoader loader = config.getClassLoader() != null ? config.getClassLoader() : NavpackContext.class.getClassLoader();
            for (com.hazelcast.config.MapConfig map : config.getMapConfigs().values()) {
                for (com.hazelcast.config.AttributeConfig a : map.getAttributeConfigs()) {
                    String extractor = a.getExtractorClassName();
                    if (extractor != null && extractor.startsWith("io.navpack.") && !loadable(extractor, loader)) {
                        problems.add("map '" + map.getName() + "' gives attribute '" + a.getName() + "' the extractor "
                                + extractor + ", which is not on this member's class path: add navpack-extractors-"
                                + version() + ".jar to the member's class path, beside navpack-serializer");
                    }
                }
            }
        } else {
            ClientConfig config = ((HazelcastClientInstanceImpl) hz).getClientConfig();
            ClassLoader loader = config.getClassLoader() != null ? config.getClassLoader() : NavpackContext.class.getClassLoader();
            for (String name : s.classes()) {
                if (!loadable(name, loader)) {
                    problems.add(NavpackSettings.CLASSES + " names " + name + ", which is not on this client's class path:"
                            + " correct the name (a fully qualified class name) or add the jar that holds the class");
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new NavpackException("navpack cannot start on this " + (member ? "member" : "client") + ": "
                    + String.join("; ", problems));
        }
    }

    private static boolean loadable(String name, ClassLoader loader) {
        try {
            Class.forName(name, false, loader);
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Whether values read here are {@link PackedGenericRecord}s. */
    boolean genericRecords() {
        return genericRecords;
    }

    private static String version() {
        String v = NavpackContext.class.getPackage().getImplementationVersion();
        return v != null ? v : "(development build)";
    }

    PackedWriter writer() {
        return writers.get();
    }

    void warn(String message) {
        logger.warning(message);
    }

    /** Reads the settings and registers the configured classes; once, on first use. */
    private void init() {
        if (initialized) {
            return;
        }
        synchronized (this) {
            if (initialized) {
                return;
            }
            SerializationConfig serialization;
            ClassLoader loader;
            if (member) {
                Config config = hz.getConfig();
                serialization = config.getSerializationConfig();
                loader = config.getClassLoader();
            } else {
                ClientConfig config = ((HazelcastClientInstanceImpl) hz).getClientConfig();
                serialization = config.getSerializationConfig();
                loader = config.getClassLoader();
            }
            if (loader == null) {
                loader = NavpackContext.class.getClassLoader();
            }
            NavpackSettings s = settings();
            started();
            registry.setSource(this::findInCluster);
            registry.setPublisher(new SchemaPublisher() {
                @Override
                public List<SchemaPublisher.Answer> publish(List<SchemaPublisher.Proposal> proposals) {
                    return NavpackContext.this.publish(proposals);
                }

                @Override
                public List<SchemaPublisher.Answer> republish(List<SchemaPublisher.Proposal> proposals) {
                    return NavpackContext.this.republish(proposals);
                }
            });
            List<Class<?>> classes = new ArrayList<>();
            for (SerializerConfig sc : serialization.getSerializerConfigs()) {
                if (isNavpack(sc.getClassName(), sc.getImplementation())) {
                    Class<?> type = sc.getTypeClass();
                    if (type == null && sc.getTypeClassName() != null) {
                        type = load(sc.getTypeClassName(), loader);
                    }
                    if (type != null && !navpackOwn(type)) {
                        classes.add(type);
                    }
                }
            }
            for (String name : s.classes()) {
                Class<?> c = load(name, loader);
                if (c != null) {
                    classes.add(c);
                }
            }
            for (String pkg : s.packages()) {
                classes.addAll(PackageScanner.annotatedClasses(pkg, loader, NavpackType.class));
            }
            GlobalSerializerConfig gsc = serialization.getGlobalSerializerConfig();
            global = gsc != null && isNavpack(gsc.getClassName(), gsc.getImplementation());
            classes.addAll(hookTypes(loader));
            allowed.addAll(classes);
            initialized = true;
            if (member) {
                hz.getCluster().addMembershipListener(new SchemaPusher());
            } else {
                try {
                    hz.getTopic(SchemaTasks.MISSING).addMessageListener(m -> {
                        if (m.getMessageObject() instanceof Long) {
                            answerMissing((Long) m.getMessageObject());
                        }
                    });
                } catch (RuntimeException e) {
                    logger.warning("navpack: cannot listen for schemas that members miss: " + e);
                }
            }
            hz.getLifecycleService().addLifecycleListener(this::lifecycle);
            if (member && OperationContext.onPartitionThread()) {
                // a partition thread must not wait for the catalog: the classes are registered beside it
                runInBackground("registering " + classes, () -> {
                    learnCatalog();
                    registerAll(classes);
                });
                syncWithCatalogPeriodically();
            } else {
                if (member) {
                    // what the catalog holds (e.g. kept by a MapStore through a restart) is known here from the start
                    try {
                        learnCatalog();
                    } catch (RuntimeException e) {
                        logger.warning("navpack: cannot read the schema catalog: " + e);
                    }
                    syncWithCatalogPeriodically();
                }
                registerAll(classes);
            }
        }
    }

    private void registerAll(List<Class<?>> classes) {
        for (Class<?> c : classes) {
            registry.register(c);
        }
        checkViews();
    }

    /** navpack's own types, which Hazelcast hands to its serializer: not classes to register. */
    private static boolean navpackOwn(Class<?> type) {
        return io.navpack.format.PackedRecord.class.isAssignableFrom(type) || type == GeneratedView.class;
    }

    /**
     * The interface that values of {@code typeName} are read as here ({@link ReadMode#VIEW}), loaded once; null
     * when none is configured (or, on a member, when it is not on the class path).
     */
    Class<?> viewInterface(String typeName) {
        String name = settings().view(typeName);
        if (name == null) {
            return null;
        }
        Class<?> c = views.get(typeName);
        if (c == null) {
            c = load(name, loader());
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
     * Checks every configured view against the versions of its type known here, so that an interface that
     * does not match its schema is reported when navpack starts rather than at the first value.
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
        ClassLoader loader = member ? hz.getConfig().getClassLoader()
                : ((HazelcastClientInstanceImpl) hz).getClientConfig().getClassLoader();
        return loader != null ? loader : NavpackContext.class.getClassLoader();
    }

    private void lifecycle(LifecycleEvent event) {
        switch (event.getState()) {
            case CLIENT_DISCONNECTED:
                registry.publicationLost();
                break;
            case CLIENT_CONNECTED:
                // connected again (after CLIENT_DISCONNECTED): to the same cluster, the other side of a split,
                // or a restarted cluster; writes wait for this, and it runs even if nothing is written
                runInBackground("publishing the schemas again after reconnecting", () -> report(registry.republishIfLost()));
                break;
            case MERGED:
                // this member's side of a split cluster merged into the other, whose catalog lacks what was agreed
                // here, and which holds what was agreed there
                runInBackground("publishing the schemas again after a merge", () -> {
                    report(registry.republish());
                    learnCatalog();
                });
                break;
            case SHUTTING_DOWN:
                ExecutorService b = background;
                if (b != null) {
                    b.shutdownNow();
                }
                break;
            case SHUTDOWN:
                BY_REGISTRY.remove(registry);
                break;
            default:
                break;
        }
    }

    private void report(List<SchemaException> refusals) {
        for (SchemaException e : refusals) {
            if (member) {
                logger.severe("navpack: this member and the cluster's catalog disagree (values of this id and version"
                        + " written before the merge may be read differently on different members; 'navpack schemas'"
                        + " lists the disagreement): " + e.getMessage());
            } else {
                logger.warning("navpack: the cluster holds another schema than this client did; the client now uses"
                        + " the cluster's: " + e.getMessage());
            }
        }
    }

    /** Runs {@code task} on this instance's one background thread, logging a failure. */
    private void runInBackground(String what, Runnable task) {
        try {
            background().execute(() -> run(what, task));
        } catch (RejectedExecutionException e) {
            // shutting down
        }
    }

    /** On a member: learns, every {@link #CATALOG_SYNC_SECONDS} s, what the catalog holds and this member lacks. */
    private void syncWithCatalogPeriodically() {
        try {
            background().scheduleWithFixedDelay(() -> run("comparing the schemas with the catalog", this::learnCatalog),
                    CATALOG_SYNC_SECONDS, CATALOG_SYNC_SECONDS, TimeUnit.SECONDS);
        } catch (RejectedExecutionException e) {
            // shutting down
        }
    }

    private ScheduledExecutorService background() {
        ScheduledExecutorService b = background;
        if (b == null) {
            synchronized (this) {
                b = background;
                if (b == null) {
                    b = Executors.newSingleThreadScheduledExecutor(r -> {
                        Thread t = new Thread(r, "navpack-schemas-" + hz.getName());
                        t.setDaemon(true);
                        return t;
                    });
                    background = b;
                }
            }
        }
        return b;
    }

    /** Runs {@code task}, logging a failure unless the instance is shutting down. */
    private void run(String what, Runnable task) {
        try {
            task.run();
        } catch (RuntimeException e) {
            if (hz.getLifecycleService().isRunning()) {
                logger.warning("navpack: failed " + what + ": " + e);
            }
        }
    }

    private static boolean isNavpack(String className, Object implementation) {
        return implementation instanceof NavpackSerializer || NavpackSerializer.class.getName().equals(className);
    }

    private Class<?> load(String name, ClassLoader loader) {
        try {
            return Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            if (member) {
                // members need no user classes: values of this type are served as PackedRecord
                logger.info("navpack: class " + name + " is not on this member's class path; its values are read as PackedRecord");
                return null;
            }
            throw new SchemaException("navpack cannot load configured class " + name + ": " + e, e);
        }
    }

    /** Classes registered through {@link NavpackTypeHook} subclasses listed for Hazelcast's service loader. */
    private List<Class<?>> hookTypes(ClassLoader loader) {
        List<Class<?>> out = new ArrayList<>();
        try {
            java.util.Enumeration<java.net.URL> files = loader.getResources("META-INF/services/com.hazelcast.SerializerHook");
            while (files.hasMoreElements()) {
                try (java.io.BufferedReader r = new java.io.BufferedReader(new java.io.InputStreamReader(
                        files.nextElement().openStream(), java.nio.charset.StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        String name = line.replaceAll("#.*", "").trim();
                        if (name.isEmpty()) {
                            continue;
                        }
                        Class<?> c = load(name, loader);
                        if (c != null && NavpackTypeHook.class.isAssignableFrom(c)) {
                            Class<?> type = ((NavpackTypeHook<?>) c.getDeclaredConstructor().newInstance()).getSerializationType();
                            if (!navpackOwn(type)) {
                                out.add(type);
                            }
                        }
                    }
                }
            }
        } catch (java.io.IOException | ReflectiveOperationException e) {
            logger.warning("navpack: cannot read the serializer hooks: " + e);
        }
        return out;
    }

    /**
     * Whether {@code type} may be registered on first use. Hazelcast hands a per-type serializer only
     * the classes it is configured for; the global serializer gets every class nobody else takes, so
     * there only configured classes (or all, with auto-register) are accepted.
     */
    private boolean mayRegister(Class<?> type) {
        if (!global || allowed.contains(type) || settings().autoRegister()) {
            return true;
        }
        for (String pkg : settings.packages()) {
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
        if (member && OperationContext.onPartitionThread()) {
            throw onPartitionThread(type.getName());
        }
        return registry.register(type);
    }

    private static SchemaException onPartitionThread(String what) {
        return new SchemaException("navpack cannot agree the schema of " + what + " with the cluster on a partition"
                + " thread (inside an entry processor or another map operation), which must not wait for another"
                + " partition: register the class when the member starts (" + NavpackSettings.CLASSES + ", "
                + NavpackSettings.PACKAGES + " or NavpackConfig.of(...)), or write one value of it from a client or an"
                + " application thread first");
    }

    /** What reading a value of {@code typeName} returns here. */
    ReadMode readMode(String typeName) {
        return settings().readMode(typeName);
    }

    // ---------------------------------------------------------------- cluster

    private IExecutorService executor() {
        return hz.getExecutorService(SchemaTasks.EXECUTOR);
    }

    private IMap<String, byte[]> catalog() {
        return hz.getMap(SchemaTasks.CATALOG);
    }

    /**
     * The publisher: agrees {@code proposals} in the cluster's catalog, then gives the agreed schemas to every
     * member and waits for them, also when the catalog held them already: another JVM that just added one may
     * still be giving it to the members, and a value written before a member holds its schema cannot be read
     * there at put. A member that holds a different schema under an agreed id and version refuses it, and the
     * registration of that schema fails naming the member.
     */
    private List<SchemaPublisher.Answer> publish(List<SchemaPublisher.Proposal> proposals) {
        return publish(proposals, true);
    }

    /** The publisher, again (after a reconnection or a merge): the same as {@link #publish(List)}. */
    private List<SchemaPublisher.Answer> republish(List<SchemaPublisher.Proposal> proposals) {
        return publish(proposals, true);
    }

    private List<SchemaPublisher.Answer> publish(List<SchemaPublisher.Proposal> proposals, boolean all) {
        if (member && OperationContext.onPartitionThread()) {
            List<String> names = new ArrayList<>();
            for (SchemaPublisher.Proposal p : proposals) {
                names.add(p.schema().typeName());
            }
            throw onPartitionThread(String.join(", ", names));
        }
        List<Schema> added = new ArrayList<>();
        List<SchemaPublisher.Answer> answers = new ArrayList<>(agree(proposals, added));
        List<Schema> agreed = new ArrayList<>();
        for (SchemaPublisher.Answer a : answers) {
            if (a.agreed() != null && (all || added.contains(a.agreed()))) {
                agreed.add(a.agreed());
            }
        }
        if (agreed.isEmpty()) {
            return answers;
        }
        Map<Member, List<byte[]>> learned = collect(executor().submitToAllMembers(new SchemaTasks.Learn(agreed)),
                "giving " + agreed.size() + " schemas to the members", null);
        for (Map.Entry<Member, List<byte[]>> e : learned.entrySet()) {
            List<byte[]> refused = e.getValue();
            if (refused == null) {
                continue;
            }
            for (byte[] b : refused) {
                Schema held = Schema.fromBytes(b);
                for (int i = 0; i < answers.size(); i++) {
                    Schema a = answers.get(i).agreed();
                    if (a != null && a.key() == held.key()) {
                        answers.set(i, SchemaPublisher.Answer.refused(new SchemaException("member "
                                + e.getKey().getAddress() + " holds " + held + ", not " + a + " that the cluster's catalog"
                                + " holds under type id " + a.typeId() + " version " + a.version() + " (members and catalog"
                                + " disagree, e.g. after a split cluster merged; 'navpack schemas' lists the disagreement):"
                                + " give the changed class another version or type id")));
                    }
                }
            }
        }
        return answers;
    }

    /**
     * Runs {@link SchemaTasks.Register} on the catalog's entry, once more when the member that ran it left
     * before answering (registering is idempotent), within the configured timeout.
     */
    private List<SchemaPublisher.Answer> agree(List<SchemaPublisher.Proposal> proposals, List<Schema> added) {
        long timeout = settings().timeout().toMillis();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeout);
        SchemaTasks.Register task = new SchemaTasks.Register(proposals);
        boolean again = false;
        while (true) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            Throwable failure;
            try {
                byte[] answers = catalog().submitToKey(SchemaTasks.CATALOG_KEY, task).toCompletableFuture()
                        .get(Math.max(1, left), TimeUnit.MILLISECONDS);
                List<SchemaPublisher.Answer> out = SchemaTasks.Register.answers(answers, proposals, added);
                if (again) {
                    // the first attempt may have added them before its member left: count them all as added
                    added.clear();
                    out.stream().filter(a -> a.agreed() != null).forEach(a -> added.add(a.agreed()));
                }
                return out;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new NavpackException("interrupted while registering " + describe(proposals), e);
            } catch (TimeoutException e) {
                throw new NavpackException("the cluster did not register " + describe(proposals) + " within " + timeout
                        + " ms (" + NavpackSettings.TIMEOUT + ")", e);
            } catch (ExecutionException e) {
                failure = e.getCause();
            } catch (RuntimeException e) {
                failure = e;
            }
            if (lacksNavpack(failure)) {
                throw lacksNavpack(catalogOwner(), "registering " + describe(proposals), failure);
            }
            if (!isRetryable(failure) || System.nanoTime() > deadline) {
                throw new NavpackException("the cluster could not register " + describe(proposals) + ": " + failure, failure);
            }
            again = true;
            sleep(100);
        }
    }

    private static String describe(List<SchemaPublisher.Proposal> proposals) {
        if (proposals.size() == 1) {
            return "the schema of " + proposals.get(0).schema().typeName();
        }
        return proposals.size() + " schemas";
    }

    /**
     * Failures after which the registration is sent again: the member running it left or is leaving. A
     * client in asynchronous reconnect mode that is offline fails at once, as its own calls do.
     */
    private static boolean isRetryable(Throwable t) {
        return t instanceof com.hazelcast.spi.exception.RetryableException
                || t instanceof com.hazelcast.spi.exception.TargetDisconnectedException
                || t instanceof com.hazelcast.core.HazelcastInstanceNotActiveException
                || t instanceof java.io.IOException;
    }

    /**
     * The source: a schema this instance does not hold, asked of the catalog (from a client) and then of
     * every member; null when nobody has it, which is then announced on {@link SchemaTasks#MISSING}. A
     * schema nobody had is not asked for again within half a second.
     */
    private Schema findInCluster(int typeId, int version) {
        long key = ((long) typeId << 32) | (version & 0xFFFFFFFFL);
        Long until = recentMisses.get(key);
        if (until != null && until - System.nanoTime() > 0) {
            return null;
        }
        Schema found = null;
        if (!member) {
            try {
                byte[] b = catalog().submitToKey(SchemaTasks.CATALOG_KEY, new SchemaTasks.Read(typeId, version))
                        .toCompletableFuture().get(settings().timeout().toMillis(), TimeUnit.MILLISECONDS);
                found = b == null ? null : Schema.fromBytes(b);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new NavpackException("interrupted while looking up type id " + typeId + " version " + version, e);
            } catch (ExecutionException | TimeoutException | RuntimeException e) {
                logger.fine("navpack: the catalog did not answer for type id " + typeId + " version " + version + ": " + e);
            }
        }
        if (found == null) {
            found = askMembers(typeId, version);
        }
        if (found == null) {
            long now = System.nanoTime();
            if (recentMisses.size() >= MAX_REMEMBERED) {
                // corrupt values can name any id: remember a bounded number of misses, and ask for few
                recentMisses.values().removeIf(t -> t - now <= 0);
            }
            if (recentMisses.size() < MAX_REMEMBERED) {
                recentMisses.put(key, now + TimeUnit.MILLISECONDS.toNanos(500));
                try {
                    hz.getTopic(SchemaTasks.MISSING).publishAsync(key);
                } catch (RuntimeException e) {
                    logger.fine("navpack: cannot ask for type id " + typeId + " version " + version + ": " + e);
                }
            }
        }
        return found;
    }

    /** Asks every other member for a schema; the first answer that has it, or null when none knows it. */
    private Schema askMembers(int typeId, int version) {
        Map<Member, Future<byte[]>> asked = executor().submitToAllMembers(new SchemaTasks.Find(typeId, version));
        if (member) {
            asked.keySet().removeIf(Member::localMember);
        }
        for (byte[] found : collect(asked, "looking up type id " + typeId + " version " + version, b -> b != null).values()) {
            if (found != null) {
                return Schema.fromBytes(found);
            }
        }
        return null;
    }

    /** On a client: a member met a schema nobody had; if this client holds it, it publishes it again. */
    private void answerMissing(long key) {
        Schema s = registry.local((int) (key >>> 32), (int) key);
        if (s == null) {
            return;
        }
        long now = System.nanoTime();
        Long until = recentAnswers.get(key);
        if (until != null && until - now > 0) {
            return;
        }
        recentAnswers.put(key, now + TimeUnit.SECONDS.toNanos(1));
        runInBackground("publishing " + s + " again", () -> {
            for (SchemaPublisher.Answer a : republish(List.of(new SchemaPublisher.Proposal(s, false)))) {
                if (a.refused() != null) {
                    logger.warning("navpack: the cluster refused a schema this client holds: " + a.refused().getMessage());
                }
            }
        });
    }

    /** Learns every schema of the catalog that this member lacks; off any partition thread. */
    private void learnCatalog() {
        for (Schema s : readCatalog(hz).schemas()) {
            if (registry.local(s.typeId(), s.version()) == null) {
                try {
                    registry.learn(s);
                } catch (SchemaException e) {
                    report(List.of(e));
                }
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NavpackException("interrupted", e);
        }
    }

    /** The catalog's schemas, read from its entry; empty when it has none. */
    static SchemaCatalog readCatalog(HazelcastInstance hz) {
        return SchemaTasks.catalogOf(hz.<String, byte[]>getMap(SchemaTasks.CATALOG).get(SchemaTasks.CATALOG_KEY));
    }

    /**
     * The answers of members to one request, as they come, until {@code enough} accepts one (null: all).
     * A member that left is skipped; one that does not answer within the timeout is skipped with a warning,
     * so that a frozen member delays a request but does not fail it. A member that fails otherwise fails it.
     */
    private <T> Map<Member, T> collect(Map<Member, Future<T>> asked, String what, java.util.function.Predicate<T> enough) {
        long timeout = settings().timeout().toMillis();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeout);
        Map<Member, T> out = new LinkedHashMap<>();
        Map<Member, Future<T>> pending = new LinkedHashMap<>(asked);
        while (!pending.isEmpty()) {
            boolean progress = false;
            for (java.util.Iterator<Map.Entry<Member, Future<T>>> it = pending.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<Member, Future<T>> e = it.next();
                if (!e.getValue().isDone()) {
                    continue;
                }
                it.remove();
                progress = true;
                try {
                    T answer = e.getValue().get();
                    out.put(e.getKey(), answer);
                    if (enough != null && enough.test(answer)) {
                        return out;
                    }
                } catch (InterruptedException ex) {
                    Thread.currentThread().interrupt();
                    throw new NavpackException("interrupted while " + what, ex);
                } catch (ExecutionException ex) {
                    if (lacksNavpack(ex.getCause())) {
                        throw lacksNavpack(String.valueOf(e.getKey().getAddress()), what, ex.getCause());
                    }
                    if (!isMemberGone(ex.getCause())) {
                        throw new NavpackException("member " + e.getKey().getAddress() + " failed while " + what + ": "
                                + ex.getCause(), ex.getCause());
                    }
                }
            }
            if (pending.isEmpty()) {
                break;
            }
            if (System.nanoTime() - deadline > 0) {
                logger.warning("navpack: " + pending.keySet() + " did not answer within " + timeout + " ms while " + what
                        + "; going on without");
                break;
            }
            if (!progress) {
                java.util.concurrent.locks.LockSupport.parkNanos(200_000);
                if (Thread.interrupted()) {
                    Thread.currentThread().interrupt();
                    throw new NavpackException("interrupted while " + what);
                }
            }
        }
        return out;
    }

    /** The member that runs the catalog's entry processors (its partition's owner), as far as this instance knows. */
    private String catalogOwner() {
        try {
            Member owner = hz.getPartitionService().getPartition(SchemaTasks.CATALOG_KEY).getOwner();
            if (owner != null) {
                return String.valueOf(owner.getAddress());
            }
            Set<Member> members = hz.getCluster().getMembers();
            return members.size() == 1 ? String.valueOf(members.iterator().next().getAddress())
                    : "that owns the schema catalog (one of " + members + ")";
        } catch (RuntimeException e) {
            return "that owns the schema catalog";
        }
    }

    /** The error for a member that could not load navpack's classes while doing {@code what}. */
    private static NavpackException lacksNavpack(String member, String what, Throwable cause) {
        return new NavpackException("navpack-serializer is not on member " + member + "'s class path (it could not load"
                + " navpack's classes while " + what + "): add navpack-serializer-" + version() + ".jar (and"
                + " navpack-extractors for queries) to the class path of every member, then restart that member", cause);
    }

    /** Whether {@code t} says that a member could not load one of navpack's classes. */
    private static boolean lacksNavpack(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if ((c instanceof ClassNotFoundException || c instanceof NoClassDefFoundError)
                    && String.valueOf(c.getMessage()).contains("io.navpack.")) {
                return true;
            }
        }
        return false;
    }

    private static boolean isMemberGone(Throwable t) {
        return t instanceof com.hazelcast.core.MemberLeftException
                || t instanceof com.hazelcast.spi.exception.TargetNotMemberException
                || t instanceof com.hazelcast.spi.exception.TargetDisconnectedException
                || t instanceof com.hazelcast.core.HazelcastInstanceNotActiveException;
    }

    /**
     * On every member: sends all schemas it holds to a member that joins; on the oldest member, puts its
     * schemas back into the catalog after a member left, in case the catalog's entry left with it.
     */
    private final class SchemaPusher implements MembershipListener {
        @Override
        public void memberAdded(MembershipEvent event) {
            Member joined = event.getMember();
            if (registry.schemas().isEmpty() || joined.localMember()) {
                return;
            }
            runInBackground("sending the schemas to " + joined, () -> {
                // a member that has just joined (or merged) may refuse tasks for a moment: try a few times; one that
                // left or does not answer is given up
                RuntimeException last = null;
                for (int attempt = 0; attempt < 5 && hz.getCluster().getMembers().contains(joined); attempt++) {
                    try {
                        Future<List<byte[]>> sent = executor().submitToMember(new SchemaTasks.Learn(registry.schemas()), joined);
                        collect(Map.of(joined, sent), "sending the schemas to a member that joined", null);
                        return;
                    } catch (RuntimeException e) {
                        last = e;
                        sleep(200L << attempt);
                    }
                }
                if (last != null) {
                    logger.warning("navpack: could not send the schemas to " + joined + ": " + last);
                }
            });
        }

        @Override
        public void memberRemoved(MembershipEvent event) {
            if (registry.schemas().isEmpty() || !hz.getCluster().getMembers().iterator().next().localMember()) {
                return;
            }
            runInBackground("putting the schemas back into the catalog", () -> {
                List<SchemaPublisher.Proposal> proposals = new ArrayList<>();
                for (Schema s : registry.schemas()) {
                    proposals.add(new SchemaPublisher.Proposal(s, false));
                }
                for (SchemaPublisher.Answer a : agree(proposals, new ArrayList<>())) {
                    if (a.refused() != null) {
                        logger.warning("navpack: the catalog disagrees with this member: " + a.refused().getMessage());
                    }
                }
            });
        }
    }
}
