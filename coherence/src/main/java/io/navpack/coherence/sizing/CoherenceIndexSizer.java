package io.navpack.coherence.sizing;

import com.tangosol.net.InvocationService;
import com.tangosol.net.Member;
import io.navpack.coherence.NavpackCoherence;

import com.tangosol.util.ValueExtractor;

import java.time.Duration;
import java.util.Comparator;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The heap every index of every cache holds on every storage member of a Coherence cluster, measured with the navpack
 * agent ({@code -javaagent:navpack-agent.jar} on the members) by an {@code Invocable} sent through an
 * {@link InvocationService} to every member that runs it (navpack's own, by default), beside Coherence's own
 * {@code IndexInfo} footprint. Each member walks its partitions' indexes one partition at a time, at most the given
 * share of one core, within the time limit.
 *
 * <pre>{@code
 * CoherenceIndexSizer.Report r = CoherenceIndexSizer.size();
 * r.figures().forEach(f -> System.out.println(f.member() + " " + f.cache() + " " + f.index() + " " + f.bytes()));
 * }</pre>
 */
public final class CoherenceIndexSizer {
    private CoherenceIndexSizer() {
    }

    /**
     * Every index's figures per member ({@link IndexFigure}), and the members that have none, with the reason (e.g. a
     * member started without the agent).
     */
    public record Report(List<IndexFigure> figures, Map<String, String> failures, Map<String, Long> cpuNanos) {
        /** The figures of one cache and index, summed over the members. */
        public long bytes(String cache, String index) {
            long n = 0;
            for (IndexFigure f : figures) {
                if (f.cache().equals(cache) && f.index().equals(index)) {
                    n += f.bytes();
                }
            }
            return n;
        }

        /** Coherence's footprint of one cache and index, summed over the members. */
        public long footprint(String cache, String index) {
            long n = 0;
            for (IndexFigure f : figures) {
                if (f.cache().equals(cache) && f.index().equals(index)) {
                    n += f.footprint();
                }
            }
            return n;
        }
    }

    /**
     * Predicts, per storage member, the heap an index not yet created would hold ({@link WhatIfTask}: a sample of
     * {@code samplePartitions} of each member's partitions indexed in private and scaled), creating nothing.
     */
    @SuppressWarnings("unchecked")
    public static List<WhatIfTask.Result> whatIf(InvocationService service, String cache, ValueExtractor<?, ?> extractor,
                                                 boolean ordered, Comparator<?> comparator, int samplePartitions) {
        Map<Member, Object> answers = (Map<Member, Object>) service.query(
                new WhatIfTask(cache, extractor, ordered, comparator, samplePartitions), null);
        List<WhatIfTask.Result> out = new ArrayList<>();
        for (Object a : answers.values()) {
            if (a instanceof WhatIfTask.Result r && (r.entries() > 0 || r.failure() != null)) {
                out.add(r);
            }
        }
        out.sort(java.util.Comparator.comparing(WhatIfTask.Result::member));
        return out;
    }

    /** Sizes every index through navpack's invocation service, uncapped, within ten minutes per member. */
    public static Report size() {
        return size(NavpackCoherence.get().schemas().invocation(), null, 1.0, Duration.ofMinutes(10));
    }

    /**
     * Sizes the indexes of {@code cache} (null: every cache) on every member running {@code service}, each member
     * using at most {@code cpuShare} of one core and {@code timeLimit}.
     */
    @SuppressWarnings("unchecked")
    public static Report size(InvocationService service, String cache, double cpuShare, Duration timeLimit) {
        Map<Member, Object> answers = (Map<Member, Object>) service.query(
                new IndexSizingTask(cache, cpuShare, timeLimit.toNanos()), null);
        List<IndexFigure> figures = new ArrayList<>();
        Map<String, String> failures = new LinkedHashMap<>();
        Map<String, Long> cpu = new LinkedHashMap<>();
        for (Object o : service.getInfo().getServiceMembers()) {
            Member m = (Member) o;
            String name = MemberIndexSizer.describe(m);
            Object a = answers.get(m);
            if (a instanceof IndexSizingTask.Result r) {
                figures.addAll(r.figures());
                cpu.put(name, r.cpuNanos());
                if (r.failure() != null) {
                    failures.put(name, r.failure());
                }
            } else {
                failures.put(name, "no answer (the member left, or lacks navpack's jar)");
            }
        }
        return new Report(figures, failures, cpu);
    }
}
