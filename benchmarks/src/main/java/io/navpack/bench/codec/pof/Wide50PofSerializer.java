package io.navpack.bench.codec.pof;

import com.tangosol.io.pof.PofReader;
import com.tangosol.io.pof.PofSerializer;
import com.tangosol.io.pof.PofWriter;
import io.navpack.bench.model.Wide50;

import java.io.IOException;

/** POF serializer of {@link Wide50}: property index = field position - 1. */
public final class Wide50PofSerializer implements PofSerializer<Wide50> {
    @Override
    public void serialize(PofWriter out, Wide50 w) throws IOException {
        out.writeLong(0, w.f01());
        out.writeString(1, w.f02());
        out.writeBigDecimal(2, w.f03());
        out.writeDate(3, w.f04());
        out.writeInt(4, w.f05());
        out.writeDouble(5, w.f06());
        out.writeBoolean(6, w.f07());
        out.writeString(7, w.f08());
        out.writeLong(8, w.f09());
        out.writeBigDecimal(9, w.f10());
        out.writeLong(10, w.f11());
        out.writeString(11, w.f12());
        out.writeBigDecimal(12, w.f13());
        out.writeDate(13, w.f14());
        out.writeInt(14, w.f15());
        out.writeDouble(15, w.f16());
        out.writeBoolean(16, w.f17());
        out.writeString(17, w.f18());
        out.writeLong(18, w.f19());
        out.writeBigDecimal(19, w.f20());
        out.writeLong(20, w.f21());
        out.writeString(21, w.f22());
        out.writeBigDecimal(22, w.f23());
        out.writeDate(23, w.f24());
        out.writeInt(24, w.f25());
        out.writeDouble(25, w.f26());
        out.writeBoolean(26, w.f27());
        out.writeString(27, w.f28());
        out.writeLong(28, w.f29());
        out.writeBigDecimal(29, w.f30());
        out.writeLong(30, w.f31());
        out.writeString(31, w.f32());
        out.writeBigDecimal(32, w.f33());
        out.writeDate(33, w.f34());
        out.writeInt(34, w.f35());
        out.writeDouble(35, w.f36());
        out.writeBoolean(36, w.f37());
        out.writeString(37, w.f38());
        out.writeLong(38, w.f39());
        out.writeBigDecimal(39, w.f40());
        out.writeLong(40, w.f41());
        out.writeString(41, w.f42());
        out.writeBigDecimal(42, w.f43());
        out.writeDate(43, w.f44());
        out.writeInt(44, w.f45());
        out.writeDouble(45, w.f46());
        out.writeBoolean(46, w.f47());
        out.writeString(47, w.f48());
        out.writeLong(48, w.f49());
        out.writeBigDecimal(49, w.f50());
        out.writeRemainder(null);
    }

    @Override
    public Wide50 deserialize(PofReader in) throws IOException {
        Wide50 w = new Wide50(
                in.readLong(0),
                in.readString(1),
                in.readBigDecimal(2),
                in.readLocalDate(3),
                in.readInt(4),
                in.readDouble(5),
                in.readBoolean(6),
                in.readString(7),
                in.readLong(8),
                in.readBigDecimal(9),
                in.readLong(10),
                in.readString(11),
                in.readBigDecimal(12),
                in.readLocalDate(13),
                in.readInt(14),
                in.readDouble(15),
                in.readBoolean(16),
                in.readString(17),
                in.readLong(18),
                in.readBigDecimal(19),
                in.readLong(20),
                in.readString(21),
                in.readBigDecimal(22),
                in.readLocalDate(23),
                in.readInt(24),
                in.readDouble(25),
                in.readBoolean(26),
                in.readString(27),
                in.readLong(28),
                in.readBigDecimal(29),
                in.readLong(30),
                in.readString(31),
                in.readBigDecimal(32),
                in.readLocalDate(33),
                in.readInt(34),
                in.readDouble(35),
                in.readBoolean(36),
                in.readString(37),
                in.readLong(38),
                in.readBigDecimal(39),
                in.readLong(40),
                in.readString(41),
                in.readBigDecimal(42),
                in.readLocalDate(43),
                in.readInt(44),
                in.readDouble(45),
                in.readBoolean(46),
                in.readString(47),
                in.readLong(48),
                in.readBigDecimal(49));
        in.readRemainder();
        return w;
    }
}
