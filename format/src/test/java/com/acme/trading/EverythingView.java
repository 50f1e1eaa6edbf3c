package com.acme.trading;

import io.navpack.format.PackedRecord;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * Every field of {@link Everything} through a view: primitives, boxes, scalars, enums, bytes, nested
 * records as a view, as a {@code PackedRecord} and as the registered class, lists, sets, primitive and
 * object arrays and maps, with nested records inside containers read as views.
 */
public interface EverythingView {
    boolean z();
    byte b();
    short s();
    char c();
    int i();
    long l();
    float f();
    double d();
    Boolean zBox();
    Byte bBox();
    Short sBox();
    Character cBox();
    Integer iBox();
    Long lBox();
    Float fBox();
    Double dBox();
    String string();
    BigDecimal decimal();
    BigInteger bigInteger();
    LocalDate date();
    LocalTime time();
    LocalDateTime dateTime();
    Instant instant();
    OffsetDateTime offsetDateTime();
    UUID uuid();
    Side side();
    byte[] bytes();

    /** The nested record as a view, as the core's {@code PackedRecord}, and as the registered class. */
    LegView leg();

    PackedRecord getLeg();

    List<String> strings();
    Set<Integer> intSet();
    List<Side> sides();
    boolean[] booleans();
    short[] shorts();
    char[] chars();
    int[] ints();
    long[] longs();
    float[] floats();
    double[] doubles();
    String[] stringArray();
    Integer[] boxedInts();
    LegView[] legArray();
    List<LegView> legs();
    BigDecimal[] decimals();
    Map<String, BigDecimal> amounts();
    Map<Integer, List<LocalDate>> schedule();
    Map<Side, LegView> legBySide();
    List<List<String>> nestedLists();
    Set<UUID> uuids();
    List<byte[]> blobs();
    List<Instant> instants();
}
