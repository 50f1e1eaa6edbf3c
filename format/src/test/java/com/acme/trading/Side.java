package com.acme.trading;

public enum Side {
    BUY, SELL
}
