package io.navpack.it.soak;

import java.util.Locale;

/** The soak's operations and their shares of the mix, in percent. */
public enum Op {
    GET(70), PUT(15), PUT_ALL(5), PROCESS(3), QUERY(5), SQL(2);

    private final int percent;

    Op(int percent) {
        this.percent = percent;
    }

    public int percent() {
        return percent;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The operation for a number from 0 to 99. */
    static Op pick(int hundredth) {
        int upTo = 0;
        for (Op op : values()) {
            upTo += op.percent;
            if (hundredth < upTo) {
                return op;
            }
        }
        return GET;
    }
}
