package io.navpack.it;

import java.time.Duration;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;

/**
 * Waits until the member logged {@code is STARTED}; fails at once when the container exits first, and keeps
 * what the member printed in the failure ({@link Failed#logs()}), since a container that failed to start
 * is removed.
 */
final class MemberStarted extends AbstractWaitStrategy {

    private static final String STARTED = " is STARTED";

    MemberStarted(Duration timeout) {
        withStartupTimeout(timeout);
    }

    @Override
    protected void waitUntilReady() {
        long deadline = System.nanoTime() + startupTimeout.toNanos();
        while (true) {
            String logs = waitStrategyTarget.getLogs();
            if (logs.contains(STARTED)) {
                return;
            }
            if (!waitStrategyTarget.isRunning()) {
                throw new Failed("member exited before Hazelcast started", waitStrategyTarget.getLogs());
            }
            if (System.nanoTime() > deadline) {
                throw new Failed("Hazelcast did not start within " + startupTimeout.toSeconds() + " s", logs);
            }
            Await.sleep(Duration.ofMillis(250).toNanos());
        }
    }

    /** A member that did not start, with its output. */
    static final class Failed extends IllegalStateException {
        private static final long serialVersionUID = 1L;
        private final transient String logs;

        Failed(String message, String logs) {
            super(message);
            this.logs = logs;
        }

        String logs() {
            return logs;
        }
    }
}
