package io.navpack.documents.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.documents.DocumentSchema;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;
import io.navpack.hazelcast.NavpackContext;

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
        SchemaRegistry registry = NavpackContext.of(hz).registry();
        for (Schema s : schema.navpackSchemas()) {
            registry.register(s);
        }
    }

    /** The document schema kept for {@code mapName}, or null when none is. */
    public static DocumentSchema read(HazelcastInstance hz, String mapName) {
        String text = files(hz).get(mapName);
        return text == null ? null : DocumentSchema.parse(text);
    }

    private static IMap<String, String> files(HazelcastInstance hz) {
        return hz.getMap(MAP);
    }
}
