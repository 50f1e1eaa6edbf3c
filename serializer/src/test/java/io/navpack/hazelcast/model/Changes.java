package io.navpack.hazelcast.model;

import io.navpack.format.NavpackType;

/** Later versions of a type in which a field changes its type. */
public final class Changes {
    private Changes() {
    }

    @NavpackType(name = "Contact")
    public record ChannelText(long id, String channel) {
    }

    @NavpackType(name = "Contact")
    public record ChannelNumber(long id, int channel, String note) {
    }

    @NavpackType(name = "Ledger")
    public record BalanceNumber(long id, long balance) {
    }

    @NavpackType(name = "Ledger")
    public record BalanceText(long id, String balance) {
    }
}
