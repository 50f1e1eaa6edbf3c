package io.navpack.hazelcast;

import java.io.Serial;
import java.io.Serializable;

/**
 * How the interceptor of a navpack-only map ({@link NavpackSettings#MAPS}) travels between members: Hazelcast sends
 * a map's interceptors to every member that joins. A member with navpack's jars reads it back as the interceptor; a
 * member without them cannot load this class and is refused the join, and the one line Hazelcast logs there —
 * {@code HazelcastSerializationException: java.lang.ClassNotFoundException: io.navpack.hazelcast.NavpackMemberJarRequired}
 * — says what it lacks: the navpack-member jar on its class path.
 */
final class NavpackMemberJarRequired implements Serializable {
    @Serial
    private static final long serialVersionUID = 1L;
    private final String map;
    private final boolean refuse;

    NavpackMemberJarRequired(String map, boolean refuse) {
        this.map = map;
        this.refuse = refuse;
    }

    @Serial
    private Object readResolve() {
        return new OtherFormats.NavpackOnly(map, refuse);
    }
}
