package io.navpack.coherence.model;

import io.navpack.format.NavpackType;

import java.math.BigDecimal;

/** Versions of one type without declared versions, and one that changes a field's type. */
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

    /** Changes the type of owner: refused. */
    @NavpackType(name = "Account")
    public record Retyped(long id, long owner) {
    }

    /** Adds a balance. */
    @NavpackType(name = "Account")
    public record V3(long id, String owner, String region, BigDecimal balance) {
    }
}
