package io.navpack.cli;

import com.hazelcast.core.HazelcastInstance;
import io.navpack.sizing.ClusterIndexReport;
import io.navpack.sizing.IndexSizer;
import io.navpack.sizing.SizingOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "size", mixinStandardHelpOptions = true,
        description = {"Prints how much heap every index of a running cluster holds, per member.", "",
                "Connects as a client; members need navpack-index-sizer and the navpack agent. Exit code 4 when",
                "a member did not answer or could not size its indexes."})
final class SizeCommand implements Callable<Integer> {
    enum Format { table, json, csv }

    @Mixin
    ClusterOptions cluster;

    @Option(names = "--format", defaultValue = "table", description = "table, json or csv (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--maps", split = ",", description = "Maps to size (default: all user maps).")
    List<String> maps;

    @Option(names = "--timeout", defaultValue = "120", paramLabel = "seconds",
            description = "How long members may take (default: ${DEFAULT-VALUE} s).")
    int timeout;

    @Override
    public Integer call() {
        HazelcastInstance client = cluster.connect();
        try {
            SizingOptions options = SizingOptions.defaults();
            if (maps != null && !maps.isEmpty()) {
                options = options.withMapNames(maps.toArray(new String[0]));
            }
            ClusterIndexReport report = IndexSizer.forInstance(client).withOptions(options).size(Duration.ofSeconds(timeout));
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
}
