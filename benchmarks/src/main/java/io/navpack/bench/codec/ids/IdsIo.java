package io.navpack.bench.codec.ids;

import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;

/**
 * How the hand-written serializers write the types {@code ObjectDataOutput} has no method for:
 * a decimal as its unscaled two's-complement bytes and scale, a date as its epoch day in an int.
 * Null is a null byte array or {@link Integer#MIN_VALUE}.
 */
final class IdsIo {
    private static final int NULL_DATE = Integer.MIN_VALUE;

    private IdsIo() {
    }

    static void writeDecimal(ObjectDataOutput out, BigDecimal d) throws IOException {
        if (d == null) {
            out.writeByteArray(null);
            return;
        }
        out.writeByteArray(d.unscaledValue().toByteArray());
        out.writeInt(d.scale());
    }

    static BigDecimal readDecimal(ObjectDataInput in) throws IOException {
        byte[] unscaled = in.readByteArray();
        if (unscaled == null) {
            return null;
        }
        return new BigDecimal(new BigInteger(unscaled), in.readInt());
    }

    static void writeDate(ObjectDataOutput out, LocalDate d) throws IOException {
        out.writeInt(d == null ? NULL_DATE : (int) d.toEpochDay());
    }

    static LocalDate readDate(ObjectDataInput in) throws IOException {
        int day = in.readInt();
        return day == NULL_DATE ? null : LocalDate.ofEpochDay(day);
    }
}
