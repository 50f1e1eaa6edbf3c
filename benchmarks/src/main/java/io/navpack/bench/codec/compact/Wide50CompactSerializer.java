package io.navpack.bench.codec.compact;

import com.hazelcast.nio.serialization.compact.CompactReader;
import com.hazelcast.nio.serialization.compact.CompactSerializer;
import com.hazelcast.nio.serialization.compact.CompactWriter;
import io.navpack.bench.model.Wide50;

/** Explicit Compact serializer of {@link Wide50}. */
public final class Wide50CompactSerializer implements CompactSerializer<Wide50> {
    @Override
    public Wide50 read(CompactReader reader) {
        return new Wide50(
                reader.readInt64("f01"),
                reader.readString("f02"),
                reader.readDecimal("f03"),
                reader.readDate("f04"),
                reader.readInt32("f05"),
                reader.readFloat64("f06"),
                reader.readBoolean("f07"),
                reader.readString("f08"),
                reader.readInt64("f09"),
                reader.readDecimal("f10"),
                reader.readInt64("f11"),
                reader.readString("f12"),
                reader.readDecimal("f13"),
                reader.readDate("f14"),
                reader.readInt32("f15"),
                reader.readFloat64("f16"),
                reader.readBoolean("f17"),
                reader.readString("f18"),
                reader.readInt64("f19"),
                reader.readDecimal("f20"),
                reader.readInt64("f21"),
                reader.readString("f22"),
                reader.readDecimal("f23"),
                reader.readDate("f24"),
                reader.readInt32("f25"),
                reader.readFloat64("f26"),
                reader.readBoolean("f27"),
                reader.readString("f28"),
                reader.readInt64("f29"),
                reader.readDecimal("f30"),
                reader.readInt64("f31"),
                reader.readString("f32"),
                reader.readDecimal("f33"),
                reader.readDate("f34"),
                reader.readInt32("f35"),
                reader.readFloat64("f36"),
                reader.readBoolean("f37"),
                reader.readString("f38"),
                reader.readInt64("f39"),
                reader.readDecimal("f40"),
                reader.readInt64("f41"),
                reader.readString("f42"),
                reader.readDecimal("f43"),
                reader.readDate("f44"),
                reader.readInt32("f45"),
                reader.readFloat64("f46"),
                reader.readBoolean("f47"),
                reader.readString("f48"),
                reader.readInt64("f49"),
                reader.readDecimal("f50"));
    }

    @Override
    public void write(CompactWriter writer, Wide50 w) {
        writer.writeInt64("f01", w.f01());
        writer.writeString("f02", w.f02());
        writer.writeDecimal("f03", w.f03());
        writer.writeDate("f04", w.f04());
        writer.writeInt32("f05", w.f05());
        writer.writeFloat64("f06", w.f06());
        writer.writeBoolean("f07", w.f07());
        writer.writeString("f08", w.f08());
        writer.writeInt64("f09", w.f09());
        writer.writeDecimal("f10", w.f10());
        writer.writeInt64("f11", w.f11());
        writer.writeString("f12", w.f12());
        writer.writeDecimal("f13", w.f13());
        writer.writeDate("f14", w.f14());
        writer.writeInt32("f15", w.f15());
        writer.writeFloat64("f16", w.f16());
        writer.writeBoolean("f17", w.f17());
        writer.writeString("f18", w.f18());
        writer.writeInt64("f19", w.f19());
        writer.writeDecimal("f20", w.f20());
        writer.writeInt64("f21", w.f21());
        writer.writeString("f22", w.f22());
        writer.writeDecimal("f23", w.f23());
        writer.writeDate("f24", w.f24());
        writer.writeInt32("f25", w.f25());
        writer.writeFloat64("f26", w.f26());
        writer.writeBoolean("f27", w.f27());
        writer.writeString("f28", w.f28());
        writer.writeInt64("f29", w.f29());
        writer.writeDecimal("f30", w.f30());
        writer.writeInt64("f31", w.f31());
        writer.writeString("f32", w.f32());
        writer.writeDecimal("f33", w.f33());
        writer.writeDate("f34", w.f34());
        writer.writeInt32("f35", w.f35());
        writer.writeFloat64("f36", w.f36());
        writer.writeBoolean("f37", w.f37());
        writer.writeString("f38", w.f38());
        writer.writeInt64("f39", w.f39());
        writer.writeDecimal("f40", w.f40());
        writer.writeInt64("f41", w.f41());
        writer.writeString("f42", w.f42());
        writer.writeDecimal("f43", w.f43());
        writer.writeDate("f44", w.f44());
        writer.writeInt32("f45", w.f45());
        writer.writeFloat64("f46", w.f46());
        writer.writeBoolean("f47", w.f47());
        writer.writeString("f48", w.f48());
        writer.writeInt64("f49", w.f49());
        writer.writeDecimal("f50", w.f50());
    }

    @Override
    public String getTypeName() {
        return "Wide50";
    }

    @Override
    public Class<Wide50> getCompactClass() {
        return Wide50.class;
    }
}
