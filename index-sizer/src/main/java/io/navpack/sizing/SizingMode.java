package io.navpack.sizing;

/** How a member takes its indexes apart. Both give exact figures; they differ in the memory they need. */
public enum SizingMode {
    /**
     * The default: the member follows the index's own structure (its maps of maps of entries) and sizes one
     * entry at a time, deciding from each entry and its record what the index shares with the map. The heap
     * the sizing holds for itself stays within {@link SizingOptions#maxSizerHeapBytes()} whatever the index's
     * size; maps with several indexes are taken in as many passes as that limit needs.
     */
    BOUNDED,
    /**
     * The reference the bounded mode is tested against: one walk over the map's data and one over its indexes,
     * remembering every object visited. Needs about 6–12 bytes of heap per object of the map's data and
     * indexes while the map is sized (gigabytes for tens of millions of entries).
     */
    FULL_GRAPH
}
