package io.navpack.format.spi;

import io.navpack.format.Schema;
import io.navpack.format.SchemaCatalog;
import io.navpack.format.SchemaConflictException;
import io.navpack.format.SchemaException;
import io.navpack.format.SchemaPublisher;
import io.navpack.format.SchemaRegistry;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * How a cluster agrees its schemas, whichever grid carries the messages. Each grid gives it three things: one entry
 * that its owner updates one request at a time (the <b>catalog</b>: a {@link SchemaCatalog} in binary form), a way
 * to run a task on every member, and a way to announce a schema nobody holds. The rules are here, once:
 *
 * <ul>
 * <li><b>Agreement</b> ({@link #register}): run at the catalog's entry, one request at a time, so that of two
 *     proposals racing for one type id and version exactly one wins; every proposal is admitted under the rules of
 *     {@link SchemaCatalog#admit} against what the catalog holds (and the proposals before it), and each gets the
 *     agreed schema or its refusal ({@link #answers}).</li>
 * <li><b>Distribution</b> ({@link #publish}): the agreed schemas are then given to every member ({@link #learn}),
 *     also when the catalog held them already, and a member that holds a different schema under an agreed id and
 *     version turns the agreement into a refusal naming the member.</li>
 * <li><b>Lookups</b> ({@link #fetch}): a schema a JVM lacks is asked of the catalog and of the members; one that
 *     nobody holds is announced, so that whoever holds it publishes it again, and not asked again for half a
 *     second ({@link Misses}).</li>
 * <li><b>Disagreements</b> ({@link #holders}): two different schemas under one type id and version, as the catalog
 *     and the members hold them, are listed, never merged away.</li>
 * </ul>
 *
 * <p>Restarts, reconnections and merges are the grid's events; on each the grid publishes what its registry holds
 * again ({@link SchemaRegistry#republish()}, {@link SchemaRegistry#republishIfLost()}), which goes through the same
 * rules.
 */
public final class SchemaProtocol {
    private static final int HELD = 0;
    private static final int CONFLICT = 1;
    private static final int REFUSED = 2;
    private static final int ADDED = 3;

    private SchemaProtocol() {
    }

    /** The catalog in {@code value}, the catalog entry's value; empty for null. */
    public static SchemaCatalog catalogOf(byte[] value) {
        return value == null ? SchemaCatalog.EMPTY : SchemaCatalog.fromBytes(value);
    }

    /** The binary forms of {@code schemas}, as tasks carry them. */
    public static List<byte[]> toBytes(Collection<Schema> schemas) {
        List<byte[]> out = new ArrayList<>(schemas.size());
        for (Schema s : schemas) {
            out.add(s.toBytes());
        }
        return out;
    }

    // ------------------------------------------------------------------ at the catalog's entry

    /**
     * What {@link #register} did to the catalog: its new binary form, or null when it holds nothing new (the grid
     * then leaves the entry and its backups alone); and the encoded answers, one per proposal.
     */
    public record Registration(byte[] catalog, byte[] answers) {
    }

    /**
     * Admits proposals (binary schemas, each with whether its version is to be chosen) into the catalog held in
     * {@code catalogBytes} (null: empty). Run by the owner of the catalog's entry, one request at a time.
     */
    public static Registration register(byte[] catalogBytes, List<byte[]> schemas, boolean[] chooseVersion) {
        SchemaCatalog catalog = catalogOf(catalogBytes);
        int before = catalog.size();
        List<Object> answers = new ArrayList<>(schemas.size());
        for (int i = 0; i < schemas.size(); i++) {
            Schema proposal = Schema.fromBytes(schemas.get(i));
            try {
                Schema agreed = catalog.admit(proposal, chooseVersion[i], "the cluster");
                if (catalog.get(agreed.typeId(), agreed.version()) == null) {
                    catalog = catalog.with(agreed);
                    answers.add(new Added(agreed));
                } else {
                    answers.add(agreed);
                }
            } catch (SchemaException e) {
                answers.add(e);
            }
        }
        return new Registration(catalog.size() != before ? catalog.toBytes() : null, encode(answers));
    }

    /** A schema the catalog did not hold before this registration. */
    private record Added(Schema schema) {
    }

    private static byte[] encode(List<Object> answers) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream d = new DataOutputStream(bytes)) {
            d.writeInt(answers.size());
            for (Object a : answers) {
                if (a instanceof Schema schema) {
                    d.writeByte(HELD);
                    writeBytes(d, schema.toBytes());
                } else if (a instanceof Added added) {
                    d.writeByte(ADDED);
                    writeBytes(d, added.schema().toBytes());
                } else if (a instanceof SchemaConflictException c) {
                    d.writeByte(CONFLICT);
                    writeText(d, c.problem());
                    writeBytes(d, c.existing().toBytes());
                } else {
                    d.writeByte(REFUSED);
                    writeText(d, ((SchemaException) a).getMessage());
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return bytes.toByteArray();
    }

    /**
     * The answers to {@code proposals} that {@link #register} encoded; the schemas that the catalog did not hold
     * before go to {@code added}.
     */
    public static List<SchemaPublisher.Answer> answers(byte[] encoded, List<SchemaPublisher.Proposal> proposals,
                                                       List<Schema> added) {
        List<SchemaPublisher.Answer> out = new ArrayList<>(proposals.size());
        try (DataInputStream d = new DataInputStream(new ByteArrayInputStream(encoded))) {
            int n = d.readInt();
            if (n != proposals.size()) {
                throw new IllegalStateException(n + " answers to " + proposals.size() + " proposals");
            }
            for (int i = 0; i < n; i++) {
                int kind = d.readByte();
                Schema refused = proposals.get(i).schema();
                if (kind == HELD || kind == ADDED) {
                    Schema agreed = Schema.fromBytes(readBytes(d));
                    if (kind == ADDED) {
                        added.add(agreed);
                    }
                    out.add(SchemaPublisher.Answer.agreed(agreed));
                } else if (kind == CONFLICT) {
                    String problem = readText(d);
                    Schema existing = Schema.fromBytes(readBytes(d));
                    out.add(SchemaPublisher.Answer.refused(new SchemaConflictException(problem, existing, refused)));
                } else {
                    out.add(SchemaPublisher.Answer.refused(new SchemaException(readText(d))));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return out;
    }

    private static void writeBytes(DataOutputStream d, byte[] b) throws IOException {
        d.writeInt(b.length);
        d.write(b);
    }

    private static void writeText(DataOutputStream d, String text) throws IOException {
        writeBytes(d, text.getBytes(StandardCharsets.UTF_8));
    }

    private static String readText(DataInputStream d) throws IOException {
        return new String(readBytes(d), StandardCharsets.UTF_8);
    }

    private static byte[] readBytes(DataInputStream d) throws IOException {
        byte[] b = new byte[d.readInt()];
        d.readFully(b);
        return b;
    }

    // ------------------------------------------------------------------ on every member

    /**
     * A member learns schemas that the catalog agreed on (or, for a member that joins, every schema of the others).
     * Answers the schemas it refused because it holds different ones under the same id and version (its own, as
     * binary forms); empty when it holds them all now. Each refusal is also said to {@code warn}.
     */
    public static List<byte[]> learn(SchemaRegistry registry, List<byte[]> schemas, Consumer<String> warn) {
        List<byte[]> refused = new ArrayList<>();
        for (byte[] b : schemas) {
            Schema s = Schema.fromBytes(b);
            try {
                registry.learn(s);
            } catch (SchemaConflictException e) {
                warn.accept("navpack: this member keeps " + e.existing() + " and refuses " + s + ": " + e.problem());
                if (e.existing().key() == s.key()) {
                    refused.add(e.existing().toBytes());
                }
            }
        }
        return refused;
    }

    // ------------------------------------------------------------------ at the publisher

    /** What {@link #publish} needs of a grid. */
    public interface Grid {
        /**
         * Runs {@link #register} on the catalog's entry for {@code proposals} and returns {@link #answers}; the
         * schemas the catalog did not hold before go to {@code added}. Throws when the catalog cannot be reached.
         */
        List<SchemaPublisher.Answer> agree(List<SchemaPublisher.Proposal> proposals, List<Schema> added);

        /**
         * Has every member {@link #learn} {@code agreed} and waits for them: the schemas each member refused, by
         * the member's name (members that left are left out).
         */
        Map<String, List<byte[]>> learnEverywhere(List<Schema> agreed);
    }

    /**
     * Agrees {@code proposals} in the catalog, then gives the agreed schemas ({@code all}: every one; otherwise
     * those new to the catalog) to every member and waits for them, also when the catalog held them already:
     * another JVM that just added one may still be giving it to the members, and a value written before a member
     * holds its schema cannot be read there. A member that holds a different schema under an agreed id and version
     * refuses it, and the answer for that schema becomes a refusal naming the member.
     */
    public static List<SchemaPublisher.Answer> publish(List<SchemaPublisher.Proposal> proposals, boolean all, Grid grid) {
        List<Schema> added = new ArrayList<>();
        List<SchemaPublisher.Answer> answers = new ArrayList<>(grid.agree(proposals, added));
        List<Schema> agreed = new ArrayList<>();
        for (SchemaPublisher.Answer a : answers) {
            if (a.agreed() != null && (all || added.contains(a.agreed()))) {
                agreed.add(a.agreed());
            }
        }
        if (agreed.isEmpty()) {
            return answers;
        }
        for (Map.Entry<String, List<byte[]>> e : grid.learnEverywhere(agreed).entrySet()) {
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
                                + e.getKey() + " holds " + held + ", not " + a + " that the cluster's catalog"
                                + " holds under type id " + a.typeId() + " version " + a.version() + " (members and catalog"
                                + " disagree, e.g. after a split cluster merged; 'navpack schemas' lists the disagreement):"
                                + " give the changed class another version or type id")));
                    }
                }
            }
        }
        return answers;
    }

    // ------------------------------------------------------------------ lookups

    /**
     * The schemas nobody held when asked, remembered for half a second each so that a value naming one is not
     * asked about again and again; at most {@value #MAX_REMEMBERED} at a time (corrupt values can name any id).
     */
    public static final class Misses {
        /** Most misses remembered (and so asked for) per half second. */
        public static final int MAX_REMEMBERED = 256;
        private final Map<Long, Long> until = new ConcurrentHashMap<>();

        /** Whether {@code key} was missed within the last half second. */
        boolean recent(long key) {
            Long u = until.get(key);
            return u != null && u - System.nanoTime() > 0;
        }

        /** Remembers a miss; false when too many are remembered already (the miss is then not announced either). */
        boolean remember(long key) {
            long now = System.nanoTime();
            if (until.size() >= MAX_REMEMBERED) {
                until.values().removeIf(t -> t - now <= 0);
            }
            if (until.size() >= MAX_REMEMBERED) {
                return false;
            }
            until.put(key, now + TimeUnit.MILLISECONDS.toNanos(500));
            return true;
        }
    }

    /** Type id and version as one key, as {@link Schema#key()} gives it and announcements carry it. */
    public static long key(int typeId, int version) {
        return ((long) typeId << 32) | (version & 0xFFFFFFFFL);
    }

    /**
     * A schema this JVM lacks: asked of each of {@code where} in turn (the catalog, the members; a supplier may
     * answer null), the first that has it; null when none does, which is then {@code announce}d (as {@link #key})
     * and remembered in {@code misses}. A schema missed within the last half second is not asked for again.
     */
    @SafeVarargs
    public static Schema fetch(int typeId, int version, Misses misses, LongConsumer announce, Supplier<Schema>... where) {
        long key = key(typeId, version);
        if (misses.recent(key)) {
            return null;
        }
        for (Supplier<Schema> w : where) {
            Schema found = w.get();
            if (found != null) {
                return found;
            }
        }
        if (misses.remember(key)) {
            announce.accept(key);
        }
        return null;
    }

    // ------------------------------------------------------------------ disagreements

    /**
     * Every schema held by the catalog (named {@code catalogName}) and by each member (named "member " + its name),
     * by {@link Schema#key()} in order, each with who holds it; two schemas under one key are a disagreement.
     */
    public static Map<Long, Map<Schema, List<String>>> holders(SchemaCatalog catalog, String catalogName,
                                                               Map<String, List<Schema>> byMember) {
        Map<Long, Map<Schema, List<String>>> byKey = new TreeMap<>();
        for (Schema s : catalog.schemas()) {
            byKey.computeIfAbsent(s.key(), k -> new LinkedHashMap<>()).computeIfAbsent(s, k -> new ArrayList<>()).add(catalogName);
        }
        byMember.forEach((member, held) -> {
            for (Schema s : held) {
                byKey.computeIfAbsent(s.key(), k -> new LinkedHashMap<>()).computeIfAbsent(s, k -> new ArrayList<>())
                        .add("member " + member);
            }
        });
        return byKey;
    }

    /** "type id 300 version 1: the catalog and member A hold ...; member B holds ...". */
    public static String describe(int typeId, int version, Map<Schema, List<String>> holders) {
        List<String> parts = new ArrayList<>();
        holders.forEach((schema, who) -> parts.add(String.join(" and ", who) + (who.size() == 1 ? " holds " : " hold ")
                + schema));
        return "type id " + typeId + " version " + version + ": " + String.join("; ", parts);
    }
}
