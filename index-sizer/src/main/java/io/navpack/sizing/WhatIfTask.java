package io.navpack.sizing;

import io.navpack.sizing.internal.WhatIfEstimator;

import com.hazelcast.config.BitmapIndexOptions;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import java.io.Serializable;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * Predicts on the member that runs it what an index would cost there, without creating it. Sent to every member by
 * {@link IndexSizer#whatIf}; needs what {@link IndexSizingTask} needs (the index-sizer and agent classes, and the
 * agent loaded).
 */
public final class WhatIfTask implements Callable<MemberWhatIf>, Serializable, HazelcastInstanceAware {

    private static final long serialVersionUID = 1L;

    private final String map;
    // IndexConfig is not java.io.Serializable: its parts travel instead
    private final String name;
    private final String type;
    private final String[] attributes;
    private final String bitmapUniqueKey;
    private final String bitmapTransformation;
    private final WhatIfOptions options;
    private transient HazelcastInstance instance;

    public WhatIfTask(String map, IndexConfig index, WhatIfOptions options) {
        this.map = Objects.requireNonNull(map);
        this.name = index.getName();
        this.type = index.getType().name();
        this.attributes = index.getAttributes().toArray(new String[0]);
        this.bitmapUniqueKey = index.getBitmapIndexOptions().getUniqueKey();
        this.bitmapTransformation = index.getBitmapIndexOptions().getUniqueKeyTransformation().name();
        this.options = Objects.requireNonNull(options);
    }

    IndexConfig index() {
        IndexConfig c = new IndexConfig(IndexType.valueOf(type), attributes);
        if (name != null) {
            c.setName(name);
        }
        c.getBitmapIndexOptions().setUniqueKey(bitmapUniqueKey)
                .setUniqueKeyTransformation(BitmapIndexOptions.UniqueKeyTransformation.valueOf(bitmapTransformation));
        return c;
    }

    @Override
    public void setHazelcastInstance(HazelcastInstance hazelcastInstance) {
        this.instance = hazelcastInstance;
    }

    @Override
    public MemberWhatIf call() {
        if (instance == null) {
            throw new IllegalStateException("WhatIfTask runs on a member through an IExecutorService");
        }
        return WhatIfEstimator.estimateLocal(instance, map, index(), options);
    }
}
