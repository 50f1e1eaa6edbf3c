package io.navpack.extract.member;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import com.hazelcast.query.LocalIndexStats;

import java.io.Serializable;
import java.util.concurrent.Callable;

/** On a member: how many queries the indexes of one map answered there. */
public final class IndexHits implements Callable<Long>, Serializable, HazelcastInstanceAware {
    private static final long serialVersionUID = 1L;
    private final String map;
    private transient HazelcastInstance hz;

    public IndexHits(String map) {
        this.map = map;
    }

    @Override
    public void setHazelcastInstance(HazelcastInstance hz) {
        this.hz = hz;
    }

    @Override
    public Long call() {
        long hits = 0;
        for (LocalIndexStats s : hz.getMap(map).getLocalMapStats().getIndexStats().values()) {
            hits += s.getHitCount();
        }
        return hits;
    }
}
