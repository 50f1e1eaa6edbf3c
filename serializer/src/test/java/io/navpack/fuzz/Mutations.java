package io.navpack.fuzz;

import io.navpack.format.spi.PackedInts;
import io.navpack.format.Schema;
import io.navpack.format.SchemaRegistry;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Mutations of a valid encoded record that know its layout (docs/format.md): besides flips,
 * truncations, insertions, deletions and splices anywhere, they aim at the header (another known type
 * id and version: a valid header over a body it does not describe), the flags, the null bitmap, the
 * offset table, and at lengths (huge or overlong packed integers written where a length may be).
 */
final class Mutations {
    private static final byte[][] BOMBS = {
            {(byte) 0xbf, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07},      // Integer.MAX_VALUE
            {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x02},      // 256 MB
            {(byte) 0x80, (byte) 0x80, (byte) 0x80, 0x01},                   // 1 MB
            {(byte) 0xbf, 0x7f},                                            // 8191
            {(byte) 0xc0, (byte) 0x80, 0x01},                               // negative
            {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x01}, // too long for an int
            {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff,
                    (byte) 0xff, 0x7f},                                     // overflowing long
            {(byte) 0x81, 0x00},                                            // overlong 1
            {0x3f}, {0x7e}, {0x00}, {0x01},
    };

    private Mutations() {
    }

    static byte[] mutate(byte[] b, List<byte[]> corpus, SchemaRegistry registry, SplittableRandom r) {
        byte[] m = b;
        int times = r.nextInt(4) == 0 ? 2 + r.nextInt(3) : 1;
        for (int i = 0; i < times; i++) {
            m = once(m, corpus, registry, r);
        }
        return m;
    }

    private static byte[] once(byte[] b, List<byte[]> corpus, SchemaRegistry registry, SplittableRandom r) {
        if (b.length == 0) {
            return new byte[] {(byte) r.nextInt()};
        }
        Layout l = Layout.of(b, registry);
        switch (r.nextInt(14)) {
            case 0:
                return Arrays.copyOf(b, r.nextInt(b.length));
            case 1: {
                byte[] m = Arrays.copyOf(b, b.length + 1 + r.nextInt(8));
                for (int i = b.length; i < m.length; i++) {
                    m[i] = (byte) r.nextInt();
                }
                return m;
            }
            case 2: {
                byte[] m = b.clone();
                int at = r.nextInt(m.length);
                m[at] ^= (byte) (1 << r.nextInt(8));
                return m;
            }
            case 3: {
                byte[] m = b.clone();
                for (int k = 1 + r.nextInt(4); k > 0; k--) {
                    m[r.nextInt(m.length)] = (byte) r.nextInt();
                }
                return m;
            }
            case 4: {
                // a valid header of another known schema over this body
                List<Schema> all = new ArrayList<>(registry.schemas());
                if (l == null || all.isEmpty()) {
                    return flip(b, r);
                }
                Schema s = all.get(r.nextInt(all.size()));
                byte[] head = new byte[PackedInts.MAX_INT_BYTES * 2];
                int p = PackedInts.writeInt(head, 0, s.typeId());
                p = PackedInts.writeInt(head, p, s.version());
                return replace(b, 0, l.flags, head, 0, p);
            }
            case 5: {
                if (l == null || l.tableLength == 0) {
                    return flip(b, r);
                }
                byte[] m = b.clone();
                int at = l.table + r.nextInt(l.tableLength);
                m[at] = (byte) (r.nextBoolean() ? m[at] + (r.nextBoolean() ? 1 : -1) * (1 + r.nextInt(3)) : r.nextInt());
                return m;
            }
            case 6: {
                if (l == null || l.bitmapLength == 0) {
                    return flip(b, r);
                }
                byte[] m = b.clone();
                m[l.bitmap + r.nextInt(l.bitmapLength)] ^= (byte) (1 << r.nextInt(8));
                return m;
            }
            case 7: {
                if (l == null) {
                    return flip(b, r);
                }
                byte[] m = b.clone();
                m[l.flags] = (byte) (r.nextInt(8) == 0 ? r.nextInt() : r.nextInt(8));
                return m;
            }
            case 8: {
                // a huge, negative or overlong packed integer where a length may be
                byte[] bomb = BOMBS[r.nextInt(BOMBS.length)];
                int at = l != null && r.nextBoolean() ? l.body + r.nextInt(Math.max(1, b.length - l.body)) : r.nextInt(b.length);
                at = Math.min(at, b.length - 1);
                return r.nextBoolean() ? replace(b, at, Math.min(b.length, at + bomb.length), bomb, 0, bomb.length)
                        : replace(b, at, Math.min(b.length, at + 1), bomb, 0, bomb.length);
            }
            case 9: {
                int at = r.nextInt(b.length);
                return r.nextBoolean() ? replace(b, at, at + 1, new byte[0], 0, 0)
                        : replace(b, at, at, new byte[] {(byte) r.nextInt()}, 0, 1);
            }
            case 10: {
                byte[] other = corpus.get(r.nextInt(corpus.size()));
                int from = r.nextInt(other.length);
                int len = 1 + r.nextInt(Math.min(32, other.length - from));
                int at = r.nextInt(b.length);
                return replace(b, at, Math.min(b.length, at + r.nextInt(len + 1)), other, from, len);
            }
            case 11: {
                int at = r.nextInt(b.length);
                int len = 1 + r.nextInt(Math.min(16, b.length - at));
                return replace(b, at, at, b, at, len);
            }
            case 12: {
                // a null bitmap announced or dropped
                if (l == null) {
                    return flip(b, r);
                }
                byte[] m = b.clone();
                m[l.flags] ^= 4;
                return m;
            }
            default: {
                // a byte of the body set to a boundary value
                byte[] m = b.clone();
                int at = l != null && l.body < m.length ? l.body + r.nextInt(m.length - l.body) : r.nextInt(m.length);
                m[at] = (byte) new int[] {0, 1, 0x3f, 0x40, 0x7f, 0x80, 0xbf, 0xc0, 0xff}[r.nextInt(9)];
                return m;
            }
        }
    }

