package io.navpack.coherence.member;

import com.tangosol.util.Binary;
import com.tangosol.util.BinaryEntry;
import com.tangosol.util.ExternalizableHelper;
import com.tangosol.util.InvocableMap;

/**
 * On a storage member: damages an entry's stored navpack value in place, keeping its frame (Coherence's format byte,
 * navpack's 'N' and the length) and overwriting the record's bytes after its header, as a broken writer or a bad disk
 * would.
 */
public final class CorruptValue implements InvocableMap.EntryProcessor<Object, Object, Boolean> {
    private static final long serialVersionUID = 1L;

    @Override
    public Boolean process(InvocableMap.Entry<Object, Object> entry) {
        BinaryEntry<Object, Object> be = entry.asBinaryEntry();
        byte[] b = be.getBinaryValue().toByteArray();
        if (b.length < 8 || b[0] != ExternalizableHelper.FMT_EXT || b[1] != 'N') {
            return false;
        }
        for (int i = 6; i < b.length; i++) {
            b[i] = (byte) 0xFF;
        }
        be.updateBinaryValue(new Binary(b));
        return true;
    }
}
