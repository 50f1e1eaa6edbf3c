package com.acme.trading;

import io.navpack.format.NavpackType;

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

/** One field of every supported type and of many container combinations. */
@NavpackType(id = 2, name = "Everything")
public record Everything(
        boolean z, byte b, short s, char c, int i, long l, float f, double d,
        Boolean zBox, Byte bBox, Short sBox, Character cBox, Integer iBox, Long lBox, Float fBox, Double dBox,
        String string, BigDecimal decimal, BigInteger bigInteger, LocalDate date, LocalTime time,
        LocalDateTime dateTime, Instant instant, OffsetDateTime offsetDateTime, UUID uuid, Side side, byte[] bytes,
        Leg leg, List<String> strings, Set<Integer> intSet, List<Side> sides,
        boolean[] booleans, short[] shorts, char[] chars, int[] ints, long[] longs, float[] floats, double[] doubles,
        String[] stringArray, Integer[] boxedInts, Leg[] legArray, List<Leg> legs, BigDecimal[] decimals,
        Map<String, BigDecimal> amounts, Map<Integer, List<LocalDate>> schedule, Map<Side, Leg> legBySide,
        List<List<String>> nestedLists, Set<UUID> uuids, List<byte[]> blobs, List<Instant> instants) {
}
