package io.navpack.coherence.member;

import com.tangosol.util.BinaryEntry;
import com.tangosol.util.InvocableMap;

/** On a storage member: the first byte of an entry's stored binary value. */
public final class FirstByte implements InvocableMap.EntryProcessor<Object, Object, Integer> {
    private static final long serialVersionUID = 1L;

    @Override
    public Integer process(InvocableMap.Entry<Object, Object> entry) {
        return (int) entry.asBinaryEntry().getBinaryValue().byteAt(0);
    }
}
