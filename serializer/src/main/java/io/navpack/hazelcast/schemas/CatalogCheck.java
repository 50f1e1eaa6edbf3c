package io.navpack.hazelcast.schemas;

import com.hazelcast.cluster.Member;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.logging.ILogger;
import com.hazelcast.logging.Logger;
import com.hazelcast.map.IMap;
import io.navpack.format.Schema;
import io.navpack.format.SchemaCatalog;
import io.navpack.format.SchemaException;
import io.navpack.format.SchemaPublisher;
import io.navpack.format.SchemaRegistry;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.WeakHashMap;

/**
 * The catalog held against what the members and the kept schemas ({@link SchemaPersistence}) say, on a member.
 *
 * <p>{@link #restore}: when the member starts, the kept schemas are learned and those the catalog lacks are put into
 * it. {@link #check}: every few seconds the oldest member reads the catalog's entry (when the members have not changed
 * since the last time); Hazelcast's open-source edition
 * lets any client write any map, so a client that is not navpack's can overwrite the entry with something that is no
 * catalog, or clear it, and a catalog can also be lost with the members that held it. The damage is named in the
 * member's log and repaired: an entry that is no catalog is replaced by the schemas this member holds, and schemas the
 * catalog lacks are registered again. Values never wait for this: members read with the schemas they hold.
 */
final class CatalogCheck {
    private static final ILogger LOGGER = Logger.getLogger(CatalogCheck.class);

    private CatalogCheck() {
    }

    /** Learns the kept schemas and puts those the catalog lacks into it; then tells the implementations. */
    static void restore(SchemaService service) {
        List<SchemaPersistence> installed = SchemaPersistence.installed();
        if (installed.isEmpty()) {
            return;
        }
        HazelcastInstance hz = service.instance();
        SchemaRegistry registry = service.registry();
        List<Schema> kept = new ArrayList<>();
        for (SchemaPersistence p : installed) {
            try {
                kept.addAll(p.stored(hz));
            } catch (RuntimeException | LinkageError e) {
                LOGGER.warning("navpack: the schemas kept by " + p.getClass().getName() + " cannot be read: " + e);
            }
        }
        List<Schema> learned = new ArrayList<>();
        for (Schema s : kept) {
            try {
                learned.add(registry.learn(s));
            } catch (SchemaException e) {
                LOGGER.severe("navpack: a kept schema contradicts what this member holds (values of it are read with"
                        + " this member's): " + e.getMessage());
            }
        }
        try {
            SchemaCatalog catalog = SchemaService.readCatalog(hz);
            agreeMissing(service, catalog, learned);
        } catch (RuntimeException e) {
            LOGGER.warning("navpack: the kept schemas cannot be put into the cluster's catalog now (" + e
                    + "); the catalog check does it later");
        }
        for (SchemaPersistence p : installed) {
            try {
                p.restored(hz);
            } catch (RuntimeException | LinkageError e) {
                LOGGER.warning("navpack: " + p.getClass().getName() + " failed after the schemas were restored: " + e);
            }
        }
    }

    /**
     * The members each service saw at its last check: the catalog is checked only when they are the same at two checks
     * in a row, so that a catalog that members joining, leaving or merging are still bringing up to date (which the
     * schema service does itself, see {@link SchemaService#merged()}) is not taken for a damaged one.
     */
    private static final Map<SchemaService, Set<UUID>> LAST_MEMBERS = Collections.synchronizedMap(new WeakHashMap<>());

