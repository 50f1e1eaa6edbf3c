package io.navpack.cli;

import java.io.PrintStream;
import java.util.Locale;

/**
 * A progress bar on stderr: files done of all, bytes read, rate. Redrawn in place on a terminal; elsewhere
 * (a log, a pipe) a line now and then, so that logs stay short.
 */
final class Progress {
    private final PrintStream err;
    private final long totalFiles;
    private final long totalBytes;
    private final boolean terminal;
    private final String unit;
    private final long start = System.nanoTime();
    private long lastDraw;
    private long files;
    private long bytes;
    private boolean drawn;

    Progress(PrintStream err, long totalFiles, long totalBytes) {
        this(err, totalFiles, totalBytes, "files");
    }

    /**
     * A bar of {@code total} items named {@code unit} ("files", "entries"); with a negative {@code total}, a count
     * of items whose total is not known beforehand ("entries matching --where").
     */
    Progress(PrintStream err, long totalFiles, long totalBytes, String unit) {
        this.unit = unit;
        this.err = err;
        this.totalFiles = totalFiles;
        this.totalBytes = totalBytes;
        this.terminal = System.console() != null;
    }

    void advance(long fileBytes) {
        files++;
        bytes += fileBytes;
        long now = System.nanoTime();
        if (files == totalFiles || now - lastDraw > (terminal ? 100_000_000L : 2_000_000_000L)) {
            lastDraw = now;
            draw(now);
        }
    }

    private void draw(long now) {
        int width = 30;
        int done = totalBytes == 0 ? width : (int) Math.min(width, width * bytes / totalBytes);
        double seconds = (now - start) / 1e9;
        String line = totalFiles < 0
                ? String.format(Locale.ROOT, "%d %s, %s, %.1f s", files, unit, bytes(bytes), seconds)
                : String.format(Locale.ROOT, "[%s%s] %d/%d %s, %s, %.1f s", "=".repeat(done), " ".repeat(width - done),
                        files, totalFiles, unit, bytes(bytes), seconds);
        if (terminal) {
            err.print("\r" + line);
        } else {
            err.println(line);
        }
        drawn = true;
        err.flush();
    }

    void finish() {
        if (totalFiles < 0 && files > 0) {
            draw(System.nanoTime()); // the last count: no item said it was the last
        }
        if (drawn && terminal) {
            err.println();
        }
    }

    static String bytes(long n) {
        if (n < 10_000) {
            return n + " B";
        }
        if (n < 10_000_000) {
            return String.format(Locale.ROOT, "%.1f KB", n / 1e3);
        }
        return String.format(Locale.ROOT, "%.1f MB", n / 1e6);
    }
}
