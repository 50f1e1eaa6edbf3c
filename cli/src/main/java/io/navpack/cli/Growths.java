package io.navpack.cli;

import io.navpack.documents.Growth;

import java.io.PrintStream;
import java.util.List;

/** The growths of a document schema as the load and convert summaries print them: one line each. */
final class Growths {
    /** Lines printed at most; the count of the others follows. */
    static final int MAX_LINES = 20;

    private Growths() {
    }

    static void print(PrintStream out, List<Growth> growths) {
        for (int i = 0; i < Math.min(MAX_LINES, growths.size()); i++) {
            out.println("  " + growths.get(i));
        }
        if (growths.size() > MAX_LINES) {
            out.println("  and " + (growths.size() - MAX_LINES) + " more");
        }
    }
}