    /** On the oldest member, once the members did not change for one period: names and repairs a damaged catalog. */
    static void check(SchemaService service) {
        HazelcastInstance hz = service.instance();
        Set<UUID> members = new HashSet<>();
        for (Member m : hz.getCluster().getMembers()) {
            members.add(m.getUuid());
        }
        if (!members.equals(LAST_MEMBERS.put(service, members))
                || !hz.getCluster().getMembers().iterator().next().localMember()) {
            return;
        }
        SchemaRegistry registry = service.registry();
        Collection<Schema> held = registry.schemas();
        IMap<String, Object> map = hz.getMap(SchemaTasks.CATALOG);
        Object raw;
        try {
            raw = map.get(SchemaTasks.CATALOG_KEY);
        } catch (RuntimeException e) {
            // a value no class here can read: not navpack's catalog
            replace(map, held, "holds a value this member cannot read (" + e.getMessage() + ")");
            return;
        }
        if (raw == null) {
            if (!held.isEmpty()) {
                LOGGER.severe("navpack: the cluster's schema catalog (map " + SchemaTasks.CATALOG + ") is empty although"
                        + " this member holds " + held.size() + " schemas: it was cleared (by a client that is not"
                        + " navpack's: Hazelcast lets any client write any map) or lost with the members that held it;"
                        + " putting them back");
                agreeMissing(service, SchemaCatalog.EMPTY, held);
            }
            return;
        }
        if (!(raw instanceof byte[] bytes)) {
            replace(map, held, "holds a " + raw.getClass().getName() + ", not navpack's catalog");
            return;
        }
        SchemaCatalog catalog;
        try {
            catalog = SchemaCatalog.fromBytes(bytes);
        } catch (RuntimeException e) {
            replace(map, held, "holds " + bytes.length + " bytes that are no catalog (" + e.getMessage() + ")");
            return;
        }
        List<String> differ = new ArrayList<>();
        for (Schema s : held) {
            Schema c = catalog.get(s.typeId(), s.version());
            if (c != null && !c.equals(s)) {
                differ.add(s + " (the catalog holds " + c + ")");
            }
        }
        if (!differ.isEmpty()) {
            LOGGER.severe("navpack: the cluster's schema catalog and this member disagree on " + differ + "; 'navpack"
                    + " schemas' lists the disagreement");
        }
        List<Schema> missing = missing(catalog, held);
        if (!missing.isEmpty()) {
            LOGGER.severe("navpack: the cluster's schema catalog (map " + SchemaTasks.CATALOG + ") lacks "
                    + missing.size() + " of the schemas this member holds (" + describe(missing) + "): entries were"
                    + " removed or overwritten (by a client that is not navpack's: Hazelcast lets any client write any"
                    + " map), or lost with members; putting them back");
            agreeMissing(service, catalog, missing);
        }
    }

    private static void replace(IMap<String, Object> map, Collection<Schema> held, String what) {
        LOGGER.severe("navpack: the cluster's schema catalog (map " + SchemaTasks.CATALOG + ", key "
                + SchemaTasks.CATALOG_KEY + ") " + what + ": it was overwritten by a client that is not navpack's"
                + " (Hazelcast lets any client write any map); replacing it with the " + held.size() + " schemas this"
                + " member holds");
        map.set(SchemaTasks.CATALOG_KEY, SchemaCatalog.of(held).toBytes());
    }

    private static List<Schema> missing(SchemaCatalog catalog, Collection<Schema> schemas) {
        List<Schema> out = new ArrayList<>();
        for (Schema s : schemas) {
            if (catalog.get(s.typeId(), s.version()) == null) {
                out.add(s);
            }
        }
        return out;
    }

    private static void agreeMissing(SchemaService service, SchemaCatalog catalog, Collection<Schema> schemas) {
        List<SchemaPublisher.Proposal> proposals = new ArrayList<>();
        for (Schema s : missing(catalog, schemas)) {
            proposals.add(new SchemaPublisher.Proposal(s, false));
        }
        if (proposals.isEmpty()) {
            return;
        }
        for (SchemaPublisher.Answer a : service.agree(proposals, new ArrayList<>())) {
            if (a.refused() != null) {
                LOGGER.warning("navpack: the catalog refuses a schema this member holds: " + a.refused().getMessage());
            }
        }
    }

    private static String describe(List<Schema> schemas) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < schemas.size() && i < 5; i++) {
            names.add(schemas.get(i).typeName() + " v" + schemas.get(i).version());
        }
        return String.join(", ", names) + (schemas.size() > 5 ? ", ..." : "");
    }
}
