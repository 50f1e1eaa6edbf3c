package io.navpack.documents;

import io.navpack.format.FieldType;
import io.navpack.format.NavpackFormatException;
import io.navpack.format.spi.PackedInts;
import io.navpack.format.RecordCursor;
import io.navpack.format.Schema;

import java.util.Arrays;

/**
 * The values of one open record, field by field, taken in order: a single field's value once, a list's
 * elements one after the other (null elements included). Groups advance all their fields together, one
 * element per occurrence. One per nesting level, reused.
 */
final class Items {
    RecType type;
    int limit;
    /** Fields of the open record's version: slots beyond are not in it. */
    private int fields;
    private byte[] b;
    private int[] pos = new int[16];
    private int[] left = new int[16];
    private int[] index = new int[16];
    private int[] bitmap = new int[16];
    private int[] end = new int[16];
    private int[] groupLeft = new int[16];
    private FieldType[] element = new FieldType[16];

    void open(RecordCursor c, RecType t, int fields, byte[] bytes) {
        this.type = t;
        this.fields = fields;
        this.b = bytes;
        this.limit = c.recordEnd();
        if (pos.length < fields) {
            int n = Math.max(fields, pos.length * 2);
            pos = new int[n];
            left = new int[n];
            index = new int[n];
            bitmap = new int[n];
            end = new int[n];
            groupLeft = new int[n];
            element = new FieldType[n];
        }
        Schema schema = c.schema();
        for (int i = 0; i < fields; i++) {
            groupLeft[i] = 0;
            if (c.isNull(i)) {
                left[i] = 0;
                continue;
            }
            int p = c.start(i);
            Slot s = t.slots.get(i);
            index[i] = 0;
            end[i] = c.end(i);
            if (!s.repeated()) {
                pos[i] = p;
                left[i] = 1;
                bitmap[i] = -1;
                continue;
            }
            int e = c.end(i);
            int q = PackedInts.skipInt(bytes, p, e);
            int h = PackedInts.readInt(bytes, q, e);
            int count = h >>> 1;
            q = PackedInts.skipInt(bytes, q, e);
            if (h < 0 || count > e - q + 8L * (e - q)) {
                throw new NavpackFormatException("list count " + count + " exceeds its bytes", q);
            }
            if ((h & 1) != 0) {
                int bytesOfBitmap = (count + 7) >>> 3;
                if (bytesOfBitmap > e - q) {
                    throw new NavpackFormatException("list bitmap exceeds its bytes", q);
                }
                bitmap[i] = q;
                q += bytesOfBitmap;
            } else {
                bitmap[i] = -1;
            }
            pos[i] = q;
            left[i] = count;
            element[i] = schema.field(i).type().element();
        }
        for (Slot s : t.slotArray) {
            if (s.index < fields && s.inGroup()) {
                groupLeft[s.group.index] = Math.max(groupLeft[s.group.index], left[s.index]);
            }
        }
        for (Slot s : t.slotArray) {
            if (s.index < fields && s.inGroup() && s.repeated() && left[s.index] > 0
                    && left[s.index] != groupLeft[s.group.index]) {
                throw new NavpackFormatException("list " + s.field + " of " + t.name + " has " + left[s.index]
                        + " elements where its element has " + groupLeft[s.group.index] + " occurrences", limit);
            }
        }
    }

    /** Occurrences of child {@code s} not yet taken. */
    int left(Slot s) {
        if (s.index >= fields) {
            return 0;
        }
        return s.inGroup() ? groupLeft[s.index] : left[s.index];
    }

    /** The position of field {@code i}'s next value and moves past it; -1 when it is null (or there is none). */
    int take(int i) {
        if (i >= fields || left[i] <= 0) {
            return -1;
        }
        left[i]--;
        int k = index[i]++;
        int bm = bitmap[i];
        if (bm >= 0 && (b[bm + (k >>> 3)] & (1 << (k & 7))) != 0) {
            return -1;
        }
        int p = pos[i];
        if (element[i] != null && type.slots.get(i).repeated()) {
            pos[i] = RecordCursor.skip(element[i], b, p, end[i]);
        }
        return p;
    }

    /** Says that an occurrence of child {@code s} was written. */
    void taken(Slot s) {
        if (s.inGroup() && s.index < fields) {
            groupLeft[s.index]--;
        }
    }

    @Override
    public String toString() {
        return "Items of " + (type == null ? "nothing" : type.name) + " " + Arrays.toString(left);
    }
}
