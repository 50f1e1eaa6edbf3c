package io.navpack.documents;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Deterministic JSON and CSV test data with every kind of value: strings (empty, escapes, non-ASCII, outside the
 * BMP), integers of every size (beyond 64 bits too), decimals with scales and exponents, booleans, dates, date-
 * times with and without offsets, times, nulls and absent keys, nested objects, arrays of scalars, objects and
 * arrays, empty arrays and objects, keys that are not identifiers, and fields whose kinds mix.
 */
final class GeneratedDocuments {
    private final Random r;

    GeneratedDocuments(long seed) {
        this.r = new Random(seed);
    }

    /** An event-like JSON object. */
    String event(int i) {
        StringBuilder b = new StringBuilder("{");
        b.append("\"id\":").append(i);
        b.append(",\"type\":").append(q(pick("created", "updated", "deleted", "archived")));
        b.append(",\"amount\":").append(decimal());
        b.append(",\"count\":").append(r.nextInt(5) == 0 ? Long.toString(r.nextLong()) : Integer.toString(r.nextInt(1000)));
        if (r.nextInt(7) == 0) {
            b.append(",\"huge\":").append(new BigInteger(90, r).negate());
        } else {
            b.append(",\"huge\":").append(r.nextInt(100));
        }
        b.append(",\"ratio\":").append(pick("1e3", "2.5E-4", "-0.0", "7.0", "12.50", "3.14159265358979323846264338327950288"));
        b.append(",\"active\":").append(r.nextBoolean());
        b.append(",\"day\":").append(q(LocalDate.of(1990 + r.nextInt(40), 1 + r.nextInt(12), 1 + r.nextInt(28)).toString()));
        b.append(",\"at\":").append(q(pick("2024-05-31T10:15:30Z", "2024-05-31T10:15:30.5+02:00", "2019-01-01T00:00:00-05:30",
                "2024-02-29T23:59:59.123456789Z")));
        b.append(",\"local\":").append(q(pick("2024-05-31T10:15:30", "2000-01-01T00:00:00.25")));
        b.append(",\"time\":").append(q(LocalTime.of(r.nextInt(24), r.nextInt(60), r.nextInt(60)).toString()));
        b.append(",\"note\":").append(q(text()));
        if (r.nextBoolean()) {
            b.append(",\"optional\":").append(q("here " + i));
        }
        b.append(",\"maybe\":").append(r.nextInt(3) == 0 ? "null" : q("v" + r.nextInt(3)));
        if (r.nextInt(3) > 0) {
            b.append(",\"sometimesNull\":").append(r.nextBoolean() ? "null" : Integer.toString(r.nextInt(9)));
        }
        b.append(",\"mixed\":").append(pick("1", "\"one\"", "true", "[1,2]", "{\"a\":1}", "null", "2.5"));
        b.append(",\"first-name\":").append(q("N" + r.nextInt(50)));
        b.append(",\"2nd key\":").append(r.nextInt(10));
        b.append(",\"tags\":[");
        int tags = r.nextInt(4);
        for (int t = 0; t < tags; t++) {
            b.append(t > 0 ? "," : "").append(q(pick("a", "b", "c", "ü", "\"quoted\"")));
        }
        b.append("]");
        b.append(",\"matrix\":[[1,2],[],[3]]");
        b.append(",\"mixedArray\":[1,\"x\",null,true,{\"k\":[]}]");
        b.append(",\"emptyObject\":{}");
        b.append(",\"customer\":{\"name\":").append(q("Customer " + r.nextInt(20)))
                .append(",\"address\":{\"city\":").append(q(pick("Zürich", "London", "東京")))
                .append(",\"zip\":").append(q(String.format("%05d", r.nextInt(99999)))).append("}");
        if (r.nextBoolean()) {
            b.append(",\"vip\":true");
        }
        b.append("}");
        b.append(",\"lines\":[");
        int lines = r.nextInt(3);
        for (int l = 0; l < lines; l++) {
            b.append(l > 0 ? "," : "").append("{\"sku\":").append(q("S" + r.nextInt(100))).append(",\"qty\":")
                    .append(r.nextInt(9)).append(",\"price\":").append(decimal()).append("}");
        }
        b.append("]");
        b.append("}");
        return b.toString();
    }

    /** A document whose root is not an object. */
    String nonObject(int i) {
        return switch (i % 4) {
            case 0 -> "[1,2,3]";
            case 1 -> "\"just a string\"";
            case 2 -> "42";
            default -> "[{\"a\":1},{\"a\":2,\"b\":[true]}]";
        };
    }

    /** A CSV file: a header and rows with every kind of cell. */
    String csv(int rows) {
        StringBuilder b = new StringBuilder("id,name,amount,when,at,flag,code,comment,empty,\"quoted, column\"\n");
        for (int i = 0; i < rows; i++) {
            b.append(i).append(',');
            b.append(csvCell(pick("Alice", "Bob", "Zoë", "Ann \"the\" Best", "Smith, John"))).append(',');
            b.append(r.nextInt(5) == 0 ? "" : decimal()).append(',');
            b.append(LocalDate.of(2000 + r.nextInt(25), 1 + r.nextInt(12), 1 + r.nextInt(28))).append(',');
            b.append(pick("2024-05-31T10:15:30Z", "2024-05-31T10:15:30+01:00")).append(',');
            b.append(r.nextBoolean()).append(',');
            b.append(pick("A", "B", "C", "007")).append(',');
            b.append(csvCell(pick("multi\nline", " padded ", "plain", ""))).append(',');
            b.append(',');
            b.append(r.nextInt(100)).append('\n');
        }
        return b.toString();
    }

    private static String csvCell(String s) {
        if (s.contains(",") || s.contains("\"") || s.contains("\n") || s.startsWith(" ")) {
            return "\"" + s.replace("\"", "\"\"") + "\"";
        }
        return s;
    }

    private String decimal() {
        return pick(new BigDecimal(r.nextInt(1_000_000)).movePointLeft(r.nextInt(5)).toPlainString(), "0.10", "-12.5",
                "100", "0.001");
    }

    private String text() {
        return pick("", "plain", "tab\there", "line\nbreak", "quote \" and \\ backslash", "emoji 😀", "control \u0001",
                "ünïcödé", "   spaced   ");
    }

    @SafeVarargs
    private <T> T pick(T... options) {
        return options[r.nextInt(options.length)];
    }

    static String q(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\t' -> b.append("\\t");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"').toString();
    }

    static List<String> lines(String s) {
        return new ArrayList<>(List.of(s.split("\n")));
    }
}
