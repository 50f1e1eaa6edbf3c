package com.acme.trading;

import io.navpack.format.NavpackType;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/** Every type whose writing allocates nothing, including nested records, lists and arrays. */
@NavpackType(id = 5, name = "Flat")
public record Flat(boolean z, byte b, short s, char c, int i, long l, float f, double d, Integer boxed,
                   String text, BigDecimal decimal, LocalDate date, LocalTime time, LocalDateTime dateTime,
                   Instant instant, OffsetDateTime offsetDateTime, UUID uuid, Side side, byte[] bytes,
                   int[] ints, double[] doubles, String[] strings, List<String> list, List<Leg> legs, Trade trade,
                   String missing) {
}
