package io.navpack.hazelcast;

import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.core.DistributedObjectEvent;
import com.hazelcast.core.DistributedObjectListener;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.logging.ILogger;
import com.hazelcast.logging.Logger;
import com.hazelcast.map.IMap;
import com.hazelcast.map.MapInterceptor;
import io.navpack.format.GeneratedView;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.internal.MapContainers;
import io.navpack.hazelcast.internal.OperationThreads;
import io.navpack.hazelcast.internal.SerializationInternals;

import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Values of other formats put into maps that hold navpack values only ({@value NavpackSettings#MAPS}): most often a
 * client that has navpack's jar but no navpack configuration for its class, which Hazelcast then writes as a Compact
 * value. Such a value is caught where it enters: the member that owns its key logs once per map which key and format
 * arrived, counts it per map (meter {@code navpack.map.other.formats}), and — unless
 * {@value NavpackSettings#OTHER_FORMATS} is {@code warn} — refuses the put with an error that names the fix.
 *
 * <p>Each member gives each such map — listed by name or matched by a pattern — a {@link MapInterceptor} when it
 * creates the map's state, before the first operation on the map runs there, so that even a map's very first put is
 * checked; each member does so from its own {@value NavpackSettings#MAPS}, so every member should list the same maps.
 * An interceptor makes Hazelcast deserialise the value at each put, which for a navpack value is a view over its
 * bytes; maps not listed are left alone, and may hold navpack values beside other formats.
 */
public final class OtherFormats {
    private static final ILogger LOGGER = Logger.getLogger(OtherFormats.class);
    private static final MapCounters COUNTS = new MapCounters();
    private static final Set<String> LOGGED = ConcurrentHashMap.newKeySet();

    private OtherFormats() {
    }

    /**
     * On a member, before it joins its cluster: every map of {@link NavpackSettings#maps()} gets its interceptor when
     * the member creates the map's container, before the first operation on the map runs there. Returns false when
     * this Hazelcast version does not allow it ({@link #watchLater} is then called once the member has started).
     */
    static boolean watchFromStart(HazelcastInstance hz, NavpackSettings settings) {
        if (settings.maps().isEmpty()) {
            return true;
        }
        boolean refuse = settings.refuseOtherFormats();
        boolean watched = MapContainers.interceptOnCreation(hz,
                name -> settings.navpackOnly(name) ? new NavpackOnly(name, refuse) : null);
        if (watched) {
            hz.getCluster().addMembershipListener(new RefusedJoins(hz));
        }
        return watched;
    }

    /** How soon after it joined a member that leaves is taken for one refused for lacking navpack's jars. */
    static final long REFUSED_WITHIN_NANOS = 30_000_000_000L;

    /**
     * Names, in one line, a member that leaves right after it joined: with {@value NavpackSettings#MAPS} set, that is
     * how a member without navpack's jars is refused — Hazelcast sends the maps' interceptors with the join
     * ({@link NavpackMemberJarRequired}), the member cannot load them and shuts down. A member with the jars that
     * fails for another reason in that moment is named too; the line says how to tell.
     */
    private static final class RefusedJoins implements MembershipListener {
        private final HazelcastInstance hz;
        private final Map<UUID, Long> joined = new ConcurrentHashMap<>();

        RefusedJoins(HazelcastInstance hz) {
            this.hz = hz;
        }

        @Override
        public void memberAdded(MembershipEvent event) {
            if (!event.getMember().localMember() && joined.size() < 10_000) {
                joined.put(event.getMember().getUuid(), System.nanoTime());
            }
        }

        @Override
        public void memberRemoved(MembershipEvent event) {
            Long at = joined.remove(event.getMember().getUuid());
            long nanos = at == null ? Long.MAX_VALUE : System.nanoTime() - at;
            // the oldest member sends every member that joins its schemas: one that took them has navpack's jars
            if (nanos >= REFUSED_WITHIN_NANOS || !hz.getCluster().getMembers().iterator().next().localMember()
                    || NavpackContext.of(hz).schemas().tookSchemas(event.getMember().getUuid())) {
                return;
            }
            String version = NavpackContext.version();
            LOGGER.warning(String.format(java.util.Locale.ROOT, "navpack: member %s was refused: it left %.1f s after"
                            + " it joined, without taking navpack's schemas, as a member without navpack's jars does"
                            + " (its log says \"Node could not join cluster\" with ClassNotFoundException: %s) because"
                            + " maps of %s have an interceptor that Hazelcast sends with the join. Add navpack-member-%s.jar"
                            + " to that member's class path (and -javaagent:navpack-member-%s.jar) and start it again",
                    event.getMember().getAddress(), nanos / 1e9, NavpackMemberJarRequired.class.getName(),
                    NavpackSettings.MAPS, version, version));
        }
    }

    /**
     * On a started member whose Hazelcast version does not let navpack see map containers created: every map of
     * {@link NavpackSettings#maps()} gets its interceptor through {@code IMap.addInterceptor}, a map listed by name
     * now, a map of a pattern when Hazelcast announces that the map was created — a moment after the first
     * operations on it, which this logs as a warning.
     */
    static void watchLater(HazelcastInstance hz, NavpackSettings settings) {
        if (settings.maps().isEmpty()) {
            return;
        }
        if (settings.maps().stream().anyMatch(m -> m.contains("*"))) {
            LOGGER.warning("navpack: this Hazelcast version does not let navpack give a map its interceptor when the"
                    + " map is created: a map of " + NavpackSettings.MAPS + " matched by a pattern gets it a moment"
                    + " after its first operations, which go unchecked; list by name the maps written as soon as they"
                    + " exist");
        }
        for (String name : settings.maps()) {
            if (!name.contains("*")) {
                intercept(hz.getMap(name), settings.refuseOtherFormats());
            }
        }
        hz.getCluster().addMembershipListener(new RefusedJoins(hz));
        hz.addDistributedObjectListener(new DistributedObjectListener() {
            @Override
            public void distributedObjectCreated(DistributedObjectEvent event) {
                if (event.getDistributedObject() instanceof IMap<?, ?> map && settings.navpackOnly(map.getName())) {
                    intercept(map, settings.refuseOtherFormats());
                }
            }

            @Override
            public void distributedObjectDestroyed(DistributedObjectEvent event) {
                // the interceptor goes with its map
            }
        });
    }

    private static void intercept(IMap<?, ?> map, boolean refuse) {
        // the same interceptor (by class and hash code) from every member: registered once per map
        map.addInterceptor(new NavpackOnly(map.getName(), refuse));
    }

    /**
     * Called for a value of another format arriving in {@code map}: logs once per map, counts, and returns the
     * message a refusal carries.
     */
    static String arrived(String map, Object value, boolean refuse) {
        String where = OperationThreads.describe();
        int k = where.indexOf(", key ");
        String message = "navpack: map '" + map + "' holds navpack values only (" + NavpackSettings.MAPS + "), but the put"
                + (k < 0 ? "" : " of key " + where.substring(k + ", key ".length())) + " brought "
                + SerializationInternals.describeFormat(value) + (refuse ? ", which is refused" : "")
                + ". The writer has no navpack configuration for its class: configure it with"
                + " NavpackConfig.of(YourClass.class).applyTo(clientConfig) (or " + NavpackSettings.CLASSES
                + " with NavpackSerializer), or take the map out of " + NavpackSettings.MAPS
                + " to let it hold other formats";
        COUNTS.increment(map);
        if (LOGGED.size() < 10_000 && LOGGED.add(map)) {
            LOGGER.warning(message);
        }
        return message;
    }

    /** Calls {@code listener} with every map for which a first value of another format is counted from now on. */
    public static void onNewMap(Consumer<String> listener) {
        COUNTS.onNewMap(listener);
    }

    /** Values of other formats that arrived in {@code map} in this JVM. */
    public static long count(String map) {
        return COUNTS.count(map);
    }

    /** The counts by map name. */
    public static Map<String, Long> counts() {
        return COUNTS.counts();
    }

    /** Whether {@code value}, as a member deserialises it, is a navpack value. */
    static boolean isNavpack(Object value) {
        return value == null || value instanceof PackedRecord || value instanceof GeneratedView;
    }

    /** The interceptor of a navpack-only map. */
    static final class NavpackOnly implements MapInterceptor {
        private static final long serialVersionUID = 1L;
        private final String map;
        private final boolean refuse;

        NavpackOnly(String map, boolean refuse) {
            this.map = map;
            this.refuse = refuse;
        }

        @Override
        public Object interceptPut(Object oldValue, Object newValue) {
            if (!isNavpack(newValue)) {
                String message = arrived(map, newValue, refuse);
                if (refuse) {
                    throw new IllegalArgumentException(message);
                }
            }
            return null;
        }

        @Override
        public Object interceptGet(Object value) {
            return null;
        }

        @Override
        public void afterGet(Object value) {
            // nothing
        }

        @Override
        public void afterPut(Object value) {
            // nothing
        }

        @Override
        public Object interceptRemove(Object removedValue) {
            return null;
        }

        @Override
        public void afterRemove(Object value) {
            // nothing
        }

        /** Travels as {@link NavpackMemberJarRequired}, whose name is what a member without navpack's jars logs. */
        @java.io.Serial
        private Object writeReplace() {
            return new NavpackMemberJarRequired(map, refuse);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof NavpackOnly n && n.map.equals(map) && n.refuse == refuse;
        }

        @Override
        public int hashCode() {
            return map.hashCode() * 31 + (refuse ? 1 : 0);
        }
    }
}
