package io.navpack.hazelcast;

import com.hazelcast.client.HazelcastClient;
import io.navpack.hazelcast.schemas.SchemaService;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.format.PackedRecord;
import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EmbeddedSmokeTest {
    static HazelcastInstance member;
    static HazelcastInstance client;

    @BeforeAll
    static void start() {
        String cluster = Loopback.clusterName();
        int port = Loopback.freePort();
        member = Hazelcast.newHazelcastInstance(Loopback.member(NavpackConfig.of().applyTo(new Config()), cluster, port, port));
        client = HazelcastClient.newHazelcastClient(Loopback.client(NavpackConfig.of(Trade.class).applyTo(new ClientConfig()), cluster, port));
    }

    @AfterAll
    static void stop() {
        if (client != null) client.shutdown();
        if (member != null) member.shutdown();
    }

    @Test
    void putAndGet() {
        IMap<Long, Trade> map = client.getMap("trades");
        for (Trade t : SeedTrades.load()) {
            map.put(t.id(), t);
        }
        assertThat(map.get(1L)).isEqualTo(SeedTrades.load().get(0));
        Object onMember = member.getMap("trades").get(2L);
        assertThat(onMember).isInstanceOf(PackedRecord.class);
        assertThat(((PackedRecord) onMember).getString("currency1")).isEqualTo("USD");
        assertThat(NavpackContext.of(member).registry().schemas()).extracting(s -> s.typeName()).contains("Trade");
    }

    /** Sets the entry's value to a trade with the given id, on the member's partition thread. */
    static final class SetTrade implements com.hazelcast.map.EntryProcessor<Long, Object, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public String process(java.util.Map.Entry<Long, Object> entry) {
            Trade t = SeedTrades.load().get(0);
            entry.setValue(new Trade(entry.getKey(), t.tradeDate(), t.buySell(), t.currency1(), t.amount1(), t.exchangeRate(),
                    t.currency2(), t.amount2(), t.settlementDate()));
            return "ok";
        }
    }

    /** Sets the entry's value to a bean, a class that nobody registered before. */
    static final class SetBean implements com.hazelcast.map.EntryProcessor<Long, Object, String> {
        private static final long serialVersionUID = 1L;

        @Override
        public String process(java.util.Map.Entry<Long, Object> entry) {
            com.acme.trading.Bean b = new com.acme.trading.Bean();
            b.setId(entry.getKey());
            entry.setValue(b);
            return "ok";
        }
    }

    @Test
    void aMemberRegistersItsClassesWhenItStartsAndNeverWaitsForTheCatalogOnAPartitionThread() {
        String cluster = Loopback.clusterName();
        int port = Loopback.freePort();
        HazelcastInstance embedded = Hazelcast.newHazelcastInstance(Loopback.member(
                NavpackConfig.of(Trade.class).asGlobalSerializer(true).applyTo(new Config()), cluster, port, port));
        try {
            IMap<Long, Object> map = embedded.getMap("embedded");
            // Trade was agreed with the cluster when the member started: an entry processor may write it
            assertThat(map.executeOnKey(7L, new SetTrade())).isEqualTo("ok");
            assertThat(((PackedRecord) map.get(7L)).get("id")).isEqualTo(7L);
            assertThat(SchemaService.readCatalog(embedded).schemas()).extracting(s -> s.typeName()).contains("Trade");
            // a class first written inside an entry processor would have to wait for the catalog there: refused
            assertThatThrownBy(() -> map.executeOnKey(8L, new SetBean()))
                    .hasStackTraceContaining("cannot agree the schema of com.acme.trading.Bean with the cluster on a partition thread")
                    .hasStackTraceContaining("navpack.classes");
            assertThat(map.containsKey(8L)).isFalse();
            // written once from an application thread, it can be written there too
            map.put(9L, new com.acme.trading.Bean());
            assertThat(map.executeOnKey(8L, new SetBean())).isEqualTo("ok");
        } finally {
            embedded.shutdown();
        }
    }
}
