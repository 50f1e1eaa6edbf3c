package io.navpack.documents;

import io.navpack.format.RecordEncoder;
import io.navpack.format.Schema;

import java.util.Arrays;
import io.navpack.format.spi.PackedInts;

/**
 * The values of the records being assembled, per open record: for each field, the spans (start and end in
 * the {@link RecordEncoder}'s buffer) of its values in the order they came, as linked lists in arrays shared
 * by all open records and reused for every document. When a record ends, {@link #close} appends it, fields in
 * schema order and lists assembled, and frees its spans.
 */
final class Spans {
    final RecordEncoder out;
    private int[] start = new int[256];
    private int[] end = new int[256];
    private int[] next = new int[256];
    private int used;

    private Frame[] frames = new Frame[16];
    private int depth;

    /** Per field of the record at hand: the arguments of {@link RecordEncoder#writeRecord}. */
    private int[] fieldStart = filled(16);
    private int[] fieldEnd = new int[16];
    private int[] listStart = new int[16];
    private int[] listEnd = new int[16];

    private static int[] filled(int n) {
        int[] a = new int[n];
        Arrays.fill(a, -1);
        return a;
    }

    /** Whether a list field's spans are its elements (XML: one per occurrence) or one span of the whole list (JSON). */
    private final boolean elements;

    Spans(RecordEncoder out, boolean elements) {
        this.out = out;
        this.elements = elements;
    }

    /** One open record: the head, tail and count of each field's spans. */
    static final class Frame {
        RecType type;
        int[] head = new int[16];
        int[] tail = new int[16];
        int[] count = new int[16];
        /** Occurrences so far of each group (by its head's index). */
        int[] occurrences = new int[16];
        /** Spans in use before this frame opened, and the buffer position. */
        int spanMark;
        int bufferMark;
        /** Child fields (indexes) in document order, and whether they broke the canonical order. */
        int[] sequence = new int[16];
        int sequenceLength;
        int lastRank;
        boolean outOfOrder;
        /** Fields whose count or occurrences are not 0, to clear when the frame is used again. */
        int[] touched = new int[16];
        int touchedCount;
        /** Free for the reader: e.g. the JSON null marks. */
        int[] marks = new int[4];
        int markCount;

        void open(RecType t, int spanMark, int bufferMark) {
            type = t;
            int n = t.slotArray.length;
            if (head.length < n) {
                int size = Math.max(n, head.length * 2);
                head = new int[size];
                tail = new int[size];
                count = new int[size];
                occurrences = new int[size];
                touchedCount = 0;
            }
            int[] c = count;
            int[] o = occurrences;
            for (int i = 0, n2 = touchedCount; i < n2; i++) {
                int k = touched[i];
                c[k] = 0;
                o[k] = 0;
            }
            touchedCount = 0;
            this.spanMark = spanMark;
            this.bufferMark = bufferMark;
            sequenceLength = 0;
            lastRank = -1;
            outOfOrder = false;
            markCount = 0;
        }

        /** Counts an occurrence of the group whose head is field {@code i}; returns how many so far. */
        int occur(int i) {
            if (count[i] == 0 && occurrences[i] == 0) {
                touch(i);
            }
            return ++occurrences[i];
        }

        void touch(int i) {
            if (touchedCount == touched.length) {
                touched = Arrays.copyOf(touched, touchedCount * 2);
            }
            touched[touchedCount++] = i;
        }

        void sequence(Slot s) {
            if (sequenceLength == sequence.length) {
                sequence = Arrays.copyOf(sequence, sequenceLength * 2);
            }
            sequence[sequenceLength++] = s.index;
            if (s.rank < lastRank) {
                outOfOrder = true;
            }
            lastRank = s.rank;
        }

        void mark(int index) {
            if (markCount == marks.length) {
                marks = Arrays.copyOf(marks, markCount * 2);
            }
            marks[markCount++] = index;
        }
    }

    void reset() {
        used = 0;
        depth = 0;
        out.reset();
    }

    int depth() {
        return depth;
    }

    /** The open records and spans, for {@link #restore}. */
    long mark() {
        return ((long) depth << 32) | used;
    }

    /** Forgets the records opened and spans added since {@code mark}. */
    void restore(long mark) {
        depth = (int) (mark >>> 32);
        used = (int) mark;
    }

