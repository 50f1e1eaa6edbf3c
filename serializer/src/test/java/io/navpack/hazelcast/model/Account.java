package io.navpack.hazelcast.model;

import io.navpack.format.NavpackType;

import java.math.BigDecimal;

/** Three versions of one type, none with a declared version, and one that declares its version. */
public final class Account {
    private Account() {
    }

    @NavpackType(name = "Account")
    public record V1(long id, String owner) {
    }

    /** Adds region. */
    @NavpackType(name = "Account")
    public record V2(long id, String owner, String region) {
    }

    /** Drops owner, adds balance. */
    @NavpackType(name = "Account")
    public record V3(long id, String region, BigDecimal balance) {
    }

    /** Declares version 9. */
    @NavpackType(name = "Account", version = 9)
    public record Declared(long id, String owner, String desk) {
    }
}
