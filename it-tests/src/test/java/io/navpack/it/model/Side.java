package io.navpack.it.model;

public enum Side {
    BUY, SELL
}
