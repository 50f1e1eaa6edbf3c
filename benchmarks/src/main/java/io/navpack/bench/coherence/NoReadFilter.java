package io.navpack.bench.coherence;

import com.tangosol.util.filter.EntryFilter;

import java.io.Serializable;
import java.util.Map;

/**
 * A filter that matches no entry without reading it: the query harness's measure of what Coherence itself spends
 * per entry of a query (finding the entry, handing it to the filter), which every extractor pays on top of its read.
 */
public final class NoReadFilter implements EntryFilter<Object, Object>, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public boolean evaluateEntry(Map.Entry<?, ?> entry) {
        return entry == null;
    }

    @Override
    public boolean evaluate(Object o) {
        return false;
    }
}