    private static byte[] flip(byte[] b, SplittableRandom r) {
        byte[] m = b.clone();
        m[r.nextInt(m.length)] ^= (byte) (1 << r.nextInt(8));
        return m;
    }

    /** {@code b} with bytes {@code from..to} replaced by {@code len} bytes of {@code src} from {@code srcPos}. */
    private static byte[] replace(byte[] b, int from, int to, byte[] src, int srcPos, int len) {
        byte[] m = new byte[b.length - (to - from) + len];
        System.arraycopy(b, 0, m, 0, from);
        System.arraycopy(src, srcPos, m, from, len);
        System.arraycopy(b, to, m, from + len, b.length - to);
        return m;
    }

    /** Where the parts of a record's header lie, read as docs/format.md specifies them; null when unreadable. */
    static final class Layout {
        int flags;
        int bitmap;
        int bitmapLength;
        int table;
        int tableLength;
        int body;

        static Layout of(byte[] b, SchemaRegistry registry) {
            try {
                int typeId = PackedInts.readInt(b, 0, b.length);
                int p = PackedInts.skipInt(b, 0, b.length);
                int version = PackedInts.readInt(b, p, b.length);
                p = PackedInts.skipInt(b, p, b.length);
                Schema s = registry.local(typeId, version);
                if (s == null || p >= b.length) {
                    return null;
                }
                Layout l = new Layout();
                l.flags = p;
                int flags = b[p] & 0xFF;
                int blocks = (s.fieldCount() + Schema.BLOCK - 1) / Schema.BLOCK;
                l.bitmap = p + 1;
                l.bitmapLength = (flags & 4) != 0 ? blocks : 0;
                l.table = l.bitmap + l.bitmapLength;
                l.tableLength = blocks > 1 ? (blocks - 1) << (flags & 3) : 0;
                l.body = l.table + l.tableLength;
                if (l.body > b.length) {
                    return null;
                }
                return l;
            } catch (RuntimeException e) {
                return null;
            }
        }
    }
}
