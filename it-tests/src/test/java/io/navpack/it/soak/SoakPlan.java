package io.navpack.it.soak;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How long the soak runs and which faults it makes when. Two lengths: {@link #shortRun()} (one fault of each
 * kind, the run CI makes) and {@link #minutes(int)} (five kills, one rolling restart, one split brain, one client
 * rolled to version 2, spread over the given minutes of load).
 */
public record SoakPlan(String name, Duration load, Duration warmUp, Duration baseline, Duration minGap, Duration splitFor,
                       List<Fault> faults, int keys, int threadsPerFormat, int memberHeapMegabytes, int clientHeapMegabytes,
                       Duration meterEvery, Duration queryCacheWait) {

    /** What a fault does. */
    public enum Kind {
        /** kill -9 of one member, then a new member in its place; with {@code sizing}, an index sizing and a what-if run while it dies. */
        KILL,
        /** Every member in turn: SIGTERM (graceful shutdown), a new member in its place, the cluster settled. */
        ROLLING_RESTART,
        /** One member's container off the network for {@link #splitFor()}, then back with its address: a split brain and a merge. */
        SPLIT_BRAIN,
        /** The second client JVM stops and starts again with version 2 of the value types (a field added); the first keeps version 1. */
        CLIENT_ROLL
    }

    /** A fault, on {@code member} where it takes one, not before {@code notBefore} into the load. */
    public record Fault(Kind kind, int member, boolean sizing, Duration notBefore) {
        public String describe() {
            return switch (kind) {
                case KILL -> "kill -9 member" + member + (sizing ? " during an index sizing and a what-if" : "") + ", restart";
                case ROLLING_RESTART -> "rolling restart of all members";
                case SPLIT_BRAIN -> "split brain: member" + member + " cut off";
                case CLIENT_ROLL -> "client B rolled to version 2";
            };
        }
    }

    /**
     * One fault of each kind, each {@link #minGap()} after the one before healed; 10 000 keys per format, and the split
     * lasts 15 s instead of 30 s, so that the run, containers included, fits in CI's budget.
     */
    public static SoakPlan shortRun() {
        List<Fault> faults = List.of(
                new Fault(Kind.KILL, 2, true, Duration.ZERO),
                new Fault(Kind.SPLIT_BRAIN, 3, false, Duration.ZERO),
                new Fault(Kind.CLIENT_ROLL, 0, false, Duration.ZERO),
                new Fault(Kind.ROLLING_RESTART, 0, false, Duration.ZERO));
        return new SoakPlan("short", Duration.ofSeconds(240), Duration.ofSeconds(35), Duration.ofSeconds(20), Duration.ofSeconds(25),
                Duration.ofSeconds(15), faults, 10_000, 3, 384, 320, Duration.ofSeconds(10), Duration.ofSeconds(10));
    }

    /** {@code minutes} of load with five kills, a rolling restart, a 30 s split brain and a client rolled to version 2. */
    public static SoakPlan minutes(int minutes) {
        if (minutes < 8) {
            throw new IllegalArgumentException("a run of " + minutes + " minutes has no room for 8 faults; use the short run or 8 minutes or more");
        }
        Duration load = Duration.ofMinutes(minutes);
        Duration warmUp = Duration.ofSeconds(120);
        Duration baseline = Duration.ofSeconds(60);
        long firstAt = warmUp.plus(baseline).toSeconds();
        long spread = load.toSeconds() - firstAt - 120;
        List<Kind> order = List.of(Kind.KILL, Kind.ROLLING_RESTART, Kind.KILL, Kind.SPLIT_BRAIN, Kind.KILL, Kind.CLIENT_ROLL, Kind.KILL,
                Kind.KILL);
        int[] members = {2, 0, 3, 1, 1, 0, 2, 3};
        List<Fault> faults = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            faults.add(new Fault(order.get(i), members[i], i == 0, Duration.ofSeconds(firstAt + spread * i / order.size())));
        }
        return new SoakPlan(minutes + "min", load, warmUp, baseline, Duration.ofSeconds(45), Duration.ofSeconds(30), faults, 20_000, 3,
                384, 320, Duration.ofSeconds(20), Duration.ofSeconds(15));
    }

    /** A number of minutes, or else (e.g. {@code short}) the short run. */
    public static SoakPlan named(String spec) {
        String s = spec.trim();
        return s.matches("\\d+") ? minutes(Integer.parseInt(s)) : shortRun();
    }

    /** Client JVMs (each runs every format) and owners: one owner per thread per format per client. */
    public int owners() {
        return 2 * threadsPerFormat;
    }
}
