package io.navpack.agent;

/**
 * A read-only set of objects compared by identity, such as the objects a previous walk visited.
 * Used as the shared set of a walk: objects that something else keeps alive.
 */
public interface ObjectSet {

    /** True if this very object (by identity) is in the set. */
    boolean contains(Object o);

    /** Number of objects in the set. */
    long size();

    /** The empty set. */
    static ObjectSet empty() {
        return Empty.INSTANCE;
    }

    /** A set that contains what either set contains. */
    default ObjectSet union(ObjectSet other) {
        ObjectSet self = this;
        if (other == null || other == Empty.INSTANCE) {
            return self;
        }
        return new ObjectSet() {
            @Override
            public boolean contains(Object o) {
                return self.contains(o) || other.contains(o);
            }

            @Override
            public long size() {
                return self.size() + other.size();
            }
        };
    }

    /** The empty set. */
    final class Empty implements ObjectSet {
        static final Empty INSTANCE = new Empty();

        private Empty() {
        }

        @Override
        public boolean contains(Object o) {
            return false;
        }

        @Override
        public long size() {
            return 0;
        }
    }
}
