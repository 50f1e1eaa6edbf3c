package io.navpack.cli;

import io.navpack.cli.table.SqlTable;
import com.hazelcast.core.HazelcastInstance;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.concurrent.Callable;

@Command(name = "sql", mixinStandardHelpOptions = true,
        description = {"Runs SQL statements against a running cluster and prints the answers as tables.", "",
                "Map a navpack map first: navpack sql --cluster 127.0.0.1:5701 \"CREATE MAPPING trades TYPE NavpackMap\"",
                "then query it:           navpack sql --cluster 127.0.0.1:5701 \"SELECT currency1, COUNT(*) FROM trades GROUP BY currency1\"",
                "Members need hazelcast-sql, navpack-sql and Jet enabled."})
final class SqlCommand implements Callable<Integer> {
    @Mixin
    ClusterOptions cluster;

    @Parameters(arity = "1..*", paramLabel = "STATEMENT", description = "One or more SQL statements, run in order.")
    String[] statements;

    @Option(names = "--json", description = "Print each answer as JSON (an array of row objects) instead of a table.")
    boolean json;

    @Option(names = "--max-rows", defaultValue = "1000", paramLabel = "n",
            description = "Print at most this many rows of a query (default: ${DEFAULT-VALUE}).")
    int maxRows;

    @Override
    public Integer call() {
        if (maxRows < 1) {
            throw new CliException(Main.USAGE, "--max-rows must be at least 1");
        }
        HazelcastInstance client = cluster.connect();
        try {
            for (String statement : statements) {
                SqlTable t = SqlTable.execute(client, statement, maxRows);
                System.out.print(json ? t.toJson() + "\n" : t.toTable());
            }
            return Main.OK;
        } finally {
            client.shutdown();
        }
    }
}
