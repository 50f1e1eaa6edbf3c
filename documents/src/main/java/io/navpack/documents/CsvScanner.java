package io.navpack.documents;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Inference's reading of a CSV file: its header's columns and the text of every cell. */
final class CsvScanner {
    private CsvScanner() {
    }

    static void scan(byte[] bytes, int off, int len, String source, Stats stats, Limits limits) {
        try (Csv.Rows rows = new Csv.Rows(Csv.factory(limits), bytes, off, len, source, limits)) {
            List<String> header = rows.next();
            if (header == null) {
                throw new DocumentException(source, 1, 1, "header", "no header line: CSV files start with the column names");
            }
            header = new ArrayList<>(header);
            List<Stats.Name> columns = columns(header);
            Stats.ElementStats root = stats.element(JsonScanner.ROOT);
            String headerText = Csv.headerLine(header);
            List<String> cells;
            while ((cells = rows.next()) != null) {
                row(root, columns, headerText, cells, rows.line, source);
                stats.documents++;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One row with its file's header: what evolution learns from a row that did not fit. */
    static void row(Stats.ElementStats root, List<Stats.Name> columns, String headerText, List<String> cells, long line,
                    String source) {
        if (cells.size() != columns.size()) {
            throw new DocumentException(source, line, 1, "row " + line, "a row of " + cells.size() + " cells under a header"
                    + " of " + columns.size() + " columns: every row has as many cells as the header");
        }
        root.count++;
        root.asRoot++;
        root.headers.text(headerText, 0);
        for (int i = 0; i < cells.size(); i++) {
            Stats.ChildStats c = root.child(columns.get(i));
            String v = cells.get(i);
            if (!v.isEmpty()) {
                c.occurred(1);
                c.values.text(v, TextType.ALL);
            }
        }
    }

    /** Column names as stats keys; a name that repeats gets its occurrence after a NUL: {@code a}, {@code a\u00002}. */
    static List<Stats.Name> columns(List<String> header) {
        Map<String, Integer> seen = new HashMap<>();
        List<Stats.Name> out = new ArrayList<>();
        for (String h : header) {
            int k = seen.merge(h, 1, Integer::sum);
            out.add(new Stats.Name("", k == 1 ? h : h + "\u0000" + k));
        }
        return out;
    }
}
