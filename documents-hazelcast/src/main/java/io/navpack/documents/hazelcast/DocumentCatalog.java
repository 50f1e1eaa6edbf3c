package io.navpack.documents.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.SchemaInference;
import io.navpack.format.Schema;
import io.navpack.hazelcast.NavpackContext;

import java.util.Map;

/**
 * The document schemas of a cluster's maps: each map loaded with documents has its schema file in the map
 * {@value #MAP} (key: the map's name, value: the schema file's text), and its navpack schemas (every type and
 * version) in the cluster's catalog, so that members read, query and index the values without classes, and
 * {@code navpack export} writes them back as documents with nothing but the cluster.
 */
public final class DocumentCatalog {
    /** The map of schema files, by the name of the map whose documents they describe. */
    public static final String MAP = "navpack.documents";

    private DocumentCatalog() {
    }

    /**
     * Registers every navpack schema of {@code schema} in the cluster's catalog and keeps its schema file for
     * {@code mapName}; a cluster that holds other schemas under the same type ids refuses it, naming them.
     */
    public static void publish(HazelcastInstance hz, String mapName, DocumentSchema schema) {
        register(hz, schema);
        files(hz).set(mapName, schema.toJson());
    }

    /** Registers every navpack schema of {@code schema} in the catalog of {@code hz}'s cluster. */
    public static void register(HazelcastInstance hz, DocumentSchema schema) {
        // one request for all of them: a document schema has hundreds of types
        NavpackContext.of(hz).registry().registerAll(schema.navpackSchemas());
    }

    /** The document schema kept for {@code mapName}, or null when none is. */
    public static DocumentSchema read(HazelcastInstance hz, String mapName) {
        String text = files(hz).get(mapName);
        return text == null ? null : DocumentSchema.parse(text);
    }

    /**
     * The document schema named {@code schemaName} that the cluster keeps for some map, or null. Type names are the
     * cluster's: documents of another map whose schema has this name take this schema (and grow it).
     */
    public static DocumentSchema byName(HazelcastInstance hz, String schemaName) {
        for (String text : files(hz).values()) {
            DocumentSchema s = DocumentSchema.parse(text);
            if (s.name().equals(schemaName)) {
                return s;
            }
        }
        return null;
    }

    /**
     * The first type id free after those of every document schema the cluster keeps (at least
     * {@code SchemaInference.DEFAULT_FIRST_TYPE_ID}), for a schema inferred for {@code mapName}: the documents of
     * several maps then never claim the same ids. The map's own schema, if it has one, is not counted.
     */
    public static int firstFreeTypeId(HazelcastInstance hz, String mapName) {
        int next = SchemaInference.DEFAULT_FIRST_TYPE_ID;
        for (Map.Entry<String, String> e : files(hz).entrySet()) {
            if (e.getKey().equals(mapName)) {
                continue;
            }
            for (Schema s : DocumentSchema.parse(e.getValue()).navpackSchemas()) {
                if (s.typeId() >= next) {
                    next = s.typeId() + 1;
                }
            }
        }
        return next;
    }

    private static IMap<String, String> files(HazelcastInstance hz) {
        return hz.getMap(MAP);
    }
}
