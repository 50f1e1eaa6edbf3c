package io.navpack.hazelcast.model;

/** A type whose schema one client has from elsewhere (a schema file) and never published. */
public record Orphan(long id, String note) {
}
