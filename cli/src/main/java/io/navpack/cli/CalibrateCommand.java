package io.navpack.cli;

import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.hazelcast.cluster.Member;
import com.hazelcast.core.HazelcastInstance;
import io.navpack.extract.CalibrationTask;
import io.navpack.extract.Calibrator;
import io.navpack.format.Navpack;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

@Command(name = "calibrate", mixinStandardHelpOptions = true,
        description = {"Prints the measured break-even of registered schemas.", "",
                "On every member of a running cluster (re-measured on values of the given maps),",
                "or without --cluster in this JVM for the demo's trade."})
final class CalibrateCommand implements Callable<Integer> {
    @ArgGroup(exclusive = false)
    ClusterOptions cluster;

    @Option(names = "--maps", split = ",", defaultValue = "trades", description = "Maps to sample values from (default: ${DEFAULT-VALUE}).")
    List<String> maps;

    @Override
    public Integer call() throws Exception {
        List<String[]> rows = new ArrayList<>();
        if (cluster == null) {
            Navpack navpack = Navpack.of(Trade.class);
            Calibrator.Result r = Calibrator.measure(navpack.view(navpack.encode(TradeGenerator.trade(1))));
            rows.add(new String[] {"this JVM", "Trade v1", Integer.toString(r.breakEven()), "false",
                    String.format(Locale.ROOT, "%.0f", r.fullNanos()), String.format(Locale.ROOT, "%.1f", r.singleNanos())});
        } else {
            HazelcastInstance client = cluster.connect();
            try {
                Map<Member, Future<List<String[]>>> answers = client.getExecutorService("__navpack")
                        .submitToAllMembers(new CalibrationTask(maps));
                for (Future<List<String[]>> f : answers.values()) {
                    rows.addAll(f.get(60, TimeUnit.SECONDS));
                }
            } finally {
                client.shutdown();
            }
        }
        System.out.printf(Locale.ROOT, "%-24s %-24s %10s %7s %12s %12s%n", "member", "schema", "break-even", "pinned",
                "full (ns)", "field (ns)");
        for (String[] r : rows) {
            System.out.printf(Locale.ROOT, "%-24s %-24s %10s %7s %12s %12s%n", (Object[]) r);
        }
        return Main.OK;
    }
}
