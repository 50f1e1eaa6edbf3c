package io.navpack.sizing;

import com.hazelcast.cluster.Member;
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
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Sizes every index on every member of a cluster in one call.
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
        long deadline = start + timeout.toNanos();
        Instant takenAt = Instant.now();
        Set<Member> members = new LinkedHashSet<>(instance.getCluster().getMembers());
        // members stop walking in time to send their answer before the caller gives up
        Duration memberBudget = timeout.minus(timeout.dividedBy(5));
        if (memberBudget.compareTo(options.memberTimeBudget()) > 0) {
            memberBudget = options.memberTimeBudget();
        }
        IndexSizingTask task = new IndexSizingTask(options.withMemberTimeBudget(
                memberBudget.isZero() || memberBudget.isNegative() ? Duration.ofMillis(1) : memberBudget));

        List<MemberIndexReport> rows = new ArrayList<>();
        Map<Member, Future<MemberIndexReport>> futures;
        try {
            IExecutorService executor = instance.getExecutorService(executorName);
            futures = executor.submitToMembers(task, members);
        } catch (RuntimeException e) {
            for (Member m : members) {
                rows.add(MemberIndexReport.failed(address(m), m.getUuid().toString(), MemberStatus.FAILED,
                        "could not submit the sizing task: " + e));
            }
            return new ClusterIndexReport(rows, takenAt, Duration.ofNanos(System.nanoTime() - start));
        }
        boolean interrupted = false;
        for (Member m : members) {
            Future<MemberIndexReport> f = futures.get(m);
            String address = address(m);
            String uuid = m.getUuid().toString();
            if (f == null) {
                rows.add(MemberIndexReport.failed(address, uuid, MemberStatus.FAILED, "no task was submitted"));
                continue;
            }
            if (interrupted) {
                f.cancel(true);
                rows.add(MemberIndexReport.failed(address, uuid, MemberStatus.FAILED, "caller interrupted"));
                continue;
            }
            try {
                long remaining = Math.max(0, deadline - System.nanoTime());
                MemberIndexReport r = f.get(remaining, TimeUnit.NANOSECONDS);
                rows.add(r.withMember(address, uuid));
            } catch (TimeoutException e) {
                f.cancel(true);
                if (isMember(m.getUuid())) {
                    rows.add(MemberIndexReport.failed(address, uuid, MemberStatus.TIMED_OUT,
                            "no answer within " + timeout));
                } else {
                    rows.add(MemberIndexReport.failed(address, uuid, MemberStatus.FAILED,
                            "member left the cluster before answering"));
                }
            } catch (ExecutionException e) {
                rows.add(MemberIndexReport.failed(address, uuid, MemberStatus.FAILED,
                        describe(e.getCause() != null ? e.getCause() : e, m)));
            } catch (CancellationException e) {
                rows.add(MemberIndexReport.failed(address, uuid, MemberStatus.FAILED, "task cancelled"));
            } catch (InterruptedException e) {
                interrupted = true;
                f.cancel(true);
                rows.add(MemberIndexReport.failed(address, uuid, MemberStatus.FAILED, "caller interrupted"));
            } catch (RuntimeException e) {
                rows.add(MemberIndexReport.failed(address, uuid, MemberStatus.FAILED, describe(e, m)));
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        return new ClusterIndexReport(rows, takenAt, Duration.ofNanos(System.nanoTime() - start));
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
