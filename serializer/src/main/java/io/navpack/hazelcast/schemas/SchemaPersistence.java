package io.navpack.hazelcast.schemas;

import com.hazelcast.core.HazelcastInstance;
import io.navpack.format.Schema;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Where a member's schemas are kept beyond the cluster's memory — a map store's database, for one — so that a
 * cluster started cold, with no client alive to publish them again, can read the values it loads. Implementations
 * are found with {@link ServiceLoader} (listed in {@code META-INF/services/io.navpack.hazelcast.schemas.SchemaPersistence})
 * on the member's class path; with none, nothing changes.
 *
 * <p>When a member starts, after it learned what the cluster's catalog holds, the schema service asks every
 * implementation for the schemas it keeps ({@link #stored}), learns them and puts those the catalog lacks into it;
 * then it calls {@link #restored}. The same schemas are the reference against which the catalog is checked and
 * repaired ({@link CatalogCheck}).
 */
public interface SchemaPersistence {
    /**
     * The schemas kept for the maps of member {@code hz} (empty when it keeps none for them); called off any partition
     * thread. A failure is logged by the caller and does not stop the member.
     */
    Collection<Schema> stored(HazelcastInstance hz);

    /** Called on member {@code hz} once the kept schemas are known to it and to the catalog, off any partition thread. */
    default void restored(HazelcastInstance hz) {
    }

    /** The implementations on the class path of navpack's classes. */
    static List<SchemaPersistence> installed() {
        List<SchemaPersistence> out = new ArrayList<>();
        for (SchemaPersistence p : ServiceLoader.load(SchemaPersistence.class, SchemaPersistence.class.getClassLoader())) {
            out.add(p);
        }
        return out;
    }
}
