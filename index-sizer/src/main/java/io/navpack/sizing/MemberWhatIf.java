package io.navpack.sizing;

import java.io.Serializable;
import java.time.Duration;

/**
 * What one member predicts an index would cost it, before the index exists.
 *
 * <p>Heap figures are what the sizer would report after creating the index: {@code indexHeapBytes} is the
 * index's own heap ({@link IndexReport#heapBytes()}), {@code valuesCacheHeapBytes} the heap of the values the
 * map's records would start to cache ({@link MapReport#cachedValuesHeapBytes()} grows by that much). Each comes
 * with a 95 % interval ({@code low}, {@code high}) for the sampling error; see docs/index-sizing.md for the
 * method and the error measured against real indexes.
 *
 * @param entries map entries the member owns
 * @param indexEntries entries the index would hold (more than {@code entries} for an attribute with several
 *     values per entry, as {@code items[any].x})
 * @param sampledEntries entries in the private index the prediction was built from
 * @param distinctValues distinct attribute values (the index's keys), counted or estimated
 * @param distinctExact true if every distinct value was counted; false if they were counted in a fraction of
 *     the hash space and scaled up
 * @param nullValues entries whose attribute is null
 * @param recordsToCache records that would start caching their deserialised value
 * @param method how the figures were obtained, in words
 */
public record MemberWhatIf(String member, String memberUuid, MemberStatus status, String reason, long entries,
                           long indexEntries, long sampledEntries, long distinctValues, boolean distinctExact,
                           long nullValues, long indexHeapBytes, long indexHeapBytesLow, long indexHeapBytesHigh,
                           long recordsToCache, long valuesCacheHeapBytes, long valuesCacheHeapBytesLow,
                           long valuesCacheHeapBytesHigh, String method, long walkNanos, long cpuNanos)
        implements Serializable {

    public static MemberWhatIf failed(String member, String uuid, MemberStatus status, String reason) {
        return new MemberWhatIf(member, uuid, status, reason, -1, -1, 0, -1, false, -1, -1, -1, -1, -1, -1, -1, -1,
                null, 0, 0);
    }

    MemberWhatIf withMember(String address, String uuid) {
        return new MemberWhatIf(address, uuid, status, reason, entries, indexEntries, sampledEntries, distinctValues,
                distinctExact, nullValues, indexHeapBytes, indexHeapBytesLow, indexHeapBytesHigh, recordsToCache,
                valuesCacheHeapBytes, valuesCacheHeapBytesLow, valuesCacheHeapBytesHigh, method, walkNanos, cpuNanos);
    }

    /** The index plus the values cache it would start: what creating the index would cost this member; -1 if unknown. */
    public long costBytes() {
        return indexHeapBytes < 0 || valuesCacheHeapBytes < 0 ? -1 : indexHeapBytes + valuesCacheHeapBytes;
    }

    public Duration walkDuration() {
        return Duration.ofNanos(walkNanos);
    }
}
