package io.navpack.format;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the schema that {@link SchemaRegistry#register(Class)} derives from a class. Without it the
 * type name is the class name, the id a stable hash of that name, and the version is chosen when the
 * class is registered: the version that already has exactly the class's fields, or the next free one.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface NavpackType {
    /** Compact type id, unique per type in a cluster; ids 0..63 take one byte in every value. -1: derived from the name. */
    int id() default -1;

    /** {@link #version()} when navpack chooses the version (the default). */
    int AUTOMATIC = -1;

    /**
     * Schema version. By default ({@link #AUTOMATIC}) navpack chooses it at registration: the version that
     * the registry (in a cluster: the cluster) already holds with exactly the class's fields, or one above
     * the highest version of the type. A version given here is used as it is, and registering other fields
     * under it is refused.
     */
    int version() default AUTOMATIC;

    /** Type name shared by all versions; empty: the class name. */
    String name() default "";
}
