package io.navpack.sizing;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * A plain-text table for a terminal: columns as wide as their widest cell, two spaces apart, a rule of dashes
 * under the header (and wherever {@link #rule()} asks for one). The last column is not padded.
 */
final class TextTable {
    private final List<String[]> rows = new ArrayList<>();
    private final TreeSet<Integer> rulesAfter = new TreeSet<>();
    private final int columns;

    TextTable(String... header) {
        rows.add(header);
        rulesAfter.add(0);
        columns = header.length;
    }

    TextTable row(String... cells) {
        rows.add(cells);
        return this;
    }

    /** A rule under the last row added. */
    TextTable rule() {
        rulesAfter.add(rows.size() - 1);
        return this;
    }

    @Override
    public String toString() {
        int[] width = new int[columns];
        for (String[] r : rows) {
            for (int c = 0; c < columns; c++) {
                width[c] = Math.max(width[c], r[c].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < rows.size(); i++) {
            String[] r = rows.get(i);
            for (int c = 0; c < columns; c++) {
                if (c > 0) {
                    sb.append("  ");
                }
                sb.append(r[c]);
                if (c < columns - 1) {
                    sb.append(" ".repeat(width[c] - r[c].length()));
                }
            }
            sb.append('\n');
            if (rulesAfter.contains(i)) {
                for (int c = 0; c < columns; c++) {
                    sb.append(c > 0 ? "  " : "").append("-".repeat(width[c]));
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    /** A count with thousands separators; {@code -} when unknown (negative). */
    static String num(long v) {
        return v < 0 ? "-" : String.format(Locale.ROOT, "%,d", v);
    }

    /** Two decimals; {@code -} for NaN. */
    static String ratio(double v) {
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
    }

    static String yesNo(boolean b) {
        return b ? "yes" : "no";
    }

    /** The text, or empty for null. */
    static String nz(String s) {
        return s == null ? "" : s;
    }
}
