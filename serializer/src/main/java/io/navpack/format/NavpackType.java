package io.navpack.format;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names the schema that {@link SchemaRegistry#register(Class)} derives from a class. Without it the
 * type name is the class name, the id a stable hash of that name and the version 1.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface NavpackType {
    /** Compact type id, unique per type in a cluster; ids 0..63 take one byte in every value. -1: derived from the name. */
    int id() default -1;

    /** Schema version; raise it when the fields change. */
    int version() default 1;

    /** Type name shared by all versions; empty: the class name. */
    String name() default "";
}
