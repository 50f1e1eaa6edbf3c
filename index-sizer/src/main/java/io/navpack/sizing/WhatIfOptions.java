package io.navpack.sizing;

import java.io.Serializable;
import java.time.Duration;

/**
 * How a member predicts what an index would cost.
 *
 * @param sampleEntries entries of the member's map that go into the private index the prediction is built from
 *     (all of them when the member has fewer); more entries make the prediction more precise and take longer
 * @param maxTrackedValues distinct attribute values counted exactly; past it the member counts the values whose
 *     hash falls in a shrinking fraction of all hashes and scales up (see {@link MemberWhatIf#distinctExact()})
 * @param cpuShare the share of one core the prediction may use on a member, in (0, 1]
 * @param memberTimeBudget time a member may spend
 * @param maxSizerHeapBytes heap the prediction may hold on a member for its bookkeeping, beyond the private index
 */
public record WhatIfOptions(int sampleEntries, int maxTrackedValues, double cpuShare, Duration memberTimeBudget,
                            long maxSizerHeapBytes) implements Serializable {

    public WhatIfOptions {
        if (sampleEntries < 100) {
            throw new IllegalArgumentException("sampleEntries must be at least 100: " + sampleEntries);
        }
        if (maxTrackedValues < 1024) {
            throw new IllegalArgumentException("maxTrackedValues must be at least 1024: " + maxTrackedValues);
        }
        if (!(cpuShare > 0 && cpuShare <= 1)) {
            throw new IllegalArgumentException("cpuShare must be in (0, 1], e.g. 0.25 for a quarter of one core: "
                    + cpuShare);
        }
        if (memberTimeBudget.isNegative() || memberTimeBudget.isZero()) {
            throw new IllegalArgumentException("memberTimeBudget must be positive: " + memberTimeBudget);
        }
        if (maxSizerHeapBytes < (4L << 20)) {
            throw new IllegalArgumentException("maxSizerHeapBytes must be at least 4 MiB: " + maxSizerHeapBytes);
        }
    }

    /** 20 000 sampled entries, 65 536 values counted exactly, no CPU cap, 10 minutes, 64 MiB. */
    public static WhatIfOptions defaults() {
        return new WhatIfOptions(20_000, 65_536, 1.0, Duration.ofMinutes(10), SizingOptions.DEFAULT_MAX_SIZER_HEAP_BYTES);
    }

    public WhatIfOptions withSampleEntries(int n) {
        return new WhatIfOptions(n, maxTrackedValues, cpuShare, memberTimeBudget, maxSizerHeapBytes);
    }

    public WhatIfOptions withMaxTrackedValues(int n) {
        return new WhatIfOptions(sampleEntries, n, cpuShare, memberTimeBudget, maxSizerHeapBytes);
    }

    public WhatIfOptions withCpuShare(double share) {
        return new WhatIfOptions(sampleEntries, maxTrackedValues, share, memberTimeBudget, maxSizerHeapBytes);
    }

    public WhatIfOptions withMemberTimeBudget(Duration budget) {
        return new WhatIfOptions(sampleEntries, maxTrackedValues, cpuShare, budget, maxSizerHeapBytes);
    }
}
