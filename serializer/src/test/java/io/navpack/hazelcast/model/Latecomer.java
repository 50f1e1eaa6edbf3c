package io.navpack.hazelcast.model;

/** A type that another JVM has just put in the cluster's catalog when this one first writes it. */
public record Latecomer(long id, String note) {
}
