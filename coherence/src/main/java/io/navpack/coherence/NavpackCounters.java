package io.navpack.coherence;

import com.tangosol.net.AbstractInvocable;
import io.navpack.coherence.internal.BinaryBytes;
import io.navpack.extract.BreakEven;

import java.util.LinkedHashMap;

/**
 * What navpack did on one member, as an {@code Invocable} for an {@code InvocationService} (navpack's own:
 * {@code NavpackCoherence.get().schemas().invocation().query(new NavpackCounters(), null)}): values written and read
 * (deserialised) by its serializer, field reads and full decodes by its extractors, values left out of queries as
 * unreadable, values that were not navpack values, and values whose bytes had to be copied to be read.
 */
public final class NavpackCounters extends AbstractInvocable {
    private static final long serialVersionUID = 1L;

    @Override
    public void run() {
        LinkedHashMap<String, Long> c = new LinkedHashMap<>();
        c.put("values.written", NavpackCoherenceSerializer.valuesWritten());
        c.put("values.read", NavpackCoherenceSerializer.valuesRead());
        long single = 0;
        long full = 0;
        for (BreakEven b : BreakEven.all()) {
            single += b.singleReads() + b.cachedReads();
            full += b.fullDecodes();
        }
        c.put("extract.single.reads", single);
        c.put("extract.full.decodes", full);
        c.put("extract.unreadable", NavpackExtractor.unreadable());
        c.put("extract.not.navpack", NavpackExtractor.notNavpack());
        c.put("binary.copies", BinaryBytes.copies());
        setResult(c);
    }
}
