package io.navpack.sizing;

import com.hazelcast.config.Config;
import com.hazelcast.config.IndexConfig;
import com.hazelcast.config.IndexType;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.query.Predicates;
import io.navpack.format.NavpackType;
import io.navpack.hazelcast.NavpackConfig;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The data figure of a map of navpack values (messages with a list of transactions) stays what the entries hold
 * when an index is created and queried: the records' cached values that the index starts are the values cache,
 * reported beside the data, in both sizing modes.
 */
class DataFigureTest {
    private static final int N = 3_000;
    private static HazelcastInstance member;

    @NavpackType(id = 70, name = "SizedMessage")
    public record Message(String id, List<Tx> txs) {
    }

    @NavpackType(id = 71, name = "SizedTx")
    public record Tx(String bic, BigDecimal amount, String ccy) {
    }

    @BeforeAll
    static void start() {
        int port = TestConfigs.freePort();
        Config config = NavpackConfig.of(Message.class, Tx.class)
                .applyTo(TestConfigs.member("data-figure-" + port, port, List.of(port)));
        member = Hazelcast.newHazelcastInstance(config);
    }

    @AfterAll
    static void stop() {
        if (member != null) {
            member.shutdown();
        }
    }

    private static MapReport size(String map, SizingMode mode) {
        MemberIndexReport r = IndexSizer.sizeLocalMember(member,
                SizingOptions.defaults().withMapNames(map).withIncludeBackups(false).withMode(mode));
        assertThat(r.status()).isEqualTo(MemberStatus.OK);
        assertThat(r.map(map).complete()).as(r.map(map).reason()).isTrue();
        return r.map(map);
    }

    @Test
    void creatingAndQueryingAnIndexLeavesTheDataFigureAndReportsTheValuesCacheBesideIt() {
        IMap<String, Message> map = member.getMap("messages");
        Random r = new Random(5);
        String[] bics = {"DEUTDEFFXXX", "BNPAFRPPXXX", "COBADEFFXXX", "NWBKGB2LXXX", "UBSWCHZH80A"};
        for (int i = 0; i < N; i++) {
            List<Tx> txs = new ArrayList<>();
            for (int k = 1 + r.nextInt(3); k > 0; k--) {
                txs.add(new Tx(bics[r.nextInt(bics.length)], BigDecimal.valueOf(r.nextInt(1_000_000), 2), "EUR"));
            }
            map.set("m" + i, new Message("m" + i, txs));
        }
        MapReport boundedBefore = size("messages", SizingMode.BOUNDED);
        MapReport fullBefore = size("messages", SizingMode.FULL_GRAPH);
        assertThat(boundedBefore.cachedValues()).isZero();
        assertThat(boundedBefore.cachedValuesHeapBytes()).isZero();

        map.addIndex(new IndexConfig(IndexType.HASH, "txs[any].bic").setName("bic"));
        assertThat(map.values(Predicates.equal("txs[any].bic", bics[0]))).isNotEmpty();
        MapReport bounded = size("messages", SizingMode.BOUNDED);
        MapReport full = size("messages", SizingMode.FULL_GRAPH);
        System.out.printf("data %,d -> %,d B (bounded), %,d -> %,d B (full graph); values cache %,d values, %,d B "
                        + "(bounded), %,d B (full graph); index %,d B%n", boundedBefore.dataHeapBytes(),
                bounded.dataHeapBytes(), fullBefore.dataHeapBytes(), full.dataHeapBytes(), bounded.cachedValues(),
                bounded.cachedValuesHeapBytes(), full.cachedValuesHeapBytes(), bounded.indexesHeapBytes());

        assertThat(fullBefore.cachedValuesHeapBytes()).isZero();
        // nothing was put: the entries hold what they held; only each partition's storage now keeps the entry-set
        // view Hazelcast created to iterate it while it built the index (24 bytes a partition on 64-bit JVMs)
        long partitions = member.getPartitionService().getPartitions().size();
        assertThat(bounded.dataHeapBytes() - boundedBefore.dataHeapBytes()).isBetween(0L, 32 * partitions);
        assertThat(full.dataHeapBytes()).isEqualTo(bounded.dataHeapBytes());
        assertThat(fullBefore.dataHeapBytes()).isEqualTo(boundedBefore.dataHeapBytes());
        // the index made every record cache its value: that is the values cache, in both modes alike
        assertThat(bounded.cachedValues()).isEqualTo(N);
        assertThat(bounded.cachedValuesHeapBytes()).isGreaterThanOrEqualTo(N * 16L);
        assertThat(full.cachedValuesHeapBytes()).isEqualTo(bounded.cachedValuesHeapBytes());
        assertThat(bounded.indexingCostBytes()).isEqualTo(bounded.indexesHeapBytes() + bounded.cachedValuesHeapBytes());
    }
}
