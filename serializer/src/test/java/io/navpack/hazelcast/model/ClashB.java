package io.navpack.hazelcast.model;

import io.navpack.format.NavpackType;

/** Claims the id and version of {@link ClashA} with other fields. */
@NavpackType(id = 77, version = 1, name = "Clash")
public record ClashB(String y) {
}
