package io.navpack.hazelcast.model;

import io.navpack.format.NavpackType;

@NavpackType(id = 77, version = 1, name = "Clash")
public record ClashA(long x) {
}
