package io.navpack.coherence.sizing;

import com.tangosol.net.AbstractInvocable;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code Invocable} that sizes the indexes of one storage member ({@link MemberIndexSizer}); its result is a
 * {@link Result}, also when the sizing failed there (Coherence drops the result of a task that throws).
 */
public final class IndexSizingTask extends AbstractInvocable {
    private static final long serialVersionUID = 1L;
    private final String cache;
    private final double cpuShare;
    private final long timeLimitNanos;

    /**
     * @param cache          one cache, or null for every cache of every service
     * @param cpuShare       the share of one core the sizing may use, in (0, 1]
     * @param timeLimitNanos how long the sizing may take on one member (0: no limit)
     */
    public IndexSizingTask(String cache, double cpuShare, long timeLimitNanos) {
        if (!(cpuShare > 0 && cpuShare <= 1)) {
            throw new IllegalArgumentException("cpuShare must be in (0, 1], not " + cpuShare);
        }
        this.cache = cache;
        this.cpuShare = cpuShare;
        this.timeLimitNanos = timeLimitNanos;
    }

    /** One member's figures, or why it has none; the CPU time and wall time the sizing took there. */
    public record Result(List<IndexFigure> figures, String failure, long cpuNanos, long wallNanos, long objects)
            implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
    }

    @Override
    public void run() {
        long start = System.nanoTime();
        MemberIndexSizer sizer = null;
        try {
            sizer = new MemberIndexSizer(cpuShare, timeLimitNanos);
            List<IndexFigure> figures = new ArrayList<>(sizer.sizeAll(cache));
            setResult(new Result(figures, null, sizer.cpuNanos(), System.nanoTime() - start, sizer.objects()));
        } catch (RuntimeException | LinkageError e) {
            setResult(new Result(List.of(), String.valueOf(e), sizer == null ? 0 : sizer.cpuNanos(),
                    System.nanoTime() - start, sizer == null ? 0 : sizer.objects()));
        }
    }
}
