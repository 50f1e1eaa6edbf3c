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
import io.navpack.format.NavpackException;
import io.navpack.format.NavpackType;
import io.navpack.format.PackedWriter;
import io.navpack.format.RecordBinding;
import io.navpack.format.Schema;
import io.navpack.format.SchemaConflictException;
import io.navpack.format.SchemaException;
import io.navpack.format.SchemaRegistry;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * navpack's state in one Hazelcast member or client: its settings, its schema registry and the
 * classes registered in it, and the sharing of schemas with the rest of the cluster.
 *
 * <p>Sharing: a schema created here (from a class written here) is published to every member before
 * it is registered, and so before any value of it can be written; a member refuses a schema that
 * differs from the one it holds under the same id and version, and then the registration fails
 * naming both. Every member keeps every schema, so losing a member loses none. A member that joins
 * is sent all schemas by the members that hold them. A schema that is still unknown when a value
 * is read is asked of every member; if none knows it, the read fails naming the id and version.
 * Once a schema is registered here, writing its values costs no extra round trip.
 */
public final class NavpackContext {
    private static final String EXECUTOR = "__navpack";
    /** Key of the context in its instance's user context: the context lives exactly as long as its instance. */
    private static final String USER_CONTEXT_KEY = NavpackContext.class.getName();
    /** Contexts by registry, neither kept alive by this map. */
    private static final Map<SchemaRegistry, java.lang.ref.WeakReference<NavpackContext>> BY_REGISTRY =
            java.util.Collections.synchronizedMap(new WeakHashMap<>());

    private final HazelcastInstance hz;
    private final boolean member;
    private final SchemaRegistry registry = new SchemaRegistry();
    private final Set<Class<?>> allowed = ConcurrentHashMap.newKeySet();
    private final Map<Class<?>, Object> attachments = new ConcurrentHashMap<>();
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
            if (event.getState() == LifecycleEvent.LifecycleState.STARTED && !started) {
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
            registry.setPublisher(this::publish);
            List<Class<?>> classes = new ArrayList<>();
            for (SerializerConfig sc : serialization.getSerializerConfigs()) {
                if (isNavpack(sc.getClassName(), sc.getImplementation())) {
                    Class<?> type = sc.getTypeClass();
                    if (type == null && sc.getTypeClassName() != null) {
                        type = load(sc.getTypeClassName(), loader);
                    }
                    if (type != null && !io.navpack.format.PackedRecord.class.isAssignableFrom(type)) {
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
            }
            hz.getLifecycleService().addLifecycleListener(event -> {
                if (event.getState() == LifecycleEvent.LifecycleState.SHUTDOWN) {
                    BY_REGISTRY.remove(registry);
                }
            });
            for (Class<?> c : classes) {
                registry.register(c);
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
                            if (!io.navpack.format.PackedRecord.class.isAssignableFrom(type)) {
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
            return b;
        }
        if (!mayRegister(type)) {
            throw new SchemaException(type.getName() + " is not registered with navpack: list it in "
                    + NavpackSettings.CLASSES + ", annotate it with @NavpackType in a package listed in "
                    + NavpackSettings.PACKAGES + ", or configure NavpackSerializer for it");
        }
        return registry.register(type);
    }

    /** What reading a value of {@code typeName} returns here. */
    ReadMode readMode(String typeName) {
        return settings().readMode(typeName);
    }

    // ---------------------------------------------------------------- cluster

    private IExecutorService executor() {
        return hz.getExecutorService(EXECUTOR);
    }

    /** Registers {@code schema} on every member; refuses it when a member holds a different one. */
    private void publish(Schema schema) {
        Map<Member, Future<byte[]>> answers = executor().submitToAllMembers(new SchemaTasks.Publish(schema));
        for (Map.Entry<Member, Future<byte[]>> e : answers.entrySet()) {
            byte[] conflicting = await(e.getValue(), e.getKey(), "publishing " + schema.typeName());
            if (conflicting != null) {
                throw new SchemaConflictException("the cluster (member " + e.getKey().getAddress()
                        + ") holds a different schema for type id " + schema.typeId() + " version " + schema.version(),
                        Schema.fromBytes(conflicting), schema);
            }
        }
    }

    /** Asks every member for a schema; null when none knows it. */
    private Schema findInCluster(int typeId, int version) {
        Map<Member, Future<byte[]>> answers = executor().submitToAllMembers(new SchemaTasks.Find(typeId, version));
        for (Map.Entry<Member, Future<byte[]>> e : answers.entrySet()) {
            if (member && e.getKey().localMember()) {
                continue;
            }
            byte[] found = await(e.getValue(), e.getKey(), "looking up type id " + typeId + " version " + version);
            if (found != null) {
                return Schema.fromBytes(found);
            }
        }
        return null;
    }

    /** The answer of one member; null when the member left meanwhile. */
    private <T> T await(Future<T> answer, Member from, String what) {
        long timeout = settings().timeout().toMillis();
        try {
            return answer.get(timeout, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NavpackException("interrupted while " + what, e);
        } catch (TimeoutException e) {
            throw new NavpackException("member " + from.getAddress() + " did not answer within " + timeout + " ms while "
                    + what, e);
        } catch (ExecutionException e) {
            if (isMemberGone(e.getCause())) {
                return null;
            }
            if (lacksNavpack(e.getCause())) {
                throw new NavpackException("navpack-serializer is not on member " + from.getAddress() + "'s class path"
                        + " (it could not load " + SchemaTasks.class.getName() + " while " + what + "): add"
                        + " navpack-serializer-" + version() + ".jar (and navpack-extractors for queries) to the class path"
                        + " of every member, then restart that member", e.getCause());
            }
            throw new NavpackException("member " + from.getAddress() + " failed while " + what + ": " + e.getCause(),
                    e.getCause());
        }
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
                || t instanceof com.hazelcast.core.HazelcastInstanceNotActiveException;
    }

    /** On every member: sends all schemas it holds to a member that joins. */
    private final class SchemaPusher implements MembershipListener {
        @Override
        public void memberAdded(MembershipEvent event) {
            Collection<Schema> all = registry.schemas();
            if (all.isEmpty() || event.getMember().localMember()) {
                return;
            }
            try {
                executor().submitToMember(new SchemaTasks.Learn(all), event.getMember());
            } catch (RuntimeException e) {
                logger.warning("navpack: could not send schemas to " + event.getMember() + ": " + e);
            }
        }

        @Override
        public void memberRemoved(MembershipEvent event) {
            // every member holds every schema: nothing to repair
        }
    }
}
