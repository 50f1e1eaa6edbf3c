package io.navpack.cli.demo;

public enum Side {
    BUY, SELL
}
