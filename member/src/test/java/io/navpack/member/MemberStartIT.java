package io.navpack.member;

import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicates;
import com.hazelcast.sql.SqlRow;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.sizing.ClusterIndexReport;
import io.navpack.sizing.IndexSizer;
import io.navpack.sizing.MemberStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two members started exactly as the user guide says ({@code member-java} and {@code member-start-yaml} of
 * docs/user-guide.md): the packaged navpack-member jar on the class path and as the agent, Hazelcast's own jars
 * beside it, the guide's configuration with this test's ports. A client stores the seed trades and the members answer
 * plain-name queries, an indexed query and SQL like the trades filtered in memory, and size their indexes with the
 * agent of the member jar.
 */
class MemberStartIT {
    private static final Path GUIDE = Path.of("..", "docs", "user-guide.md");
    private final List<Process> members = new ArrayList<>();

    @AfterEach
    void stop() {
        HazelcastClient.shutdownAll();
        for (Process p : members) {
            p.destroyForcibly();
        }
    }

    static String snippet(String id) throws IOException {
        String doc = Files.readString(GUIDE, StandardCharsets.UTF_8);
        int marker = doc.indexOf("<!-- snippet: " + id + " -->");
        assertThat(marker).as("snippet %s in user-guide.md", id).isNotNegative();
        int start = doc.indexOf('\n', doc.indexOf("```", marker)) + 1;
        return doc.substring(start, doc.indexOf("```", start));
    }

    /** The guide's command line, its file names replaced by this build's files, as a list of arguments. */
    private static List<String> command(Path config) throws IOException {
        String version = System.getProperty("navpack.member.jar").replaceAll(".*navpack-member-(.*)\\.jar", "$1");
        Path jar = Path.of(System.getProperty("navpack.member.jar")).toAbsolutePath();
        Path hazelcast = Path.of(System.getProperty("navpack.member.hazelcast")).toAbsolutePath();
        String line = snippet("member-java").replace("\\\n", " ")
                .replace("navpack-member-" + version + ".jar", jar.toString())
                .replace("hazelcast-5.7.0.jar", hazelcast.resolve("hazelcast-5.7.0.jar").toString())
                .replace("hazelcast-sql-5.7.0.jar", hazelcast.resolve("hazelcast-sql-5.7.0.jar").toString())
                .replace("hazelcast.yaml", config.toAbsolutePath().toString()).trim();
        List<String> args = new ArrayList<>(List.of(line.split("\\s+")));
        assertThat(args.get(0)).isEqualTo("java");
        args.set(0, Path.of(System.getProperty("java.home"), "bin", "java").toString());
        args.add(1, "-Xmx256m");
        return args;
    }

    @Test
    void twoMembersStartedAsTheGuideSaysServeQueriesSqlAndSizing() throws Exception {
        String cluster = Loopback.clusterName();
        int[] ports = {Loopback.freePort(), Loopback.freePort()};
        Path dir = Files.createDirectories(Path.of("target", "member-start", cluster));
        List<Path> logs = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            String yaml = snippet("member-start-yaml").replace("cluster-name: dev", "cluster-name: " + cluster)
                    .replace("port: 5701", "port: " + ports[i])
                    .replace("127.0.0.1:5701", "127.0.0.1:" + ports[0]).replace("127.0.0.1:5702", "127.0.0.1:" + ports[1]);
            assertThat(yaml).contains("cluster-name: " + cluster);
            Path config = dir.resolve("hazelcast-" + i + ".yaml");
            Files.writeString(config, yaml, StandardCharsets.UTF_8);
            Path log = dir.resolve("member-" + i + ".log");
            logs.add(log);
            members.add(new ProcessBuilder(command(config)).redirectErrorStream(true).redirectOutput(log.toFile()).start());
        }
        for (Path log : logs) {
            awaitLine(log, "active on this member"); // navpack says it when the member has started
        }
        String guide = Files.readString(GUIDE, StandardCharsets.UTF_8);
        String said = "Each member says in its log that navpack is active and how:\n`";
        int at = guide.indexOf(said) + said.length();
        String line = guide.substring(at, guide.indexOf('`', at));
        assertThat(line).startsWith("navpack ").contains("active on this member");
        for (Path log : logs) {
            assertThat(Files.readString(log)).as("the start-up line as the guide shows it").contains(line)
                    .as("the agent gives Hazelcast the JDK access it asks for").doesNotContain("without proper access");
        }

        HazelcastInstance client = HazelcastClient.newHazelcastClient(
                Loopback.client(NavpackConfig.of(Trade.class).applyTo(new ClientConfig()), cluster, ports));
        List<Trade> trades = SeedTrades.load();
        IMap<Long, Trade> map = client.getMap("trades");
        for (Trade t : trades) {
            map.put(t.id(), t);
        }
        assertThat(ids(map.values(Predicates.equal("currency1", "EUR")))).isEqualTo(
                trades.stream().filter(t -> t.currency1().equals("EUR")).map(Trade::id).collect(Collectors.toCollection(TreeSet::new)));
        map.addIndex(IndexType.SORTED, "amount1");
        BigDecimal limit = new BigDecimal("5000000");
        assertThat(ids(map.values(Predicates.greaterThan("amount1", limit)))).isEqualTo(
                trades.stream().filter(t -> t.amount1().compareTo(limit) > 0).map(Trade::id)
                        .collect(Collectors.toCollection(TreeSet::new)));

        client.getSql().execute("CREATE MAPPING trades TYPE NavpackMap");
        Set<Long> bySql = new TreeSet<>();
        for (SqlRow row : client.getSql().execute("SELECT id FROM trades WHERE buySell = 'BUY'")) {
            bySql.add(row.getObject("id"));
        }
        assertThat(bySql).isEqualTo(trades.stream().filter(t -> t.buySell().name().equals("BUY")).map(Trade::id)
                .collect(Collectors.toCollection(TreeSet::new)));

        ClusterIndexReport sized = IndexSizer.forInstance(client).size(Duration.ofSeconds(60));
        assertThat(sized.members()).hasSize(2).allSatisfy(m -> assertThat(m.status()).isEqualTo(MemberStatus.OK));
    }

    private static Set<Long> ids(Collection<Trade> values) {
        return values.stream().map(Trade::id).collect(Collectors.toCollection(TreeSet::new));
    }

    private static void awaitLine(Path log, String text) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.exists(log) && Files.readString(log).contains(text)) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no '" + text + "' in " + log + " within 90 s:\n"
                + (Files.exists(log) ? Files.readString(log) : "(no log)"));
    }
}
