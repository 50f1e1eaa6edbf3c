package io.navpack.sizing;

import java.io.Serializable;
import java.time.Duration;
import java.util.List;

/**
 * What one member reported (or what is known about a member that did not report).
 *
 * @param member the member's address
 * @param memberUuid the member's UUID
 * @param status how it went
 * @param reason why the status is not OK, or a note; null if there is nothing to say
 * @param javaVersion the member's Java version, or null if it did not answer
 * @param walkNanos time the member spent sizing
 * @param objectsWalked objects the member visited
 * @param mode how it took its indexes apart ({@link SizingMode} name), or null if it did not size
 * @param cpuNanos CPU time the sizing thread used
 * @param cpuShare the cap on the sizing's CPU use it ran with (share of one core)
 * @param sizerPeakHeapBytes the most heap the sizing held for its own bookkeeping at once (its identity sets and
 *     stacks; in {@link SizingMode#BOUNDED} mode at most {@link SizingOptions#maxSizerHeapBytes()}), -1 if unknown
 * @param maps the member's maps
 */
public record MemberIndexReport(String member, String memberUuid, MemberStatus status, String reason,
                                String javaVersion, long walkNanos, long objectsWalked, String mode, long cpuNanos,
                                double cpuShare, long sizerPeakHeapBytes, List<MapReport> maps)
        implements Serializable {

    public MemberIndexReport {
        maps = List.copyOf(maps);
    }

    public static MemberIndexReport failed(String member, String uuid, MemberStatus status, String reason) {
        return new MemberIndexReport(member, uuid, status, reason, null, 0, 0, null, 0, 0, -1, List.of());
    }

    /** A copy naming the member as the caller knows it. */
    MemberIndexReport withMember(String address, String uuid) {
        return new MemberIndexReport(address, uuid, status, reason, javaVersion, walkNanos, objectsWalked, mode,
                cpuNanos, cpuShare, sizerPeakHeapBytes, maps);
    }

    public Duration walkDuration() {
        return Duration.ofNanos(walkNanos);
    }

    /** Objects visited per second on this member. */
    public double objectsPerSecond() {
        return walkNanos > 0 ? objectsWalked * 1e9 / walkNanos : 0;
    }

    /** The map with this name, or null. */
    public MapReport map(String name) {
        return maps.stream().filter(m -> m.name().equals(name)).findFirst().orElse(null);
    }
}
