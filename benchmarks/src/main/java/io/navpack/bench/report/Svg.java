package io.navpack.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Small SVG charts for the benchmark page: horizontal grouped bars and log-log lines, with error bars. */
final class Svg {
    static final String[] COLORS = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
        "#7f7f7f"};
    private static final String FONT = "font-family=\"Helvetica,Arial,sans-serif\"";

    private Svg() {
    }

    /** One bar series: a value (and error, or 0) per category; NaN leaves the bar out. */
    record Series(String name, double[] values, double[] errors) {
    }

    /** One line series over the shared x values. */
    record Line(String name, double[] values, double[] errors) {
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    static String num(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.format(Locale.ROOT, "%,d", (long) v);
        }
        if (v >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", v);
        }
        if (v >= 100) {
            return String.format(Locale.ROOT, "%.0f", v);
        }
        if (v >= 10) {
            return String.format(Locale.ROOT, "%.1f", v);
        }
        return String.format(Locale.ROOT, "%.2f", v);
    }

    /**
     * Horizontal bars: one group per category, one bar per series, value label at the end of the bar.
     * With {@code log}, the axis is logarithmic (base 10).
     */
    static String bars(String title, String unit, List<String> categories, List<Series> series, boolean log) {
        int labelW = 250;
        int plotW = 520;
        int barH = 13;
        int groupGap = 10;
        int top = 50 + 18 * ((series.size() + 2) / 3);
        int groupH = series.size() * barH + groupGap;
        int height = top + categories.size() * groupH + 40;
        int width = labelW + plotW + 90;
        double max = 0;
        double min = Double.MAX_VALUE;
        for (Series s : series) {
            for (int i = 0; i < s.values().length; i++) {
                double v = s.values()[i];
                if (!Double.isNaN(v)) {
                    double e = s.errors() == null || Double.isNaN(s.errors()[i]) ? 0 : s.errors()[i];
                    max = Math.max(max, v + e);
                    min = Math.min(min, v > 0 ? v : min);
                }
            }
        }
        double lo = log ? Math.pow(10, Math.floor(Math.log10(Math.max(min, 1e-9)))) : 0;
        double hi = log ? Math.pow(10, Math.ceil(Math.log10(max))) : niceMax(max);
        StringBuilder sb = header(width, height, title);
        legend(sb, labelW, 40, names(series));
        List<double[]> ticks = new ArrayList<>();
        if (log) {
            for (double t = lo; t <= hi * 1.0001; t *= 10) {
                ticks.add(new double[] {t});
            }
        } else {
            double step = hi / 5;
            for (int i = 0; i <= 5; i++) {
                ticks.add(new double[] {step * i});
            }
        }
        int plotBottom = top + categories.size() * groupH;
        for (double[] t : ticks) {
            double x = labelW + scale(t[0], lo, hi, log) * plotW;
            sb.append(String.format(Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>%n", x, top - 4, x, plotBottom));
            sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\" %s>%s</text>%n",
                    x, plotBottom + 14, FONT, esc(num(t[0]))));
        }
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" %s>%s</text>%n",
                labelW + plotW / 2, plotBottom + 32, FONT, esc(unit + (log ? " (log scale)" : ""))));
        for (int c = 0; c < categories.size(); c++) {
            int gy = top + c * groupH;
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"12\" text-anchor=\"end\" %s>%s</text>%n",
                    labelW - 8, gy + series.size() * barH / 2 + 4, FONT, esc(categories.get(c))));
            for (int s = 0; s < series.size(); s++) {
                double v = series.get(s).values()[c];
                if (Double.isNaN(v)) {
                    continue;
                }
                double e = series.get(s).errors() == null ? 0 : series.get(s).errors()[c];
                double w = scale(v, lo, hi, log) * plotW;
                int y = gy + s * barH;
                sb.append(String.format(Locale.ROOT,
                        "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>%n", labelW, y,
                        Math.max(w, 1), barH - 2, COLORS[s % COLORS.length]));
                double labelX = labelW + w + 4;
                if (e > 0 && !Double.isNaN(e)) {
                    double x1 = labelW + scale(Math.max(v - e, log ? lo : 0), lo, hi, log) * plotW;
                    double x2 = labelW + scale(v + e, lo, hi, log) * plotW;
                    double ym = y + (barH - 2) / 2.0;
                    sb.append(String.format(Locale.ROOT,
                            "<path d=\"M%.1f %.1f H%.1f M%.1f %.1f V%.1f M%.1f %.1f V%.1f\" stroke=\"#222\" fill=\"none\"/>%n",
                            x1, ym, x2, x1, ym - 3, ym + 3, x2, ym - 3, ym + 3));
                    labelX = Math.max(labelX, x2 + 4);
                }
                sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" %s>%s</text>%n",
                        labelX, y + barH - 4, FONT, esc(num(v))));
            }
        }
        return sb.append("</svg>\n").toString();
    }

    /** Lines over x values on log2 x and log10 y axes, with error bars. */
    static String logLines(String title, String xLabel, String yLabel, double[] xs, List<Line> lines) {
        return logLines(title, xLabel, yLabel, xs, lines, Double.NaN, null);
    }

    /** The same, with a dashed vertical marker at {@code markerX} (NaN: none) labelled {@code markerLabel}. */
    static String logLines(String title, String xLabel, String yLabel, double[] xs, List<Line> lines, double markerX,
                           String markerLabel) {
        int left = 70;
        int plotW = 560;
        int plotH = 320;
        int top = 50 + 18 * ((lines.size() + 2) / 3);
        int width = left + plotW + 30;
        int height = top + plotH + 50;
        double min = Double.MAX_VALUE;
        double max = 0;
        for (Line l : lines) {
            for (int i = 0; i < l.values().length; i++) {
                double v = l.values()[i];
                if (!Double.isNaN(v) && v > 0) {
                    double e = l.errors() == null || Double.isNaN(l.errors()[i]) ? 0 : l.errors()[i];
                    min = Math.min(min, Math.max(v - e, v / 2));
                    max = Math.max(max, v + e);
                }
            }
        }
        double lo = Math.pow(10, Math.floor(Math.log10(min)));
        double hi = Math.pow(10, Math.ceil(Math.log10(max)));
        double x0 = Math.log(xs[0]) / Math.log(2);
        double x1 = Math.log(xs[xs.length - 1]) / Math.log(2);
        StringBuilder sb = header(width, height, title);
        List<String> names = new ArrayList<>();
        for (Line l : lines) {
            names.add(l.name());
        }
        legend(sb, left, 40, names);
        for (double t = lo; t <= hi * 1.0001; t *= 10) {
            double y = top + plotH - scale(t, lo, hi, true) * plotH;
            sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>%n",
                    left, y, left + plotW, y));
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\" %s>%s</text>%n",
                    left - 6, y + 3, FONT, esc(num(t))));
        }
        for (double x : xs) {
            double px = left + (Math.log(x) / Math.log(2) - x0) / (x1 - x0) * plotW;
            sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eee\"/>%n",
                    px, top, px, top + plotH));
            sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\" %s>%s</text>%n",
                    px, top + plotH + 14, FONT, esc(num(x))));
        }
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" %s>%s</text>%n",
                left + plotW / 2, top + plotH + 34, FONT, esc(xLabel)));
        sb.append(String.format(Locale.ROOT,
                "<text x=\"14\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" transform=\"rotate(-90 14 %d)\" %s>%s</text>%n",
                top + plotH / 2, top + plotH / 2, FONT, esc(yLabel)));
        if (!Double.isNaN(markerX) && markerX >= xs[0] && markerX <= xs[xs.length - 1]) {
            double px = left + (Math.log(markerX) / Math.log(2) - x0) / (x1 - x0) * plotW;
            sb.append(String.format(Locale.ROOT,
                    "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#555\" stroke-dasharray=\"5,4\"/>%n",
                    px, top, px, top + plotH));
            sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"10\" text-anchor=\"middle\" %s>%s</text>%n",
                    px, top - 4, FONT, esc(markerLabel)));
        }
        for (int s = 0; s < lines.size(); s++) {
            Line l = lines.get(s);
            String color = COLORS[s % COLORS.length];
            StringBuilder path = new StringBuilder();
            for (int i = 0; i < xs.length; i++) {
                double v = l.values()[i];
                if (Double.isNaN(v)) {
                    continue;
                }
                double px = left + (Math.log(xs[i]) / Math.log(2) - x0) / (x1 - x0) * plotW;
                double py = top + plotH - scale(v, lo, hi, true) * plotH;
                path.append(path.length() == 0 ? "M" : " L").append(String.format(Locale.ROOT, "%.1f %.1f", px, py));
                sb.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>%n", px, py, color));
                double e = l.errors() == null ? 0 : l.errors()[i];
                if (e > 0 && !Double.isNaN(e)) {
                    double ya = top + plotH - scale(Math.max(v - e, lo), lo, hi, true) * plotH;
                    double yb = top + plotH - scale(v + e, lo, hi, true) * plotH;
                    sb.append(String.format(Locale.ROOT,
                            "<path d=\"M%.1f %.1f V%.1f M%.1f %.1f H%.1f M%.1f %.1f H%.1f\" stroke=\"%s\" fill=\"none\"/>%n",
                            px, ya, yb, px - 3, ya, px + 3, px - 3, yb, px + 3, color));
                }
            }
            sb.append(String.format(Locale.ROOT, "<path d=\"%s\" stroke=\"%s\" stroke-width=\"2\" fill=\"none\"/>%n", path, color));
        }
        return sb.append("</svg>\n").toString();
    }

    private static List<String> names(List<Series> series) {
        List<String> names = new ArrayList<>();
        for (Series s : series) {
            names.add(s.name());
        }
        return names;
    }

    private static StringBuilder header(int width, int height, String title) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">%n",
                width, height, width, height));
        sb.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", width, height));
        sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"22\" font-size=\"15\" font-weight=\"bold\" text-anchor=\"middle\" %s>%s</text>%n",
                width / 2, FONT, esc(title)));
        return sb;
    }

    private static void legend(StringBuilder sb, int x, int y, List<String> names) {
        for (int i = 0; i < names.size(); i++) {
            int col = i % 3;
            int row = i / 3;
            int lx = x + col * 200;
            int ly = y + row * 18;
            sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>%n",
                    lx, ly - 10, COLORS[i % COLORS.length]));
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" %s>%s</text>%n",
                    lx + 16, ly, FONT, esc(names.get(i))));
        }
    }

    private static double scale(double v, double lo, double hi, boolean log) {
        if (log) {
            double l = Math.log10(Math.max(v, lo));
            return (l - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo));
        }
        return (v - lo) / (hi - lo);
    }

    private static double niceMax(double max) {
        if (max <= 0) {
            return 1;
        }
        double mag = Math.pow(10, Math.floor(Math.log10(max)));
        for (double m : new double[] {1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10}) {
            if (m * mag >= max) {
                return m * mag;
            }
        }
        return 10 * mag;
    }
}
