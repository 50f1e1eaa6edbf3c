package io.navpack.hazelcast.schemas;

import com.hazelcast.cluster.Member;
import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceNotActiveException;
import com.hazelcast.core.IExecutorService;
import com.hazelcast.core.MemberLeftException;
import com.hazelcast.logging.ILogger;
import com.hazelcast.logging.Logger;
import com.hazelcast.map.IMap;
import com.hazelcast.spi.exception.RetryableException;
import com.hazelcast.spi.exception.TargetDisconnectedException;
import com.hazelcast.spi.exception.TargetNotMemberException;
import io.navpack.format.NavpackException;
import io.navpack.format.Schema;
import io.navpack.format.SchemaCatalog;
import io.navpack.format.SchemaException;
import io.navpack.format.SchemaPublisher;
import io.navpack.format.SchemaRegistry;
import io.navpack.format.SchemaSource;
import io.navpack.format.spi.SchemaProtocol;
import io.navpack.hazelcast.NavpackSerializer;
import io.navpack.hazelcast.NavpackSettings;
import io.navpack.hazelcast.internal.OperationThreads;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The cluster schema service of one member or client: the {@link SchemaPublisher} and {@link SchemaSource} of
 * its registry. Started and stopped by navpack's context of the instance ({@link #start}, {@link #stop}); its
 * lifecycle events come through {@link #disconnected()}, {@link #connected()} and {@link #merged()}.
 *
 * <p>Agreement: a schema created here (from a class written here, or a builder) is registered in the cluster's
 * catalog before it is registered here, and so before any value of it can be written. The catalog is one entry
 * of a partitioned map ({@link SchemaTasks#CATALOG}); registrations are entry processors on it, which its
 * partition owner runs one at a time, so when two JVMs race to register different schemas under one type id and
 * version exactly one wins and the other gets a {@code SchemaConflictException}. The catalog also checks a new
 * version against the type's other versions (a field keeps its type) and chooses versions for classes that do not
 * declare one.
 *
 * <p>Distribution: the agreed schema is then given to every member ({@link SchemaTasks.Learn}), and a member that
 * joins is sent every schema by the others, so that members read values without waiting for the catalog. A schema
 * that is still unknown when a value is read is asked of the catalog (clients) or of the members; if nobody knows
 * it, the read fails naming the id and version, and the question is announced on {@link SchemaTasks#MISSING},
 * where the clients that hold the schema publish it again.
 *
 * <p>Recovery: a client that loses its connection to the cluster publishes every schema it holds again when it is
 * connected again (to a restarted cluster, or to the other side of a split), and before it writes anything else; a
 * member publishes its schemas again after its side of a split cluster merged into the other, and the oldest member
 * puts its schemas back into the catalog after members left (in case the catalog's entry was lost with them). Every
 * {@value #CATALOG_SYNC_SECONDS} s a member compares its schemas with the catalog's (a schema agreed while it joined
 * may miss it). Once a schema is registered here, writing its values costs no extra round trip.
 */
public final class SchemaService implements SchemaPublisher, SchemaSource {
    /** How often a member compares its schemas with the catalog's. */
    static final long CATALOG_SYNC_SECONDS = 10;

    private final HazelcastInstance hz;
    private final boolean member;
    private final SchemaRegistry registry;
    private final Supplier<Duration> timeout;
    private final String version;
    private final ILogger logger = Logger.getLogger(SchemaService.class);
    /** Schemas nobody had, not asked for again for a moment. */
    private final SchemaProtocol.Misses misses = new SchemaProtocol.Misses();
    /** Schemas republished on request of the missing-schema topic, to the time until which they are not again. */
    private final Map<Long, Long> recentAnswers = new ConcurrentHashMap<>();
    private final AtomicLong requestsServed = new AtomicLong();
    /** One thread for republication and other work that must not wait on Hazelcast's threads; created on first use. */
    private volatile ScheduledExecutorService background;

    /**
     * The service of {@code hz} (a member when {@code member}) for {@code registry}, waiting at most {@code timeout}
     * for the cluster; {@code version} is navpack's, for messages.
     */
    public SchemaService(HazelcastInstance hz, boolean member, SchemaRegistry registry, Supplier<Duration> timeout,
                         String version) {
        this.hz = hz;
        this.member = member;
        this.registry = registry;
        this.timeout = timeout;
        this.version = version;
    }

    /**
     * Makes this service its registry's publisher and source, starts listening to the cluster, and runs
     * {@code registration} (the registration of the instance's configured classes): on a member after it learned
     * what the catalog holds, and in the background when called on a partition thread, which must not wait for
     * the catalog.
     */
    public void start(Runnable registration) {
        registry.setSource(this);
        registry.setPublisher(this);
        if (member) {
            hz.getCluster().addMembershipListener(new SchemaPusher());
        } else {
            try {
                hz.getTopic(SchemaTasks.MISSING).addMessageListener(m -> {
                    if (m.getMessageObject() instanceof Long key) {
                        answerMissing(key);
                    }
                });
            } catch (RuntimeException e) {
                logger.warning("navpack: cannot listen for schemas that members miss: " + e);
            }
        }
        if (member && OperationThreads.onPartitionThread()) {
            runInBackground("registering the configured classes", () -> {
                learnCatalog();
                CatalogCheck.restore(this);
                registration.run();
            });
            syncWithCatalogPeriodically();
            return;
        }
        if (member) {
            // what the catalog holds (e.g. kept by a MapStore through a restart) is known here from the start
            try {
                learnCatalog();
            } catch (RuntimeException e) {
                logger.warning("navpack: cannot read the schema catalog: " + e);
            }
            CatalogCheck.restore(this);
            syncWithCatalogPeriodically();
        }
        registration.run();
    }

    /** Stops the background work; the instance is shutting down. */
    public void stop() {
        ScheduledExecutorService b = background;
        if (b != null) {
            b.shutdownNow();
        }
    }

    /** A client lost its connection to the cluster: its schemas may have to be published again. */
    public void disconnected() {
        registry.publicationLost();
    }

    /**
     * A client is connected again (after {@link #disconnected()}): to the same cluster, the other side of a split, or
     * a restarted cluster; writes wait for this, and it runs even if nothing is written.
     */
    public void connected() {
        runInBackground("publishing the schemas again after reconnecting", () -> report(registry.republishIfLost()));
    }

    /**
     * This member's side of a split cluster merged into the other, whose catalog lacks what was agreed here, and
     * which holds what was agreed there.
     */
    public void merged() {
        runInBackground("publishing the schemas again after a merge", () -> {
            report(registry.republish());
            learnCatalog();
        });
    }

    /** Schema publications and lookups this member has answered for others (and itself). */
    public long requestsServed() {
        return requestsServed.get();
    }

    void servedRequest() {
        requestsServed.incrementAndGet();
    }

    SchemaRegistry registry() {
        return registry;
    }

    HazelcastInstance instance() {
        return hz;
    }

    void warn(String message) {
        logger.warning(message);
    }

    /** The catalog's schemas, read from its entry; empty when it has none. */
    public static SchemaCatalog readCatalog(HazelcastInstance hz) {
        return SchemaTasks.catalogOf(hz.<String, byte[]>getMap(SchemaTasks.CATALOG).get(SchemaTasks.CATALOG_KEY));
    }

    /**
     * The error for a schema that would have to be agreed on a partition thread (inside an entry processor or
     * another map operation), which must not wait for another partition.
     */
    public static SchemaException onPartitionThread(String what) {
        return new SchemaException("navpack cannot agree the schema of " + what + " with the cluster on a partition"
                + " thread (inside an entry processor or another map operation), which must not wait for another"
                + " partition: register the class when the member starts (" + NavpackSettings.CLASSES + ", "
                + NavpackSettings.PACKAGES + " or NavpackConfig.of(...)), or write one value of it from a client or an"
                + " application thread first");
    }

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
    @Override
    public List<SchemaPublisher.Answer> publish(List<SchemaPublisher.Proposal> proposals) {
        return publish(proposals, true);
    }

    /** The publisher, again (after a reconnection or a merge): the same as {@link #publish(List)}. */
    @Override
    public List<SchemaPublisher.Answer> republish(List<SchemaPublisher.Proposal> proposals) {
        return publish(proposals, true);
    }

    private List<SchemaPublisher.Answer> publish(List<SchemaPublisher.Proposal> proposals, boolean all) {
        if (member && OperationThreads.onPartitionThread()) {
            List<String> names = new ArrayList<>();
            for (SchemaPublisher.Proposal p : proposals) {
                names.add(p.schema().typeName());
            }
            throw onPartitionThread(String.join(", ", names));
        }
        return SchemaProtocol.publish(proposals, all, new SchemaProtocol.Grid() {
            @Override
            public List<SchemaPublisher.Answer> agree(List<SchemaPublisher.Proposal> p, List<Schema> added) {
                return SchemaService.this.agree(p, added);
            }

            @Override
            public Map<String, List<byte[]>> learnEverywhere(List<Schema> agreed) {
                Map<String, List<byte[]>> byMember = new LinkedHashMap<>();
                collect(executor().submitToAllMembers(new SchemaTasks.Learn(agreed)),
                        "giving " + agreed.size() + " schemas to the members", null)
                        .forEach((m, refused) -> byMember.put(String.valueOf(m.getAddress()), refused));
                return byMember;
            }
        });
    }

    /**
     * Runs {@link SchemaTasks.Register} on the catalog's entry, once more when the member that ran it left
     * before answering (registering is idempotent), within the configured timeout.
     */
    List<SchemaPublisher.Answer> agree(List<SchemaPublisher.Proposal> proposals, List<Schema> added) {
        long timeout = this.timeout.get().toMillis();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeout);
        SchemaTasks.Register task = new SchemaTasks.Register(proposals);
        boolean again = false;
        while (true) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            Throwable failure;
            try {
                byte[] answers = catalog().submitToKey(SchemaTasks.CATALOG_KEY, task).toCompletableFuture()
                        .get(Math.max(1, left), TimeUnit.MILLISECONDS);
                List<SchemaPublisher.Answer> out = SchemaProtocol.answers(answers, proposals, added);
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
            background().scheduleWithFixedDelay(() -> run("comparing the schemas with the catalog", () -> {
                        CatalogCheck.check(this);
                        learnCatalog();
                    }),
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
        return t instanceof RetryableException
                || t instanceof TargetDisconnectedException
                || t instanceof HazelcastInstanceNotActiveException
                || t instanceof IOException;
    }

    /**
     * The source: a schema this instance does not hold, asked of the catalog (from a client) and then of
     * every member; null when nobody has it, which is then announced on {@link SchemaTasks#MISSING}. A
     * schema nobody had is not asked for again within half a second.
     */
    @Override
    public Schema fetch(int typeId, int version) {
        return SchemaProtocol.fetch(typeId, version, misses, key -> {
            try {
                hz.getTopic(SchemaTasks.MISSING).publishAsync(key);
            } catch (RuntimeException e) {
                logger.fine("navpack: cannot ask for type id " + typeId + " version " + version + ": " + e);
            }
        }, () -> member ? null : readFromCatalog(typeId, version), () -> askMembers(typeId, version));
    }

    /** Asks the catalog (from a client) for a schema; null when it lacks it or does not answer. */
    private Schema readFromCatalog(int typeId, int version) {
        try {
            byte[] b = catalog().submitToKey(SchemaTasks.CATALOG_KEY, new SchemaTasks.Read(typeId, version))
                    .toCompletableFuture().get(timeout.get().toMillis(), TimeUnit.MILLISECONDS);
            return b == null ? null : Schema.fromBytes(b);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new NavpackException("interrupted while looking up type id " + typeId + " version " + version, e);
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            logger.fine("navpack: the catalog did not answer for type id " + typeId + " version " + version + ": " + e);
            return null;
        }
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

    /**
     * The answers of members to one request, as they come, until {@code enough} accepts one (null: all).
     * A member that left is skipped; one that does not answer within the timeout is skipped with a warning,
     * so that a frozen member delays a request but does not fail it. A member that fails otherwise fails it.
     */
    private <T> Map<Member, T> collect(Map<Member, Future<T>> asked, String what, Predicate<T> enough) {
        long timeout = this.timeout.get().toMillis();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeout);
        Map<Member, T> out = new LinkedHashMap<>();
        Map<Member, Future<T>> pending = new LinkedHashMap<>(asked);
        while (!pending.isEmpty()) {
            boolean progress = false;
            for (Iterator<Map.Entry<Member, Future<T>>> it = pending.entrySet().iterator(); it.hasNext(); ) {
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
                LockSupport.parkNanos(200_000);
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
    private NavpackException lacksNavpack(String member, String what, Throwable cause) {
        return new NavpackException("navpack-serializer is not on member " + member + "'s class path (it could not load"
                + " navpack's classes while " + what + "): add navpack-member-" + version + ".jar to the class path"
                + " of every member (and -javaagent:navpack-member-" + version + ".jar for index sizing), then restart"
                + " that member", cause);
    }

    /** Members that joined and took this member's schemas, so have navpack's jars, by UUID. */
    private final Set<UUID> tookSchemas = ConcurrentHashMap.newKeySet();

    /**
     * Whether the member with {@code uuid} took the schemas this member sent it when it joined (which the oldest
     * member does for every member that joins): a member that did has navpack's jars.
     */
    public boolean tookSchemas(UUID uuid) {
        return tookSchemas.contains(uuid);
    }

    /** Members named once as lacking navpack's jars, by UUID. */
    private final Set<UUID> namedWithoutNavpack = ConcurrentHashMap.newKeySet();

    /**
     * Says once, in one line, that {@code member} runs without navpack's jars, what follows and the fix. Such a member
     * cannot read, write or query a navpack value: Hazelcast reports it as "There is no suitable de-serializer for
     * type 20048" ({@link NavpackSerializer#TYPE_ID}) wherever it meets one (a backup, a migration, an index, a query).
     */
    private void reportWithoutNavpack(Member member) {
        if (namedWithoutNavpack.add(member.getUuid())) {
            logger.severe("navpack: member " + member.getAddress() + " (" + member.getUuid() + ") has joined without"
                    + " navpack's jars: it cannot store, replicate, migrate or query navpack values (Hazelcast serializer"
                    + " type id " + NavpackSerializer.TYPE_ID + "; it reports \"There is no suitable de-serializer for type " + NavpackSerializer.TYPE_ID
                    + "\"). Add navpack-member-" + version + ".jar to that member's class path (or navpack-serializer,"
                    + " navpack-format and navpack-extractors) and restart it");
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
        return t instanceof MemberLeftException
                || t instanceof TargetNotMemberException
                || t instanceof TargetDisconnectedException
                || t instanceof HazelcastInstanceNotActiveException;
    }

    /**
     * On every member: sends all schemas it holds to a member that joins; on the oldest member, puts its
     * schemas back into the catalog after a member left, in case the catalog's entry left with it.
     */
    private final class SchemaPusher implements MembershipListener {
        /**
         * Sends every schema held here to a member that joins. The oldest member also sends it the (empty) request
         * when no schema is held yet: either way, a member that cannot load navpack's classes is named in one line.
         */
        @Override
        public void memberAdded(MembershipEvent event) {
            Member joined = event.getMember();
            boolean oldest = hz.getCluster().getMembers().iterator().next().localMember();
            if (joined.localMember() || registry.schemas().isEmpty() && !oldest) {
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
                        if (tookSchemas.size() < 10_000) {
                            tookSchemas.add(joined.getUuid());
                        }
                        return;
                    } catch (RuntimeException e) {
                        if (lacksNavpack(e)) {
                            reportWithoutNavpack(joined);
                            return;
                        }
                        last = e;
                        sleep(200L << attempt);
                    }
                }
                // a member that left meanwhile needs none (one refused the join because it lacks navpack's jars is
                // named by OtherFormats)
                if (last != null && hz.getCluster().getMembers().contains(joined)) {
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
