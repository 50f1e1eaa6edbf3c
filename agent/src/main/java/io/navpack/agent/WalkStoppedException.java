package io.navpack.agent;

/**
 * Thrown by a {@link UnitWalker.Pacer} to end a bounded walk early: its time or object budget is spent, its
 * thread was interrupted, or a unit outgrew the walker's memory limit. The message says which.
 */
public final class WalkStoppedException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public WalkStoppedException(String reason) {
        super(reason, null, false, false);
    }
}
