package io.navpack.hazelcast;

import com.hazelcast.client.HazelcastClient;
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
}
