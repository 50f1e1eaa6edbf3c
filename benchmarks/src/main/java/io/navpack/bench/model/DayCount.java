package io.navpack.bench.model;

/** Day count fraction of a swap leg. */
public enum DayCount {
    ACT_360, ACT_365_FIXED, THIRTY_360, ACT_ACT_ISDA
}
