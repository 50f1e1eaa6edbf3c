package io.navpack.agent;

import java.time.Duration;
import java.util.Objects;

/**
 * How a walk treats what it meets and when it gives up.
 *
 * <ul>
 *   <li>stop rule: objects neither counted nor followed;</li>
 *   <li>shared set: objects that something else keeps alive: not counted, not followed;</li>
 *   <li>budget: at most {@code maxObjects} distinct objects and {@code maxDuration}; past either the walk
 *       stops and its result is marked partial;</li>
 *   <li>keep visited: whether the result keeps the set of visited objects, to serve as the shared set of
 *       a later walk.</li>
 * </ul>
 */
public final class WalkOptions {

    private final StopRule stopRule;
    private final ObjectSet shared;
    private final long maxObjects;
    private final Duration maxDuration;
    private final boolean keepVisited;
    private final int expectedObjects;

    private WalkOptions(Builder b) {
        this.stopRule = b.stopRule;
        this.shared = b.shared;
        this.maxObjects = b.maxObjects;
        this.maxDuration = b.maxDuration;
        this.keepVisited = b.keepVisited;
        this.expectedObjects = b.expectedObjects;
    }

    /** Stop at JVM runtime objects only, nothing shared, 50 million objects, 10 minutes. */
    public static WalkOptions defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public StopRule stopRule() {
        return stopRule;
    }

    public ObjectSet shared() {
        return shared;
    }

    public long maxObjects() {
        return maxObjects;
    }

    public Duration maxDuration() {
        return maxDuration;
    }

    public boolean keepVisited() {
        return keepVisited;
    }

    int expectedObjects() {
        return expectedObjects;
    }

    public Builder toBuilder() {
        Builder b = new Builder();
        b.stopRule = stopRule;
        b.shared = shared;
        b.maxObjects = maxObjects;
        b.maxDuration = maxDuration;
        b.keepVisited = keepVisited;
        b.expectedObjects = expectedObjects;
        return b;
    }

    /** Builder of {@link WalkOptions}. */
    public static final class Builder {
        private StopRule stopRule = StopRule.jvmRuntime();
        private ObjectSet shared = ObjectSet.empty();
        private long maxObjects = 50_000_000L;
        private Duration maxDuration = Duration.ofMinutes(10);
        private boolean keepVisited;
        private int expectedObjects = 1024;

        private Builder() {
        }

        /** Replaces the stop rule (the default is {@link StopRule#jvmRuntime()}). */
        public Builder stopRule(StopRule rule) {
            this.stopRule = Objects.requireNonNull(rule);
            return this;
        }

        public Builder shared(ObjectSet set) {
            this.shared = set == null ? ObjectSet.empty() : set;
            return this;
        }

        public Builder maxObjects(long max) {
            if (max <= 0) {
                throw new IllegalArgumentException("maxObjects must be positive");
            }
            this.maxObjects = max;
            return this;
        }

        public Builder maxDuration(Duration max) {
            if (max.isNegative() || max.isZero()) {
                throw new IllegalArgumentException("maxDuration must be positive");
            }
            this.maxDuration = max;
            return this;
        }

        public Builder keepVisited(boolean keep) {
            this.keepVisited = keep;
            return this;
        }

        /** A hint for the initial size of the visited set. */
        public Builder expectedObjects(int expected) {
            this.expectedObjects = Math.max(16, expected);
            return this;
        }

        public WalkOptions build() {
            return new WalkOptions(this);
        }
    }
}
