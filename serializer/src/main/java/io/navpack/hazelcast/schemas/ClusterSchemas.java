package io.navpack.hazelcast.schemas;

import com.hazelcast.cluster.Member;
import io.navpack.hazelcast.schemas.SchemaService;
import com.hazelcast.core.HazelcastInstance;
import io.navpack.format.Schema;
import io.navpack.format.SchemaCatalog;
import io.navpack.format.spi.SchemaProtocol;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The schemas a cluster holds, as its catalog and each member see them, and where they disagree: two
 * different schemas under one type id and version (which the catalog's agreement prevents, but a split
 * cluster that merged, or a catalog lost with its members, can leave behind). Nothing is merged away.
 */
public final class ClusterSchemas {
    /** Who holds the catalog's schemas in {@link Disagreement#holders()}. */
    public static final String CATALOG = "the catalog";

    private final SchemaCatalog catalog;
    private final Map<String, List<Schema>> byMember;
    private final Map<String, String> unanswered;
    private final List<Disagreement> disagreements;
    private final List<Schema> schemas;

    private ClusterSchemas(SchemaCatalog catalog, Map<String, List<Schema>> byMember, Map<String, String> unanswered) {
        this.catalog = catalog;
        this.byMember = Collections.unmodifiableMap(byMember);
        this.unanswered = Collections.unmodifiableMap(unanswered);
        Map<Long, Map<Schema, List<String>>> byKey = SchemaProtocol.holders(catalog, CATALOG, byMember);
        List<Disagreement> d = new ArrayList<>();
        List<Schema> all = new ArrayList<>();
        for (Map<Schema, List<String>> holders : byKey.values()) {
            Schema first = holders.keySet().iterator().next();
            all.add(first);
            if (holders.size() > 1) {
                d.add(new Disagreement(first.typeId(), first.version(), holders));
            }
        }
        this.disagreements = Collections.unmodifiableList(d);
        this.schemas = Collections.unmodifiableList(all);
    }

    /** Asks the catalog and every member, waiting at most {@code timeout} for each. */
    public static ClusterSchemas read(HazelcastInstance hz, Duration timeout) {
        Map<Member, Future<List<byte[]>>> answers = hz.getExecutorService(SchemaTasks.EXECUTOR)
                .submitToAllMembers(new SchemaTasks.All());
        SchemaCatalog catalog = SchemaService.readCatalog(hz);
        Map<String, List<Schema>> byMember = new LinkedHashMap<>();
        Map<String, String> unanswered = new LinkedHashMap<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        for (Map.Entry<Member, Future<List<byte[]>>> e : answers.entrySet()) {
            String name = e.getKey().getAddress().toString();
            try {
                List<Schema> held = new ArrayList<>();
                for (byte[] b : e.getValue().get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                    held.add(Schema.fromBytes(b));
                }
                byMember.put(name, held);
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                unanswered.put(name, "interrupted");
            } catch (ExecutionException ex) {
                unanswered.put(name, String.valueOf(ex.getCause()));
            } catch (TimeoutException ex) {
                unanswered.put(name, "no answer within " + timeout.toSeconds() + " s");
            }
        }
        return new ClusterSchemas(catalog, byMember, unanswered);
    }

    /** The catalog's schemas. */
    public SchemaCatalog catalog() {
        return catalog;
    }

    /** The schemas each member holds, by member address. */
    public Map<String, List<Schema>> byMember() {
        return byMember;
    }

    /** Members that did not answer, with the reason. */
    public Map<String, String> unanswered() {
        return unanswered;
    }

    /** Every type id and version held by two different schemas. */
    public List<Disagreement> disagreements() {
        return disagreements;
    }

    /**
     * One schema per type id and version held anywhere, in the order of type id and version: the catalog's
     * where it has one (for a disagreement, see {@link #disagreements()}).
     */
    public List<Schema> schemas() {
        return schemas;
    }

    /** Two or more different schemas under one type id and version, each with who holds it. */
    public record Disagreement(int typeId, int version, Map<Schema, List<String>> holders) {
        /** "type id 300 version 1: the catalog and member A hold ...; member B holds ...". */
        public String describe() {
            return SchemaProtocol.describe(typeId, version, holders);
        }
    }
}
