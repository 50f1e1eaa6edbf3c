package io.navpack.cli;

import com.hazelcast.core.HazelcastInstance;
import io.navpack.sizing.ClusterIndexReport;
import io.navpack.sizing.IndexSizer;
import io.navpack.sizing.IndexSpec;
import io.navpack.sizing.SizingMode;
import io.navpack.sizing.SizingOptions;
import io.navpack.sizing.WhatIfOptions;
import io.navpack.sizing.WhatIfReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

@Command(name = "size", mixinStandardHelpOptions = true,
        description = {"Prints how much heap every index of a running cluster holds, per member, with the values cache",
                "the indexes cause; or, with --what-if, what an index would cost before it is created.", "",
                "Connects as a client; members need navpack-index-sizer and the navpack agent. Exit code 4 when",
                "a member did not answer or could not size its indexes."})
final class SizeCommand implements Callable<Integer> {
    enum Format { table, json, csv }

    @Mixin
    ClusterOptions cluster;

    @Option(names = "--format", defaultValue = "table", description = "table, json or csv (default: ${DEFAULT-VALUE}; "
            + "--what-if: table or json).")
    Format format;

    @Option(names = "--maps", split = ",", description = "Maps to size (default: all user maps).")
    List<String> maps;

    @Option(names = "--timeout", defaultValue = "120", paramLabel = "seconds",
            description = "How long members may take (default: ${DEFAULT-VALUE} s).")
    int timeout;

    @Option(names = "--what-if", paramLabel = "'MAP TYPE ATTRIBUTE[,ATTRIBUTE...]'",
            description = {"Predict, without creating it, what an index would cost per member and in total: its heap",
                    "and the values cache it would start, e.g. --what-if 'trades HASH currency1' or",
                    "--what-if 'trades SORTED currency1,amount1' (composite). TYPE: HASH, SORTED or BITMAP. Repeatable."})
    List<String> whatIf;

    @Option(names = "--sample", defaultValue = "20000", paramLabel = "entries",
            description = "--what-if: entries per member the prediction is built from (default: ${DEFAULT-VALUE}).")
    int sample;

    @Option(names = "--cpu-share", defaultValue = "1", paramLabel = "share",
            description = "Share of one core the sizing may use on each member, in (0, 1], e.g. 0.25 (default: ${DEFAULT-VALUE}: no cap).")
    double cpuShare;

    @Option(names = "--mode", defaultValue = "bounded", paramLabel = "mode",
            description = "bounded (default: the sizing's own heap stays within --max-sizer-heap) or full-graph "
                    + "(remembers every object: memory grows with the maps).")
    String mode;

    @Option(names = "--max-sizer-heap", defaultValue = "64", paramLabel = "MiB",
            description = "Heap the sizing may hold for its own bookkeeping on each member (default: ${DEFAULT-VALUE} MiB).")
    long maxSizerHeapMiB;

    @Option(names = "--indexes-only", description = "Size only the indexes, not the maps' data (faster; no values cache figure).")
    boolean indexesOnly;

    @Override
    public Integer call() {
        SizingOptions options = options();
        List<IndexSpec> specs = new ArrayList<>();
        if (whatIf != null) {
            if (format == Format.csv) {
                throw new CliException(Main.USAGE, "--what-if prints a table or JSON: use --format table or --format json");
            }
            for (String w : whatIf) {
                try {
                    specs.add(IndexSpec.parse(w));
                } catch (IllegalArgumentException e) {
                    throw new CliException(Main.USAGE, "--what-if " + e.getMessage(), e);
                }
            }
        }
        HazelcastInstance client = cluster.connect();
        try {
            IndexSizer sizer = IndexSizer.forInstance(client).withOptions(options);
            if (!specs.isEmpty()) {
                return whatIf(sizer, specs, options);
            }
            ClusterIndexReport report = sizer.size(Duration.ofSeconds(timeout));
            switch (format) {
                case json: System.out.println(report.toJson()); break;
                case csv: System.out.print(report.toCsv()); break;
                default: System.out.println(report.toTable()); break;
            }
            return report.complete() ? Main.OK : Main.INCOMPLETE;
        } finally {
            client.shutdown();
        }
    }

    private int whatIf(IndexSizer sizer, List<IndexSpec> specs, SizingOptions options) {
        WhatIfOptions w;
        try {
            w = WhatIfOptions.defaults().withSampleEntries(sample).withCpuShare(options.cpuShare());
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.USAGE, "--sample: " + e.getMessage(), e);
        }
        boolean complete = true;
        List<String> json = new ArrayList<>();
        for (IndexSpec spec : specs) {
            WhatIfReport report = sizer.whatIf(spec.map(), spec.index(), w, Duration.ofSeconds(timeout));
            complete &= report.complete();
            if (format == Format.json) {
                json.add(report.toJson());
            } else {
                System.out.println(report.toTable());
            }
        }
        if (format == Format.json) {
            System.out.println(json.size() == 1 ? json.get(0) : "[" + String.join(",", json) + "]");
        }
        return complete ? Main.OK : Main.INCOMPLETE;
    }

    private SizingOptions options() {
        SizingOptions options = SizingOptions.defaults();
        if (maps != null && !maps.isEmpty()) {
            options = options.withMapNames(maps.toArray(new String[0]));
        }
        SizingMode sizingMode;
        switch (mode.toLowerCase(Locale.ROOT).replace('_', '-')) {
            case "bounded": sizingMode = SizingMode.BOUNDED; break;
            case "full-graph": sizingMode = SizingMode.FULL_GRAPH; break;
            default: throw new CliException(Main.USAGE, "--mode must be bounded or full-graph: " + mode);
        }
        try {
            return options.withMode(sizingMode).withCpuShare(cpuShare).withMaxSizerHeapBytes(maxSizerHeapMiB << 20)
                    .withIncludeData(!indexesOnly);
        } catch (IllegalArgumentException e) {
            throw new CliException(Main.USAGE, e.getMessage() + String.format(Locale.ROOT,
                    " (--cpu-share %s, --max-sizer-heap %d)", cpuShare, maxSizerHeapMiB), e);
        }
    }
}
