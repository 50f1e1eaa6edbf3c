package io.navpack.sizing;

import java.io.Serializable;

/** A test value: a unique id, codes drawn from small pools, a unique name. */
public final class Trade implements Serializable {

    private static final long serialVersionUID = 1L;

    private final long id;
    private final String code8;
    private final String code32;
    private final String name;
    private final int bucket;

    public Trade(long id, String code8, String code32, String name, int bucket) {
        this.id = id;
        this.code8 = code8;
        this.code32 = code32;
        this.name = name;
        this.bucket = bucket;
    }

    /** A trade whose codes come from pools of 512 values of 8 and 32 characters. */
    public static Trade of(long i) {
        int c = (int) (i % 512);
        return new Trade(i, String.format("C%07d", c), String.format("CODE-%027d", c),
                String.format("trade-%010d", i), (int) (i % 16));
    }

    public long getId() {
        return id;
    }

    public String getCode8() {
        return code8;
    }

    public String getCode32() {
        return code32;
    }

    public String getName() {
        return name;
    }

    public int getBucket() {
        return bucket;
    }
}
