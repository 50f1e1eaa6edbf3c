package io.navpack.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicates;
import com.hazelcast.sql.SqlRow;
import io.navpack.hazelcast.NavpackConfig;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The member image of the distribution's Dockerfile ({@code dist/src/bundle/Dockerfile}: the official Hazelcast image
 * with navpack's member jar on {@code CLASSPATH} and as the agent in {@code JAVA_OPTS}), built here {@code FROM scratch}
 * in the official image's layout with the host JDK ({@link MemberDockerfile}; nothing is pulled). Two members start
 * from it with a configuration given through {@code HAZELCAST_CONFIG}, as the Dockerfile's comment says; they log
 * navpack's start-up line with its agent, and answer plain-name predicates and SQL on navpack values like the same
 * trades filtered in memory.
 */
@Timeout(300)
class MemberImageIT {

    private static final int TRADES = 2_000;

    @Test
    void twoMembersOfTheDistributionsImageAnswerNavpackQueries() {
        DockerSupport.skipReason().ifPresent(reason -> Assumptions.abort(reason));
        String version = System.getProperty("navpack.version");
        MemberDockerfile dockerfile = MemberDockerfile.read(Path.of(System.getProperty("navpack.it.dockerfile")),
                Map.of("project.version", version, "hazelcast.version", System.getProperty("hazelcast.version")));
        assertThat(dockerfile.from()).isEqualTo("hazelcast/hazelcast:" + System.getProperty("hazelcast.version"));
        assertThat(dockerfile.env().get("JAVA_OPTS")).contains("-javaagent:");
        Map<String, Path> context = Map.of("lib/navpack-member-" + version + ".jar",
                Path.of(System.getProperty("navpack.it.memberJar")));

        try (MemberImage image = MemberImage.fromDockerfile(dockerfile, MemberDistribution.assembled(), context);
             HazelcastCluster cluster = HazelcastCluster.builder().name("MemberImageIT").members(2)
                     .memberConfig("member/documents.yaml").image(image).start()) {
            for (ClusterMember member : cluster.members()) {
                assertThat(member.logs()).contains("navpack " + version + " active on this member")
                        .contains("agent: present").doesNotContain("has joined without navpack's jars");
            }
            HazelcastInstance client = cluster.newClient(config -> NavpackConfig.of(Trade.class).applyTo(config));
            IMap<Long, Trade> map = client.getMap("image-trades");
            List<Trade> trades = TradeGenerator.range(1, TRADES);
            Map<Long, Trade> all = new HashMap<>();
            trades.forEach(t -> all.put(t.id(), t));
            map.putAll(all);
            assertThat(map.size()).isEqualTo(TRADES);

            assertThat(new TreeSet<>(map.keySet(Predicates.sql("currency1 = 'EUR' and amount1 > 10000000"))))
                    .isEqualTo(ids(trades, t -> t.currency1().equals("EUR") && t.amount1().compareTo(BigDecimal.valueOf(10_000_000)) > 0))
                    .isNotEmpty();
            client.getSql().execute("CREATE MAPPING \"image-trades\" TYPE NavpackMap");
            Set<Long> bySql = new TreeSet<>();
            for (SqlRow row : client.getSql().execute("SELECT id FROM \"image-trades\" WHERE buySell = 'SELL' AND currency2 = 'USD'")) {
                bySql.add(row.getObject("id"));
            }
            assertThat(bySql).isEqualTo(ids(trades, t -> t.buySell().name().equals("SELL") && t.currency2().equals("USD")))
                    .isNotEmpty();
            cluster.awaitSettled(Duration.ofSeconds(60));
        }
    }

    private static Set<Long> ids(List<Trade> trades, Predicate<Trade> filter) {
        return trades.stream().filter(filter).map(Trade::id).collect(Collectors.toCollection(TreeSet::new));
    }
}
