package io.navpack.it.soak;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What each key of one owner must hold, from the writes that owner made: the last acknowledged write
 * ({@code seq}, and whether its writer had the venue field), and writes that failed and so may or may not
 * have been applied ("in doubt"), until the next acknowledged write settles the key. One owner writes its keys
 * from one thread, so the order of its writes is the order of its log.
 *
 * <p>Log lines ({@link AckLog} writes them, {@link #replay} reads them): {@code P key seq v2} a put (or
 * putAll) acknowledged, {@code p key seq v2} one in doubt, {@code E key seq before} an entry processor that
 * answered the {@code seq} the value had before ({@code -1}: none), {@code e key seq} one in doubt.
 */
public final class KeyStates {

    /** One state a key may be in: {@code seq} -1 is "no value". */
    public record Candidate(long seq, boolean venue) {
        static final Candidate ABSENT = new Candidate(-1, false);

        boolean absent() {
            return seq < 0;
        }
    }

    /** How a read compares with what the key must hold. */
    public enum Verdict { OK, LOST, UNEXPECTED }

    private static final class State {
        Candidate acked = Candidate.ABSENT;
        List<Candidate> doubts;
    }

    private final Map<Long, State> states = new HashMap<>();
    private long acknowledged;
    private long inDoubt;

    private State state(long key) {
        return states.computeIfAbsent(key, k -> new State());
    }

    public void acked(long key, long seq, boolean venue) {
        State s = state(key);
        s.acked = new Candidate(seq, venue);
        s.doubts = null;
        acknowledged++;
    }

    public void doubted(long key, long seq, boolean venue) {
        State s = state(key);
        if (s.doubts == null) {
            s.doubts = new ArrayList<>(2);
        }
        s.doubts.add(new Candidate(seq, venue));
        inDoubt++;
    }

    /**
     * An entry processor answered that the value had {@code before}: the key now holds {@code seq} with the
     * venue of the state it was in. False when no state the key may have been in has {@code before}.
     */
    public boolean processed(long key, long seq, long before) {
        State s = state(key);
        Candidate from = null;
        for (Candidate c : acceptable(key)) {
            if (c.seq() == before) {
                from = c;
                break;
            }
        }
        if (before >= 0) {
            s.acked = new Candidate(seq, from == null ? s.acked.venue() : from.venue());
            acknowledged++;
        } else {
            s.acked = Candidate.ABSENT;
        }
        s.doubts = null;
        return from != null;
    }

    /** An entry processor failed: the key may hold {@code seq} over any state it may have been in. */
    public void processDoubted(long key, long seq) {
        State s = state(key);
        List<Candidate> more = new ArrayList<>();
        for (Candidate c : acceptable(key)) {
            if (!c.absent()) {
                more.add(new Candidate(seq, c.venue()));
            }
        }
        if (s.doubts == null) {
            s.doubts = new ArrayList<>(2);
        }
        s.doubts.addAll(more);
        inDoubt++;
    }

    /** The states {@code key} may be in now: the acknowledged one first. */
    public List<Candidate> acceptable(long key) {
        State s = states.get(key);
        if (s == null) {
            return List.of(Candidate.ABSENT);
        }
        if (s.doubts == null) {
            return List.of(s.acked);
        }
        List<Candidate> all = new ArrayList<>(1 + s.doubts.size());
        all.add(s.acked);
        all.addAll(s.doubts);
        return all;
    }

    /** The last acknowledged state of {@code key}. */
    public Candidate acked(long key) {
        State s = states.get(key);
        return s == null ? Candidate.ABSENT : s.acked;
    }

    public boolean isInDoubt(long key) {
        State s = states.get(key);
        return s != null && s.doubts != null;
    }

    /**
     * A read found {@code seq} ({@code -1}: no value) with or without a venue ({@code venue} null: the reader cannot
     * tell). LOST: an acknowledged write is missing (an older value or none); UNEXPECTED: a value this owner never
     * wrote at this point.
     */
    public Verdict judge(long key, long seq, Boolean venue) {
        for (Candidate c : acceptable(key)) {
            if (c.seq() == seq && (venue == null || c.absent() || c.venue() == venue)) {
                return Verdict.OK;
            }
        }
        Candidate acked = acked(key);
        return seq < acked.seq() ? Verdict.LOST : Verdict.UNEXPECTED;
    }

    /** Acknowledged writes applied so far. */
    public long acknowledged() {
        return acknowledged;
    }

    /** Writes that failed, so that their effect is unknown. */
    public long inDoubt() {
        return inDoubt;
    }

    /** Keys that are still in doubt. */
    public long keysInDoubt() {
        return states.values().stream().filter(s -> s.doubts != null).count();
    }

    public int size() {
        return states.size();
    }

    /** Applies one log line; false if it is not one (a line cut short when a writer died). */
    public boolean apply(String line) {
        String[] p = line.split(" ");
        try {
            switch (p[0]) {
                case "P" -> acked(Long.parseLong(p[1]), Long.parseLong(p[2]), "1".equals(p[3]));
                case "p" -> doubted(Long.parseLong(p[1]), Long.parseLong(p[2]), "1".equals(p[3]));
                case "E" -> processed(Long.parseLong(p[1]), Long.parseLong(p[2]), Long.parseLong(p[3]));
                case "e" -> processDoubted(Long.parseLong(p[1]), Long.parseLong(p[2]));
                default -> {
                    return false;
                }
            }
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** Applies every line of {@code log}, in order. */
    public void replay(Path log) {
        try (BufferedReader r = Files.newBufferedReader(log, StandardCharsets.UTF_8)) {
            for (String line; (line = r.readLine()) != null; ) {
                apply(line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