    Frame top() {
        return frames[depth - 1];
    }

    /** The open record {@code i}, 0 being the outermost. */
    Frame frame(int i) {
        return frames[i];
    }

    Frame push(RecType t) {
        if (depth == frames.length) {
            frames = Arrays.copyOf(frames, depth * 2);
        }
        Frame f = frames[depth];
        if (f == null) {
            f = frames[depth] = new Frame();
        }
        f.open(t, used, out.position());
        depth++;
        return f;
    }

    /** Adds bytes {@code s} to {@code e} as the next value of field {@code field} of {@code f}; a null one when {@code s < 0}. */
    void add(Frame f, int field, int s, int e) {
        if (used == start.length) {
            int n = used * 2;
            start = Arrays.copyOf(start, n);
            end = Arrays.copyOf(end, n);
            next = Arrays.copyOf(next, n);
        }
        int k = used++;
        start[k] = s;
        end[k] = e;
        next[k] = -1;
        if (f.count[field] == 0) {
            f.head[field] = k;
            if (f.occurrences[field] == 0) {
                f.touch(field);
            }
        } else {
            next[f.tail[field]] = k;
        }
        f.tail[field] = k;
        f.count[field]++;
    }

    /** Bytes written since the last span of the top frame: the current value's start. */
    int position() {
        return out.position();
    }

    /**
     * Appends the top record (with its length when {@code nested}), pops it, and returns the position its value
     * starts at; the value ends at {@link #position()}. A list whose elements are all null is a null field.
     */
    int close(Schema schema, boolean nested) {
        Frame f = frames[depth - 1];
        int n = schema.fieldCount();
        if (fieldStart.length < n) {
            fieldStart = new int[Math.max(n, fieldStart.length * 2)];
            fieldEnd = new int[fieldStart.length];
            Arrays.fill(fieldStart, -1);
        }
        // fieldStart is -1 (null) everywhere between records: only the fields this record touched are set, and reset
        // after it, so that a record of many fields, most of them absent, costs what its present fields do
        int[] touched = f.touched;
        int touchedCount = f.touchedCount;
        try {
            for (int t = 0; t < touchedCount; t++) {
                int i = touched[t];
                int c = i < n ? f.count[i] : 0;
                if (c == 0) {
                    continue;
                }
                if (!elements || !f.type.slotArray[i].repeated()) {
                    int k = f.head[i];
                    fieldStart[i] = start[k];
                    fieldEnd[i] = end[k];
                } else {
                    if (listStart.length < c) {
                        listStart = new int[Math.max(c, listStart.length * 2)];
                        listEnd = new int[listStart.length];
                    }
                    int j = 0;
                    boolean any = false;
                    for (int k = f.head[i]; k >= 0; k = next[k]) {
                        listStart[j] = start[k];
                        listEnd[j++] = end[k];
                        any |= start[k] >= 0;
                    }
                    if (any) {
                        fieldStart[i] = out.position();
                        out.writeList(listStart, listEnd, 0, c);
                        fieldEnd[i] = out.position();
                    }
                }
            }
            return closeWith(f, schema, nested);
        } finally {
            for (int t = 0; t < touchedCount; t++) {
                if (touched[t] < fieldStart.length) {
                    fieldStart[touched[t]] = -1;
                }
            }
        }
    }

    private int closeWith(Frame f, Schema schema, boolean nested) {
        int valueStart = out.position();
        out.writeRecord(schema, fieldStart, fieldEnd, nested);
        depth--;
        used = f.spanMark;
        if (valueStart - f.bufferMark > 2048) {
            // drop what the record was assembled from, so a large document needs about twice its size
            out.moveDown(valueStart, f.bufferMark);
            return f.bufferMark;
        }
        return valueStart;
    }

    /** Writes {@code f}'s child sequence as a bytes value: the packed field indexes in document order. */
    void writeSequence(Frame f) {
        int len = 0;
        for (int i = 0; i < f.sequenceLength; i++) {
            len += PackedInts.sizeOfInt(f.sequence[i]);
        }
        out.writeInt(len);
        for (int i = 0; i < f.sequenceLength; i++) {
            out.writeInt(f.sequence[i]);
        }
    }
}
