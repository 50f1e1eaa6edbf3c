package io.navpack.format.model;

public enum Side {
    BUY, SELL
}
