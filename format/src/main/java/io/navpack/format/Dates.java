package io.navpack.format;

import java.time.LocalDate;

/**
 * Decoded dates, remembered by epoch day: the dates of a data set cluster (trade and settlement dates,
 * schedules on a grid of business days), and {@link LocalDate#ofEpochDay} costs far more than finding one
 * again. The table holds one date per slot, indexed by the epoch day's low bits, so any 4096 consecutive
 * days (eleven years) share no slot. It is shared and written without locks: a slot holds an immutable
 * entry or null, and a date is returned only when its entry's day is the one asked for.
 */
final class Dates {
    private static final int SLOTS = 1 << 12;
    private static final Entry[] TABLE = new Entry[SLOTS];

    private Dates() {
    }

    private static final class Entry {
        final long day;
        final LocalDate date;

        Entry(long day, LocalDate date) {
            this.day = day;
            this.date = date;
        }
    }

    /** The date of epoch day {@code day}; {@link java.time.DateTimeException} when out of range. */
    static LocalDate ofEpochDay(long day) {
        int slot = (int) day & (SLOTS - 1);
        Entry e = TABLE[slot];
        if (e != null && e.day == day) {
            return e.date;
        }
        LocalDate d = LocalDate.ofEpochDay(day);
        TABLE[slot] = new Entry(day, d);
        return d;
    }
}
