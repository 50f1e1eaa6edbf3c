package io.navpack.bench.codec.ids;

import com.acme.trading.peers.IdsIo;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;
import io.navpack.bench.model.Wide50;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;

/** {@link Wide50} as a hand-written {@link IdentifiedDataSerializable}. */
public final class IdsWide50 implements IdentifiedDataSerializable {
    private long f01;
    private String f02;
    private BigDecimal f03;
    private LocalDate f04;
    private int f05;
    private double f06;
    private boolean f07;
    private String f08;
    private long f09;
    private BigDecimal f10;
    private long f11;
    private String f12;
    private BigDecimal f13;
    private LocalDate f14;
    private int f15;
    private double f16;
    private boolean f17;
    private String f18;
    private long f19;
    private BigDecimal f20;
    private long f21;
    private String f22;
    private BigDecimal f23;
    private LocalDate f24;
    private int f25;
    private double f26;
    private boolean f27;
    private String f28;
    private long f29;
    private BigDecimal f30;
    private long f31;
    private String f32;
    private BigDecimal f33;
    private LocalDate f34;
    private int f35;
    private double f36;
    private boolean f37;
    private String f38;
    private long f39;
    private BigDecimal f40;
    private long f41;
    private String f42;
    private BigDecimal f43;
    private LocalDate f44;
    private int f45;
    private double f46;
    private boolean f47;
    private String f48;
    private long f49;
    private BigDecimal f50;

    public static IdsWide50 of(Wide50 w) {
        IdsWide50 x = new IdsWide50();
        x.f01 = w.f01();
        x.f02 = w.f02();
        x.f03 = w.f03();
        x.f04 = w.f04();
        x.f05 = w.f05();
        x.f06 = w.f06();
        x.f07 = w.f07();
        x.f08 = w.f08();
        x.f09 = w.f09();
        x.f10 = w.f10();
        x.f11 = w.f11();
        x.f12 = w.f12();
        x.f13 = w.f13();
        x.f14 = w.f14();
        x.f15 = w.f15();
        x.f16 = w.f16();
        x.f17 = w.f17();
        x.f18 = w.f18();
        x.f19 = w.f19();
        x.f20 = w.f20();
        x.f21 = w.f21();
        x.f22 = w.f22();
        x.f23 = w.f23();
        x.f24 = w.f24();
        x.f25 = w.f25();
        x.f26 = w.f26();
        x.f27 = w.f27();
        x.f28 = w.f28();
        x.f29 = w.f29();
        x.f30 = w.f30();
        x.f31 = w.f31();
        x.f32 = w.f32();
        x.f33 = w.f33();
        x.f34 = w.f34();
        x.f35 = w.f35();
        x.f36 = w.f36();
        x.f37 = w.f37();
        x.f38 = w.f38();
        x.f39 = w.f39();
        x.f40 = w.f40();
        x.f41 = w.f41();
        x.f42 = w.f42();
        x.f43 = w.f43();
        x.f44 = w.f44();
        x.f45 = w.f45();
        x.f46 = w.f46();
        x.f47 = w.f47();
        x.f48 = w.f48();
        x.f49 = w.f49();
        x.f50 = w.f50();
        return x;
    }

    public Wide50 toRecord() {
        return new Wide50(f01, f02, f03, f04, f05, f06, f07, f08, f09, f10, f11, f12, f13, f14, f15, f16, f17, f18, f19,
                f20, f21, f22, f23, f24, f25, f26, f27, f28, f29, f30, f31, f32, f33, f34, f35,
                f36, f37, f38, f39, f40, f41, f42, f43, f44, f45, f46, f47, f48, f49, f50);
    }

    @Override
    public int getFactoryId() {
        return IdsFactory.FACTORY_ID;
    }

    @Override
    public int getClassId() {
        return IdsFactory.WIDE50;
    }

    @Override
    public void writeData(ObjectDataOutput out) throws IOException {
        out.writeLong(f01);
        out.writeString(f02);
        IdsIo.writeDecimal(out, f03);
        IdsIo.writeDate(out, f04);
        out.writeInt(f05);
        out.writeDouble(f06);
        out.writeBoolean(f07);
        out.writeString(f08);
        out.writeLong(f09);
        IdsIo.writeDecimal(out, f10);
        out.writeLong(f11);
        out.writeString(f12);
        IdsIo.writeDecimal(out, f13);
        IdsIo.writeDate(out, f14);
        out.writeInt(f15);
        out.writeDouble(f16);
        out.writeBoolean(f17);
        out.writeString(f18);
        out.writeLong(f19);
        IdsIo.writeDecimal(out, f20);
        out.writeLong(f21);
        out.writeString(f22);
        IdsIo.writeDecimal(out, f23);
        IdsIo.writeDate(out, f24);
        out.writeInt(f25);
        out.writeDouble(f26);
        out.writeBoolean(f27);
        out.writeString(f28);
        out.writeLong(f29);
        IdsIo.writeDecimal(out, f30);
        out.writeLong(f31);
        out.writeString(f32);
        IdsIo.writeDecimal(out, f33);
        IdsIo.writeDate(out, f34);
        out.writeInt(f35);
        out.writeDouble(f36);
        out.writeBoolean(f37);
        out.writeString(f38);
        out.writeLong(f39);
        IdsIo.writeDecimal(out, f40);
        out.writeLong(f41);
        out.writeString(f42);
        IdsIo.writeDecimal(out, f43);
        IdsIo.writeDate(out, f44);
        out.writeInt(f45);
        out.writeDouble(f46);
        out.writeBoolean(f47);
        out.writeString(f48);
        out.writeLong(f49);
        IdsIo.writeDecimal(out, f50);
    }

    @Override
    public void readData(ObjectDataInput in) throws IOException {
        f01 = in.readLong();
        f02 = in.readString();
        f03 = IdsIo.readDecimal(in);
        f04 = IdsIo.readDate(in);
        f05 = in.readInt();
        f06 = in.readDouble();
        f07 = in.readBoolean();
        f08 = in.readString();
        f09 = in.readLong();
        f10 = IdsIo.readDecimal(in);
        f11 = in.readLong();
        f12 = in.readString();
        f13 = IdsIo.readDecimal(in);
        f14 = IdsIo.readDate(in);
        f15 = in.readInt();
        f16 = in.readDouble();
        f17 = in.readBoolean();
        f18 = in.readString();
        f19 = in.readLong();
        f20 = IdsIo.readDecimal(in);
        f21 = in.readLong();
        f22 = in.readString();
        f23 = IdsIo.readDecimal(in);
        f24 = IdsIo.readDate(in);
        f25 = in.readInt();
        f26 = in.readDouble();
        f27 = in.readBoolean();
        f28 = in.readString();
        f29 = in.readLong();
        f30 = IdsIo.readDecimal(in);
        f31 = in.readLong();
        f32 = in.readString();
        f33 = IdsIo.readDecimal(in);
        f34 = IdsIo.readDate(in);
        f35 = in.readInt();
        f36 = in.readDouble();
        f37 = in.readBoolean();
        f38 = in.readString();
        f39 = in.readLong();
        f40 = IdsIo.readDecimal(in);
        f41 = in.readLong();
        f42 = in.readString();
        f43 = IdsIo.readDecimal(in);
        f44 = IdsIo.readDate(in);
        f45 = in.readInt();
        f46 = in.readDouble();
        f47 = in.readBoolean();
        f48 = in.readString();
        f49 = in.readLong();
        f50 = IdsIo.readDecimal(in);
    }
}
