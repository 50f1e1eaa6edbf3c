package io.navpack.documents.hazelcast;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.aggregation.Aggregators;
import com.hazelcast.projection.Projections;
import com.hazelcast.query.Predicate;
import com.hazelcast.query.Predicates;
import com.hazelcast.sql.SqlResult;
import com.hazelcast.sql.SqlRow;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.SchemaInference;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.MemberJvm;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.ReadMode;
import io.navpack.format.PackedRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shared FpML documents loaded into two member JVMs (no classes, no document module on the members): plain-name
 * predicates, indexes, projections and aggregations on nested paths with {@code [any]}, and SQL over a
 * {@code NavpackMap} mapping with nested dotted columns, each against an oracle over the documents parsed as DOM
 * trees. The values compared are the most frequent ones of the documents, whatever documents the set holds.
 */
class DocumentQueriesTest {
    static final List<MemberJvm> members = new ArrayList<>();
    static HazelcastInstance client;
    static IMap<String, PackedRecord> map;
    static Map<String, Element> oracle;

    /** Starts a member JVM with Jet on each of {@code ports}, each in a directory of its own below {@code work}. */
    static List<CompletableFuture<MemberJvm>> startMembers(String cluster, int[] ports, Path work) {
        List<CompletableFuture<MemberJvm>> starting = new ArrayList<>();
        for (int i = 0; i < ports.length; i++) {
            String xml = Loopback.memberXml(cluster, ports[i], ports, "<jet enabled=\"true\"><instance>"
                    + "<cooperative-thread-count>2</cooperative-thread-count></instance></jet>");
            String name = "member-" + (i + 1);
            // each in a directory of its own: a member's start writes its class path there
            starting.add(CompletableFuture.supplyAsync(() -> MemberJvm.start(name, xml, (Path) null, work.resolve(name))));
        }
        return starting;
    }

    @BeforeAll
    static void load() throws Exception {
        String cluster = Loopback.clusterName();
        int[] ports = {Loopback.freePort(), Loopback.freePort()};
        Path work = Path.of("target", "queries", cluster);
        // the members start side by side while this JVM parses the documents
        List<CompletableFuture<MemberJvm>> starting = startMembers(cluster, ports, work);
        oracle = FpmlSet.parse();
        DocumentSchema schema = SchemaInference.of(DocumentFormat.XML).name("fpml").addPath(FpmlSet.dir()).infer();
        for (CompletableFuture<MemberJvm> m : starting) {
            members.add(m.join());
        }
        client = HazelcastClient.newHazelcastClient(Loopback.client(
                NavpackConfig.of().readMode(ReadMode.RECORD).applyTo(new ClientConfig()), cluster, ports));
        try (DocumentLoader loader = DocumentLoader.into(client, "fpml", schema).build()) {
            for (Path f : FpmlSet.files()) {
                loader.load(DocumentFormat.XML, Files.readAllBytes(f), f.toString(), FpmlSet.key(f));
            }
            assertThat(loader.flush(1, TimeUnit.MINUTES)).isTrue();
            loader.checkStored();
        }
        map = client.getMap("fpml");
        assertThat(map.size()).isEqualTo(oracle.size());
    }

    @AfterAll
    static void stop() {
        if (client != null) {
            client.shutdown();
        }
        members.forEach(MemberJvm::close);
    }

    /** The keys of the documents that have {@code value} at {@code path}. */
    static Set<String> expected(String path, java.util.function.Predicate<String> test) {
        return oracle.entrySet().stream().filter(e -> FpmlSet.values(e.getValue(), path).stream().anyMatch(test))
                .map(Map.Entry::getKey).collect(Collectors.toCollection(TreeSet::new));
    }

