package io.navpack.coherence.schemas;

import com.oracle.coherence.common.base.Logger;
import com.tangosol.net.CacheFactory;
import com.tangosol.net.ConfigurableCacheFactory;
import com.tangosol.net.InvocationService;
import com.tangosol.net.Member;
import com.tangosol.net.MemberEvent;
import com.tangosol.net.MemberListener;
import com.tangosol.net.NamedCache;
import io.navpack.coherence.CoherenceSettings;
import io.navpack.format.NavpackException;
import io.navpack.format.Schema;
import io.navpack.format.SchemaCatalog;
import io.navpack.format.SchemaException;
import io.navpack.format.SchemaPublisher;
import io.navpack.format.SchemaRegistry;
import io.navpack.format.SchemaSource;
import io.navpack.format.spi.SchemaProtocol;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The schema service of one Coherence JVM: the {@link SchemaPublisher} and {@link SchemaSource} of its registry, a
 * thin adapter that carries the format's schema protocol ({@link SchemaProtocol}) over Coherence:
 *
 * <ul>
 * <li>the catalog is the entry {@value #CATALOG_KEY} of cache {@value #CATALOG} (service {@value #SCHEMA_SERVICE},
 *     one backup), updated by the entry processor {@link SchemaTasks.Register}, which Coherence runs one at a time
 *     per key on the entry's owner: of two registrations racing for one type id and version exactly one wins;</li>
 * <li>the agreed schemas go to every member through the invocation service {@value #INVOCATION}
 *     ({@link SchemaTasks.Learn}), and a member refusing one turns the agreement into a refusal naming it;</li>
 * <li>a schema a JVM lacks is asked of the catalog, then of the members; one nobody holds is announced to every
 *     member, and a JVM that holds it publishes it again;</li>
 * <li>when a member joins, every member sends it the schemas it holds, and every member that holds schemas the
 *     catalog lacks (the catalog's storage members were all restarted, say) agrees them again; the same when a member
 *     leaves; every {@value #CATALOG_SYNC_SECONDS} s each member learns what the catalog holds and it lacks.</li>
 * </ul>
 *
 * <p>navpack's services are defined in {@value #CONFIG} and started beside the application's on every JVM that
 * creates a navpack serializer.
 */
public final class CoherenceSchemaService implements SchemaPublisher, SchemaSource {
    /** The cache configuration of navpack's own services. */
    public static final String CONFIG = "navpack-coherence-cache-config.xml";
    /** The cache that holds the cluster's schema catalog. */
    public static final String CATALOG = "navpack-schemas";
    /** The key of the catalog's one entry. */
    public static final String CATALOG_KEY = "catalog";
    /** The distributed service of the catalog. */
    public static final String SCHEMA_SERVICE = "NavpackSchemas";
    /** The invocation service that carries schemas (and sizing tasks) to the members. */
    public static final String INVOCATION = "NavpackInvocation";
    /** How often a member compares its schemas with the catalog's. */
    static final long CATALOG_SYNC_SECONDS = 10;

    private final SchemaRegistry registry;
    private final Duration timeout;
    private final SchemaProtocol.Misses misses = new SchemaProtocol.Misses();
    private final Map<Long, Long> recentAnswers = new ConcurrentHashMap<>();
    private volatile NamedCache<String, byte[]> catalog;
    private volatile InvocationService invocation;
    private volatile ScheduledExecutorService background;

    public CoherenceSchemaService(SchemaRegistry registry, Duration timeout) {
        this.registry = registry;
        this.timeout = timeout;
        registry.setPublisher(this);
        registry.setSource(this);
    }

    /**
     * Joins navpack's services once this JVM's cluster runs (a serializer was created: a service is starting), in
     * the background: a service thread must not wait for another service.
     */
    public void startInBackground() {
        if (invocation != null) {
            return;
        }
        runInBackground("joining navpack's services", () -> {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!CacheFactory.getCluster().isRunning()) {
                if (System.nanoTime() - deadline > 0) {
                    return; // a serializer without a cluster (a tool): the first schema to agree joins it
                }
                sleep(100);
            }
            connect();
        });
    }

    /** navpack's services, joined now if they are not yet (or again, after this JVM left the cluster and rejoined). */
    private synchronized InvocationService connect() {
        InvocationService s = invocation;
        if (s != null && s.isRunning()) {
            return s;
        }
        boolean again = s != null;
        ClassLoader loader = CoherenceSchemaService.class.getClassLoader();
        ConfigurableCacheFactory ccf = CacheFactory.getCacheFactoryBuilder().getConfigurableCacheFactory(CONFIG, loader);
        catalog = ccf.ensureTypedCache(CATALOG, loader, com.tangosol.net.cache.TypeAssertion.withoutTypeChecking());
        s = (InvocationService) ccf.ensureService(INVOCATION);
        s.addMemberListener(new Membership());
        invocation = s;
        learnCatalog();
        if (again) {
            // the cluster this JVM rejoined may have lost what was agreed before
            registry.publicationLost();
            return s;
        }
        try {
            background().scheduleWithFixedDelay(() -> run("comparing the schemas with the catalog", this::learnCatalog),
                    CATALOG_SYNC_SECONDS, CATALOG_SYNC_SECONDS, TimeUnit.SECONDS);
        } catch (RejectedExecutionException e) {
            // shutting down
        }
        return s;
    }

    private NamedCache<String, byte[]> catalog() {
        connect();
        return catalog;
    }


    /** The invocation service navpack's tasks run on (the sizing uses it too). */
    public InvocationService invocation() {
        return connect();
    }

    /** The catalog's schemas; empty when it has none. */
    public SchemaCatalog readCatalog() {
        return SchemaProtocol.catalogOf(catalog().get(CATALOG_KEY));
    }

    @Override
    public List<Answer> publish(List<Proposal> proposals) {
        return offThread("agreeing " + describe(proposals), () -> SchemaProtocol.publish(proposals, true, grid));
    }

    /** Threads of this service's calls to the cluster, which must not run on a thread that is serialising a value. */
    private final java.util.concurrent.ExecutorService calls = Executors.newCachedThreadPool(r -> new Caller(r, "navpack-schemas-call"));

    /** A thread of this service: its calls to the cluster run on it directly. */
    private static final class Caller extends Thread {
        Caller(Runnable r, String name) {
            super(r, name);
            setDaemon(true);
        }
    }

    /**
     * Runs {@code call} on a thread of its own and waits for it. Schemas are agreed and looked up while Coherence
     * serialises or deserialises a value on the caller's thread, and Coherence keeps per-thread buffers for that: a
     * request to the catalog made on the same thread would write into the buffer of the value being written.
     */
    private <T> T offThread(String what, java.util.concurrent.Callable<T> call) {
        if (Thread.currentThread() instanceof Caller) {
            try {
                return call.call();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new NavpackException("failed " + what + ": " + e, e);
            }
        }
        java.util.concurrent.Future<T> f = calls.submit(call);
        try {
            return f.get();
        } catch (InterruptedException e) {
            f.cancel(true);
            Thread.currentThread().interrupt();
            throw new NavpackException("interrupted while " + what, e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new NavpackException("failed " + what + ": " + e.getCause(), e.getCause());
        }
    }

    private final SchemaProtocol.Grid grid = new SchemaProtocol.Grid() {
        @Override
        public List<Answer> agree(List<Proposal> proposals, List<Schema> added) {
            return CoherenceSchemaService.this.agree(proposals, added);
        }

        @Override
        public Map<String, List<byte[]>> learnEverywhere(List<Schema> agreed) {
            Map<String, List<byte[]>> out = new LinkedHashMap<>();
            query(new SchemaTasks.Learn(agreed), null).forEach((m, r) -> out.put(describe(m), asList(r)));
            return out;
        }
    };

    /**
     * Runs {@link SchemaTasks.Register} on the catalog's entry; again when it failed because the catalog had no
     * storage member for a moment (registering is idempotent), within the timeout.
     */
    private List<Answer> agree(List<Proposal> proposals, List<Schema> added) {
        long deadline = System.nanoTime() + timeout.toNanos();
        boolean again = false;
        while (true) {
            Throwable failure;
            try {
                byte[] encoded = catalog().async().invoke(CATALOG_KEY, new SchemaTasks.Register(proposals))
                        .get(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())), TimeUnit.MILLISECONDS);
                List<Answer> out = SchemaProtocol.answers(encoded, proposals, added);
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
                throw new NavpackException("the cluster did not register " + describe(proposals) + " within "
                        + timeout.toSeconds() + " s (" + CoherenceSettings.TIMEOUT + ")", e);
            } catch (ExecutionException e) {
                failure = e.getCause();
            } catch (RuntimeException e) {
                failure = e;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new NavpackException("the cluster could not register " + describe(proposals) + ": " + failure, failure);
            }
            again = true;
            sleep(200);
        }
    }

    @Override
    public Schema fetch(int typeId, int version) {
        return offThread("looking up type id " + typeId + " version " + version, () -> SchemaProtocol.fetch(typeId, version, misses, key -> {
            try {
                invocation().execute(new SchemaTasks.Missing(key), null, null);
            } catch (RuntimeException e) {
                Logger.fine("navpack: cannot ask for type id " + typeId + " version " + version + ": " + e);
            }
        }, () -> fromCatalog(typeId, version), () -> fromMembers(typeId, version)));
    }

    private Schema fromCatalog(int typeId, int version) {
        try {
            byte[] b = catalog().async().invoke(CATALOG_KEY, new SchemaTasks.Read(typeId, version))
                    .get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            return b == null ? null : Schema.fromBytes(b);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NavpackException("interrupted while looking up type id " + typeId + " version " + version, e);
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            Logger.fine("navpack: the catalog did not answer for type id " + typeId + " version " + version + ": " + e);
            return null;
        }
    }

    private Schema fromMembers(int typeId, int version) {
        Member self = CacheFactory.getCluster().getLocalMember();
        Set<Member> others = new java.util.HashSet<>(invocation().getInfo().getServiceMembers());
        others.remove(self);
        if (others.isEmpty()) {
            return null;
        }
        for (Object found : query(new SchemaTasks.Find(typeId, version), others).values()) {
            if (found instanceof byte[] b) {
                return Schema.fromBytes(b);
            }
        }
        return null;
    }

    /** A member met a schema nobody had: if this JVM holds it, it publishes it again (at most once a second). */
    void answerMissing(long key) {
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
            for (Answer a : publish(List.of(new Proposal(s, false)))) {
                if (a.refused() != null) {
                    Logger.warn("navpack: the cluster refused a schema this JVM holds: " + a.refused().getMessage());
                }
            }
        });
    }

    /** Learns every schema of the catalog that this JVM lacks. */
    private void learnCatalog() {
        for (Schema s : readCatalog().schemas()) {
            if (registry.local(s.typeId(), s.version()) == null) {
                try {
                    registry.learn(s);
                } catch (SchemaException e) {
                    Logger.err("navpack: this JVM and the cluster's catalog disagree ('navpack schemas' lists the"
                            + " disagreement): " + e.getMessage());
                }
            }
        }
    }

    /**
     * Agrees again the schemas held here that the catalog lacks (its storage members were all restarted, or its
     * entry was lost with the members that held it and its backup).
     */
    private void restoreCatalog() {
        SchemaCatalog held = readCatalog();
        List<Proposal> lacking = new ArrayList<>();
        for (Schema s : registry.schemas()) {
            if (held.get(s.typeId(), s.version()) == null) {
                lacking.add(new Proposal(s, false));
            }
        }
        if (!lacking.isEmpty()) {
            for (Answer a : publish(lacking)) {
                if (a.refused() != null) {
                    Logger.err("navpack: the catalog disagrees with this JVM: " + a.refused().getMessage());
                }
            }
        }
    }

    /** Every member's schemas, by member, as the catalog and the members hold them ({@link SchemaProtocol#holders}). */
    public Map<String, List<Schema>> byMember() {
        Map<String, List<Schema>> out = new LinkedHashMap<>();
        query(new SchemaTasks.All(), null).forEach((m, r) -> {
            List<Schema> held = new ArrayList<>();
            for (byte[] b : asList(r)) {
                held.add(Schema.fromBytes(b));
            }
            out.put(describe(m), held);
        });
        return out;
    }

    @SuppressWarnings("unchecked")
    private Map<Member, Object> query(com.tangosol.net.Invocable task, Set<Member> members) {
        return (Map<Member, Object>) invocation().query(task, members);
    }

    @SuppressWarnings("unchecked")
    private static List<byte[]> asList(Object result) {
        return result instanceof List ? (List<byte[]>) result : List.of();
    }

    static String describe(Member m) {
        return m.getAddress().getHostAddress() + ":" + m.getPort() + " (member " + m.getId() + ")";
    }

    private static String describe(List<Proposal> proposals) {
        return proposals.size() == 1 ? "the schema of " + proposals.get(0).schema().typeName() : proposals.size() + " schemas";
    }

    /** When a member joins: give it every schema held here, and agree again what the catalog lacks; when one leaves, the latter. */
    private final class Membership implements MemberListener {
        @Override
        public void memberJoined(MemberEvent event) {
            Member joined = event.getMember();
            if (event.isLocal() || registry.schemas().isEmpty()) {
                return;
            }
            runInBackground("sending the schemas to " + describe(joined), () -> {
                query(new SchemaTasks.Learn(new ArrayList<>(registry.schemas())), Set.of(joined));
                restoreCatalog();
            });
        }

        @Override
        public void memberLeaving(MemberEvent event) {
            // nothing until it has left
        }

        @Override
        public void memberLeft(MemberEvent event) {
            if (event.isLocal() || registry.schemas().isEmpty()) {
                return;
            }
            runInBackground("putting the schemas back into the catalog", CoherenceSchemaService.this::restoreCatalog);
        }
    }

    private void runInBackground(String what, Runnable task) {
        try {
            background().execute(() -> run(what, task));
        } catch (RejectedExecutionException e) {
            // shutting down
        }
    }

    private void run(String what, Runnable task) {
        try {
            task.run();
        } catch (RuntimeException e) {
            if (CacheFactory.getCluster().isRunning()) {
                Logger.warn("navpack: failed " + what + ": " + e);
            }
        }
    }

    private ScheduledExecutorService background() {
        ScheduledExecutorService b = background;
        if (b == null) {
            synchronized (this) {
                b = background;
                if (b == null) {
                    b = Executors.newSingleThreadScheduledExecutor(r -> new Caller(r, "navpack-schemas"));
                    background = b;
                }
            }
        }
        return b;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NavpackException("interrupted", e);
        }
    }
}
