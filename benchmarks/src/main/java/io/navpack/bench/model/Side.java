package io.navpack.bench.model;

/** Buy or sell, as in the seed trades. */
public enum Side {
    BUY, SELL
}
