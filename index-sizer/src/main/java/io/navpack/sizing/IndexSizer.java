package io.navpack.sizing;

import io.navpack.sizing.internal.MemberIndexSizer;
import io.navpack.sizing.internal.WhatIfEstimator;

import com.hazelcast.cluster.Member;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.IExecutorService;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Sizes every index on every member of a cluster in one call, and predicts what an index would cost before it
 * exists ({@link #whatIf}).
 *
 * <pre>{@code
 * ClusterIndexReport report = IndexSizer.forInstance(clientOrMember).size(Duration.ofMinutes(2));
 * System.out.println(report.toTable());
 * }</pre>
 *
 * Works from a client or a member. Every member that was in the cluster when the call started gets a row:
 * members without the agent answer {@link MemberStatus#NO_AGENT}; members that do not answer in time are
 * {@link MemberStatus#TIMED_OUT} (their task is cancelled); members that leave or die, or whose task fails,
 * are {@link MemberStatus#FAILED}, each with a reason. The call returns by the timeout.
 */
public final class IndexSizer {

    /** Name of the executor service the task is sent through unless another is set. */
    public static final String DEFAULT_EXECUTOR = "navpack-index-sizer";

    private final HazelcastInstance instance;
    private final String executorName;
    private final SizingOptions options;

    private IndexSizer(HazelcastInstance instance, String executorName, SizingOptions options) {
        this.instance = Objects.requireNonNull(instance);
        this.executorName = Objects.requireNonNull(executorName);
        this.options = Objects.requireNonNull(options);
    }

    /** A sizer that reaches the cluster through this client or member. */
    public static IndexSizer forInstance(HazelcastInstance clientOrMember) {
        return new IndexSizer(clientOrMember, DEFAULT_EXECUTOR, SizingOptions.defaults());
    }

    /** The same sizer sending its task through another executor service. */
    public IndexSizer withExecutor(String name) {
        return new IndexSizer(instance, name, options);
    }

    /** The same sizer with other options. */
    public IndexSizer withOptions(SizingOptions sizingOptions) {
        return new IndexSizer(instance, executorName, sizingOptions);
    }

    public SizingOptions options() {
        return options;
    }

    /**
     * Sizes the local member directly, without an executor; the caller must be a member.
     */
    public static MemberIndexReport sizeLocalMember(HazelcastInstance member, SizingOptions options) {
        return MemberIndexSizer.sizeLocal(member, options);
    }

    /**
     * Sizes the whole cluster.
     *
     * @param timeout the longest the call takes; members are asked to report what they have a little before
     */
    public ClusterIndexReport size(Duration timeout) {
        long start = System.nanoTime();
        Instant takenAt = Instant.now();
        Duration memberBudget = memberBudget(timeout, options.memberTimeBudget());
        IndexSizingTask task = new IndexSizingTask(options.withMemberTimeBudget(memberBudget));
        List<MemberIndexReport> rows = ask(task, timeout, (r, a, u) -> r.withMember(a, u), MemberIndexReport::failed);
        return new ClusterIndexReport(rows, takenAt, Duration.ofNanos(System.nanoTime() - start));
    }

    /**
     * Predicts, on every member, what an index would cost — its own heap and the values cache it would start —
     * without creating it. The attributes are read with Hazelcast's own extraction on the members, so any
     * attribute an index of the map could have works (plain names, paths, custom extractors such as
     * {@code nav[...]}). Uses this sizer's CPU cap and heap limit and {@link WhatIfOptions#defaults()} otherwise.
     *
     * @param mapName the map
     * @param index the index to predict, e.g. {@code new IndexConfig(IndexType.HASH, "currency1")}
     * @param timeout the longest the call takes
     */
    public WhatIfReport whatIf(String mapName, IndexConfig index, Duration timeout) {
        return whatIf(mapName, index, WhatIfOptions.defaults().withCpuShare(options.cpuShare()), timeout);
    }

    /** {@link #whatIf(String, IndexConfig, Duration)} for an index written as {@link IndexSpec#parse}. */
    public WhatIfReport whatIf(String spec, Duration timeout) {
        IndexSpec parsed = IndexSpec.parse(spec);
        return whatIf(parsed.map(), parsed.index(), timeout);
    }

    /** {@link #whatIf(String, IndexConfig, Duration)} with the given options. */
    public WhatIfReport whatIf(String mapName, IndexConfig index, WhatIfOptions whatIfOptions, Duration timeout) {
        Objects.requireNonNull(mapName, "mapName");
        Objects.requireNonNull(index, "index");
        long start = System.nanoTime();
        Instant takenAt = Instant.now();
        WhatIfTask task = new WhatIfTask(mapName, index,
                whatIfOptions.withMemberTimeBudget(memberBudget(timeout, whatIfOptions.memberTimeBudget())));
        List<MemberWhatIf> rows = ask(task, timeout, (r, a, u) -> r.withMember(a, u), MemberWhatIf::failed);
        return new WhatIfReport(new IndexSpec(mapName, index), rows, takenAt, Duration.ofNanos(System.nanoTime() - start));
    }

    /** Predicts what an index would cost on the local member, directly, without an executor. */
    public static MemberWhatIf whatIfLocalMember(HazelcastInstance member, String mapName, IndexConfig index,
                                                 WhatIfOptions options) {
        return WhatIfEstimator.estimateLocal(member, mapName, index, options);
    }

    /** Members stop in time to send their answer before the caller gives up. */
    private static Duration memberBudget(Duration timeout, Duration configured) {
        Duration budget = timeout.minus(timeout.dividedBy(5));
        if (budget.compareTo(configured) > 0) {
            budget = configured;
        }
        return budget.isZero() || budget.isNegative() ? Duration.ofMillis(1) : budget;
    }

    /** Fills in a row with the member's address and UUID as the caller knows them. */
    private interface Renamer<T> {
        T rename(T row, String address, String uuid);
    }

    /** A row for a member that did not answer. */
    private interface Failure<T> {
        T failed(String address, String uuid, MemberStatus status, String reason);
    }

    /** Sends {@code task} to every member and collects one row per member by the timeout. */
    private <T> List<T> ask(Callable<T> task, Duration timeout, Renamer<T> renamer, Failure<T> failure) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Set<Member> members = new LinkedHashSet<>(instance.getCluster().getMembers());
        List<T> rows = new ArrayList<>();
        Map<Member, Future<T>> futures;
        try {
            IExecutorService executor = instance.getExecutorService(executorName);
            futures = executor.submitToMembers(task, members);
        } catch (RuntimeException e) {
            for (Member m : members) {
                rows.add(failure.failed(address(m), m.getUuid().toString(), MemberStatus.FAILED,
                        "could not submit the task: " + e));
            }
            return rows;
        }
        boolean interrupted = false;
        for (Member m : members) {
            Future<T> f = futures.get(m);
            String address = address(m);
            String uuid = m.getUuid().toString();
            if (f == null) {
                rows.add(failure.failed(address, uuid, MemberStatus.FAILED, "no task was submitted"));
                continue;
            }
            if (interrupted) {
                f.cancel(true);
                rows.add(failure.failed(address, uuid, MemberStatus.FAILED, "caller interrupted"));
                continue;
            }
            try {
                long remaining = Math.max(0, deadline - System.nanoTime());
                rows.add(renamer.rename(f.get(remaining, TimeUnit.NANOSECONDS), address, uuid));
            } catch (TimeoutException e) {
                f.cancel(true);
                if (isMember(m.getUuid())) {
                    rows.add(failure.failed(address, uuid, MemberStatus.TIMED_OUT, "no answer within " + timeout));
                } else {
                    rows.add(failure.failed(address, uuid, MemberStatus.FAILED,
                            "member left the cluster before answering"));
                }
            } catch (ExecutionException e) {
                rows.add(failure.failed(address, uuid, MemberStatus.FAILED,
                        describe(e.getCause() != null ? e.getCause() : e, m)));
            } catch (CancellationException e) {
                rows.add(failure.failed(address, uuid, MemberStatus.FAILED, "task cancelled"));
            } catch (InterruptedException e) {
                interrupted = true;
                f.cancel(true);
                rows.add(failure.failed(address, uuid, MemberStatus.FAILED, "caller interrupted"));
            } catch (RuntimeException e) {
                rows.add(failure.failed(address, uuid, MemberStatus.FAILED, describe(e, m)));
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return rows;
    }

    private boolean isMember(UUID uuid) {
        try {
            for (Member m : instance.getCluster().getMembers()) {
                if (m.getUuid().equals(uuid)) {
                    return true;
                }
            }
            return false;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private String describe(Throwable cause, Member m) {
        if (cause == null) {
            return "unknown failure";
        }
        for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String type = t.getClass().getName();
            if (type.endsWith("MemberLeftException") || type.endsWith("TargetNotMemberException")
                    || type.endsWith("TargetDisconnectedException")) {
                return "member left the cluster before answering (" + t.getClass().getSimpleName() + ")";
            }
        }
        if (!isMember(m.getUuid())) {
            return "member left the cluster before answering (" + cause + ")";
        }
        Throwable root = cause;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = cause.toString();
        if (root != cause) {
            text += " caused by " + root;
        }
        if (root instanceof ClassNotFoundException || root instanceof NoClassDefFoundError) {
            text = "navpack index-sizer classes are not on the member's class path: " + text;
        }
        return text;
    }

    private static String address(Member m) {
        return m.getAddress().toString();
    }
}
