package io.navpack.documents;

import io.navpack.format.RecordEncoder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * CSV rows to navpack, one value per row: each cell into its column's field (an empty cell is a null field), the
 * file's header into {@code $header} when it is not the schema's.
 */
final class CsvEncoder {
    private final RecordEncoder out;
    private final Spans spans;
    private final int[] scratch = new int[2];
    private char[] chars = new char[256];

    CsvEncoder(RecordEncoder out) {
        this.out = out;
        this.spans = new Spans(out, false);
    }

    long encodeAll(DocumentSchema schema, byte[] file, int off, int len, String source, Transcoder.ValueSink sink,
                   boolean evolving, Limits limits) throws IOException {
        try (Csv.Rows rows = new Csv.Rows(Csv.factory(limits), file, off, len, source, limits)) {
            List<String> h = rows.next();
            if (h == null) {
                throw new DocumentException(source, 1, 1, "header", "no header line: CSV files start with the column names");
            }
            List<String> header = new ArrayList<>(h);
            String headerText = Csv.headerLine(header);
            List<Stats.Name> columns = CsvScanner.columns(header);
            long n = 0;
            List<String> cells;
            while ((cells = rows.next()) != null) {
                if (cells.size() != header.size()) {
                    throw new DocumentException(source, rows.line, 1, "row " + rows.line, "a row of " + cells.size()
                            + " cells under a header of " + header.size() + " columns: every row has as many cells as the header");
                }
                int ownGrowths = 0;
                for (int tries = 0; ; tries++) {
                    Model m = schema.model();
                    try {
                        int start = row(m, header, headerText, cells, rows.line);
                        sink.value(out.buffer(), start, out.position() - start);
                        break;
                    } catch (Misfit misfit) {
                        if (!evolving || Transcoder.triesExhausted(ownGrowths, tries)) {
                            throw misfit.toException(source, evolving ? "the schema did not grow to hold it"
                                    : Transcoder.NOT_GROWING);
                        }
                        Stats stats = new Stats(DocumentFormat.CSV);
                        CsvScanner.row(stats.element(JsonScanner.ROOT), columns, headerText, cells, rows.line, source);
                        stats.documents++;
                        if (schema.evolve(m, stats, source, misfit)) {
                            ownGrowths++;
                        }
                    }
                }
                n++;
            }
            return n;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The column slots of each header position, and the schema's own header line, per model. */
    private Model mapped;
    private List<String> mappedHeader;
    private Slot[] byPosition;
    private String canonical;

    private void map(Model m, List<String> header) {
        if (mapped == m && header.equals(mappedHeader)) {
            return;
        }
        RecType root = m.roots.get(0);
        Map<String, List<Slot>> byName = new HashMap<>();
        List<String> names = new ArrayList<>();
        for (Slot s : root.slots) {
            if (s.role == Slot.Role.COLUMN && s.alternate == Slot.Alternate.NONE) {
                byName.computeIfAbsent(s.name, k -> new ArrayList<>()).add(s);
                names.add(s.name);
            }
        }
        Map<String, Integer> seen = new HashMap<>();
        byPosition = new Slot[header.size()];
        for (int i = 0; i < header.size(); i++) {
            int k = seen.merge(header.get(i), 1, Integer::sum);
            List<Slot> l = byName.get(header.get(i));
            byPosition[i] = l == null || l.size() < k ? null : l.get(k - 1);
        }
        canonical = Csv.headerLine(names);
        mapped = m;
        mappedHeader = new ArrayList<>(header);
    }

    private int row(Model m, List<String> header, String headerText, List<String> cells, long line) {
        map(m, header);
        RecType root = m.roots.get(0);
        spans.reset();
        Spans.Frame f = spans.push(root);
        for (int i = 0; i < cells.size(); i++) {
            String v = cells.get(i);
            if (v.isEmpty()) {
                continue;
            }
            Slot s = byPosition[i];
            if (s == null) {
                throw new Misfit(line, 0, "row " + line + ", column " + header.get(i), "column \"" + header.get(i)
                        + "\" is not in the schema");
            }
            write(f, s, v, line, header.get(i));
        }
        if (!headerText.equals(canonical)) {
            if (root.headerSlot == null) {
                throw new Misfit(line, 0, "header", "the header is not the schema's (" + canonical + ") and type "
                        + root.name + " has no $header");
            }
            write(f, root.headerSlot, headerText, line, "$header");
        }
        return spans.close(root.current(), false);
    }

    private void write(Spans.Frame f, Slot head, String v, long line, String column) {
        int n = v.length();
        if (chars.length < n) {
            chars = new char[Math.max(n, chars.length * 2)];
        }
        v.getChars(0, n, chars, 0);
        for (Slot s = head; s != null; s = s.next) {
            Shape item = s.item();
            int start = out.position();
            boolean ok;
            if (item.kind == Shape.Kind.ENUM) {
                int i = item.table.find(chars, 0, n);
                ok = i >= 0;
                if (ok) {
                    out.writeInt(i);
                }
            } else {
                ok = item.kind == Shape.Kind.SCALAR && Texts.write(item.text, chars, 0, n, out, scratch);
            }
            if (ok) {
                spans.add(f, s.index, start, out.position());
                return;
            }
        }
        throw new Misfit(line, 0, "row " + line + ", column " + column, "\"" + XmlEncoder.abbreviate(chars, n)
                + "\" does not fit " + head.shape.describe() + " (field " + head.field + ")");
    }
}
