package io.navpack.sizing;

/** How a member's sizing went. */
public enum MemberStatus {
    /** The member sized its indexes; individual walks may still be partial (see their {@code complete} flags). */
    OK,
    /** The member runs without the navpack agent, so nothing could be sized. */
    NO_AGENT,
    /** The member did not answer within the timeout. */
    TIMED_OUT,
    /** The task failed on the member, or the member left the cluster or died before it answered. */
    FAILED
}
