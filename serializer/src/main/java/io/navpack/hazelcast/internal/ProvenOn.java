package io.navpack.hazelcast.internal;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The Hazelcast versions whose internals an adapter was checked against: the classes, fields and methods it
 * reaches are the same in each, and the version smoke tests run members of each of them. An adapter is the one
 * class that touches one concern's internals; everything else in navpack uses the adapter.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ProvenOn {
    /** Hazelcast versions, e.g. {@code "5.7.0"}. */
    String[] value();
}
