package io.navpack.sizing;

import io.navpack.sizing.internal.MemberIndexSizer;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import java.io.Serializable;
import java.util.Objects;
import java.util.concurrent.Callable;

/**
 * Sizes every index of every map on the member that runs it. Send it to all members with
 * {@code IExecutorService.submitToAllMembers}; {@link IndexSizer} does that and collects the answers.
 *
 * <p>The member needs the navpack index-sizer and agent classes on its class path and the agent loaded
 * ({@code -javaagent:navpack-agent.jar}); without the agent the task answers with
 * {@link MemberStatus#NO_AGENT}. The walk runs on the executor thread and takes no lock that puts or
 * queries need.
 */
public final class IndexSizingTask implements Callable<MemberIndexReport>, Serializable, HazelcastInstanceAware {

    private static final long serialVersionUID = 1L;

    private final SizingOptions options;
    private transient HazelcastInstance instance;

    public IndexSizingTask(SizingOptions options) {
        this.options = Objects.requireNonNull(options);
    }

    public IndexSizingTask() {
        this(SizingOptions.defaults());
    }

    @Override
    public void setHazelcastInstance(HazelcastInstance hazelcastInstance) {
        this.instance = hazelcastInstance;
    }

    @Override
    public MemberIndexReport call() {
        if (instance == null) {
            throw new IllegalStateException("IndexSizingTask runs on a member through an IExecutorService");
        }
        return MemberIndexSizer.sizeLocal(instance, options);
    }

    public SizingOptions options() {
        return options;
    }
}
