package io.navpack.hazelcast.model;

import io.navpack.format.NavpackType;

/** Types written on the two sides of a cluster that formed twice and then merged. */
public final class Sides {
    private Sides() {
    }

    public record Alpha(long id, String name) {
    }

    public record Beta(long id, int count) {
    }

    /** One type with different fields on each side: each side gives its fields version 1. */
    @NavpackType(name = "Shared")
    public record SharedLeft(long id, long x) {
    }

    @NavpackType(name = "Shared")
    public record SharedRight(long id, String y) {
    }
}