    /** The {@code n} most frequent texts at a path over all documents. */
    static List<String> frequent(String path, int n) {
        Map<String, Long> counts = oracle.values().stream().flatMap(r -> FpmlSet.values(r, path).stream())
                .collect(Collectors.groupingBy(Function.identity(), TreeMap::new, Collectors.counting()));
        assertThat(counts).as("values at " + path).isNotEmpty();
        return counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()
                .thenComparing(Map.Entry.comparingByKey())).limit(n).map(Map.Entry::getKey).toList();
    }

    static Set<String> keys(Predicate<String, PackedRecord> p) {
        return new TreeSet<>(map.keySet(p));
    }

    static final String TRADE_DATE = "trade.tradeHeader.tradeDate";
    static final String PARTY_NAME = "party[any].partyName";
    static final String TRADE_ID = "trade.tradeHeader.partyTradeIdentifier[any].tradeId[any]";

    void plainNamePredicatesMatchTheOracle() {
        for (String path : List.of(TRADE_DATE, PARTY_NAME, TRADE_ID, "party[any].partyId[any]")) {
            for (String v : frequent(path, 3)) {
                assertThat(keys(Predicates.equal(path, v))).as(path + " = " + v).isEqualTo(expected(path, v::equals))
                        .isNotEmpty();
            }
            assertThat(keys(Predicates.equal(path, "no such value"))).as(path).isEmpty();
        }
        String since = frequent(TRADE_DATE, 1).get(0);
        assertThat(keys(Predicates.sql(TRADE_DATE + " >= '" + since + "' AND fpmlVersion = '5-12'")))
                .isEqualTo(oracle.entrySet().stream()
                        .filter(e -> FpmlSet.values(e.getValue(), TRADE_DATE).stream().anyMatch(d -> d.compareTo(since) >= 0)
                                && "5-12".equals(e.getValue().getAttribute("fpmlVersion")))
                        .map(Map.Entry::getKey).collect(Collectors.toCollection(TreeSet::new)));
        String party = frequent(PARTY_NAME, 1).get(0);
        assertThat(keys(Predicates.sql(PARTY_NAME + " = '" + party.replace("'", "''") + "' OR " + TRADE_DATE + " = '" + since + "'")))
                .isEqualTo(union(expected(PARTY_NAME, party::equals), expected(TRADE_DATE, since::equals)));
    }

    static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> u = new TreeSet<>(a);
        u.addAll(b);
        return u;
    }

    @Test
    void predicatesIndexesProjectionsAndAggregationsMatchTheOracle() {
        plainNamePredicatesMatchTheOracle();

        // projections and aggregations on nested paths
        // (Hazelcast cannot send back what a path through a missing record reads: project where there is a value)
        List<String> projected = map.project(Projections.singleAttribute(TRADE_DATE), Predicates.greaterEqual(TRADE_DATE, ""))
                .stream().map(String::valueOf).sorted().toList();
        List<String> oracleDates = oracle.values().stream().flatMap(r -> FpmlSet.values(r, TRADE_DATE).stream().limit(1))
                .sorted().toList();
        assertThat(projected).isEqualTo(oracleDates);
        assertThat((String) map.aggregate(Aggregators.comparableMax(TRADE_DATE))).isEqualTo(oracleDates.stream()
                .max(Comparator.naturalOrder()).orElseThrow());
        List<String> versions = map.project(Projections.singleAttribute("fpmlVersion")).stream().map(String::valueOf)
                .sorted().toList();
        assertThat(versions).isEqualTo(oracle.values().stream().map(r -> r.hasAttribute("fpmlVersion")
                ? r.getAttribute("fpmlVersion") : "null").sorted().toList());
        assertThat((String) map.aggregate(Aggregators.comparableMin(TRADE_DATE), Predicates.equal("fpmlVersion", "5-12")))
                .isEqualTo(oracle.values().stream().filter(r -> "5-12".equals(r.getAttribute("fpmlVersion")))
                        .flatMap(r -> FpmlSet.values(r, TRADE_DATE).stream()).min(Comparator.naturalOrder()).orElseThrow());
        String party = frequent(PARTY_NAME, 1).get(0);
        assertThat(map.aggregate(Aggregators.count(), Predicates.equal(PARTY_NAME, party)))
                .isEqualTo(expected(PARTY_NAME, party::equals).size());

        // the same answers through indexes
        map.addIndex(IndexType.SORTED, TRADE_DATE);
        map.addIndex(IndexType.HASH, PARTY_NAME);
        map.addIndex(IndexType.HASH, TRADE_ID);
        plainNamePredicatesMatchTheOracle();
    }

    @Test
    void sqlWithNestedDottedColumnsMatchesTheOracle() {
        sql("CREATE OR REPLACE MAPPING fpml TYPE NavpackMap OPTIONS ('valueNavpackType' = 'fpml.dataDocument', 'keyFormat' = 'varchar')");
        String since = frequent(TRADE_DATE, 3).get(2);
        Map<String, String> rows = new TreeMap<>();
        for (List<Object> r : sql("SELECT __key, \"trade.tradeHeader.tradeDate\", fpmlVersion FROM fpml"
                + " WHERE \"trade.tradeHeader.tradeDate\" >= ? ORDER BY __key", since)) {
            rows.put((String) r.get(0), r.get(1) + " " + r.get(2));
        }
        Map<String, String> expected = new TreeMap<>();
        // the mapping's columns are read by field name from every value, whatever its root type
        oracle.forEach((k, root) -> {
            List<String> d = FpmlSet.values(root, TRADE_DATE);
            if (!d.isEmpty() && d.get(0).compareTo(since) >= 0) {
                expected.put(k, d.get(0) + " " + root.getAttribute("fpmlVersion"));
            }
        });
        assertThat(rows).isEqualTo(expected).isNotEmpty();

        Map<String, Long> byDate = new TreeMap<>();
        for (List<Object> r : sql("SELECT \"trade.tradeHeader.tradeDate\" AS d, COUNT(*) FROM fpml"
                + " WHERE \"trade.tradeHeader.tradeDate\" IS NOT NULL GROUP BY \"trade.tradeHeader.tradeDate\"")) {
            byDate.put((String) r.get(0), (Long) r.get(1));
        }
        Map<String, Long> oracleByDate = oracle.values().stream()
                .flatMap(r -> FpmlSet.values(r, TRADE_DATE).stream().limit(1))
                .collect(Collectors.groupingBy(Function.identity(), TreeMap::new, Collectors.counting()));
        assertThat(byDate).isEqualTo(oracleByDate);
    }

    static List<List<Object>> sql(String statement, Object... args) {
        List<List<Object>> out = new ArrayList<>();
        try (SqlResult r = client.getSql().execute(statement, args)) {
            if (!r.isRowSet()) {
                return out;
            }
            int n = r.getRowMetadata().getColumnCount();
            for (SqlRow row : r) {
                List<Object> values = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    values.add(row.getObject(i));
                }
                out.add(values);
            }
        }
        return out;
    }
}
