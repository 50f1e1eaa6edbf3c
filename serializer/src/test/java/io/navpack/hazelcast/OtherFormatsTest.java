package io.navpack.hazelcast;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.InMemoryYamlConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A value that is not navpack's, put into a map that holds navpack values only ({@code navpack.maps}), by a client
 * that has navpack's jar but no navpack configuration for its class (which Hazelcast then writes as Compact): caught
 * at the put, logged once per map with its key and format, counted, and refused unless the map only warns.
 */
class OtherFormatsTest {
    /** A user's record, which Hazelcast writes as a Compact value when navpack is not configured for it. */
    public record Parcel(long id, String city) {
    }

    private final Logger log = Logger.getLogger(OtherFormats.class.getName());
    private final List<String> logged = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            logged.add(r.getMessage());
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    OtherFormatsTest() {
        log.addHandler(handler);
    }

    @AfterEach
    void stop() {
        log.removeHandler(handler);
        HazelcastClient.shutdownAll();
        Hazelcast.shutdownAll();
    }

    private static HazelcastInstance[] cluster(String maps, String otherFormats) {
        String cluster = Loopback.clusterName();
        int port = Loopback.freePort();
        Config member = Loopback.member(NavpackConfig.of().applyTo(new Config()), cluster, port, port);
        member.setProperty(NavpackSettings.MAPS, maps);
        if (otherFormats != null) {
            member.setProperty(NavpackSettings.OTHER_FORMATS, otherFormats);
        }
        Hazelcast.newHazelcastInstance(member);
        HazelcastInstance navpack = HazelcastClient.newHazelcastClient(
                Loopback.client(NavpackConfig.of(Parcel.class).applyTo(new ClientConfig()), cluster, port));
        HazelcastInstance forgot = HazelcastClient.newHazelcastClient(Loopback.client(new ClientConfig(), cluster, port));
        return new HazelcastInstance[] {navpack, forgot};
    }

    @Test
    void aNavpackOnlyMapRefusesAValueOfAnotherFormatNamingTheKeyAndTheFix() {
        HazelcastInstance[] c = cluster("trades, orders*", null);
        Parcel t = new Parcel(7, "Oslo");
        c[0].<Long, Parcel>getMap("trades").put(1L, t);
        IMap<Long, Parcel> forgot = c[1].getMap("trades");
        assertThatThrownBy(() -> forgot.put(2L, t)).hasMessageContaining("map 'trades' holds navpack values only")
                .hasMessageContaining("navpack.maps").hasMessageContaining("key 2")
                .hasMessageContaining("NavpackConfig.of(YourClass.class)");
        assertThatThrownBy(() -> forgot.put(3L, t)).hasMessageContaining("key 3");
        assertThat(c[0].getMap("trades").size()).as("nothing of the refused puts is stored").isEqualTo(1);
        assertThat(c[0].<Long, Parcel>getMap("trades").get(1L)).isEqualTo(t);
        assertThat(OtherFormats.count("trades")).isEqualTo(2);
        assertThat(logged).filteredOn(m -> m.contains("map 'trades'")).singleElement()
                .satisfies(m -> assertThat(m).contains("key 2"));

        // a pattern covers maps created later, from their first put; a map that is not listed may hold any format
        IMap<Long, Parcel> later = c[1].getMap("orders-eu");
        assertThatThrownBy(() -> later.put(1L, t)).hasMessageContaining("map 'orders-eu'");
        c[1].getMap("mixed").put(1L, t);
        assertThat(c[0].getMap("mixed").size()).isEqualTo(1);
    }

    /**
     * Maps of a pattern, on two members: the very first operation on each map is a put of another format, with no wait
     * for anything, and each is refused (or, where the maps only warn, stored and counted) on whichever member owns
     * its key.
     */
    @Test
    void theFirstPutIntoAMapOfAPatternIsCheckedOnEveryMember() {
        String cluster = Loopback.clusterName();
        int[] ports = {Loopback.freePort(), Loopback.freePort()};
        HazelcastInstance[] members = new HazelcastInstance[ports.length];
        for (int i = 0; i < ports.length; i++) {
            Config member = Loopback.member(NavpackConfig.of().applyTo(new Config()), cluster, ports[i], ports);
            member.setProperty(NavpackSettings.MAPS, "parcels-*");
            member.setProperty(NavpackSettings.OTHER_FORMATS, "refuse");
            members[i] = Hazelcast.newHazelcastInstance(member);
        }
        HazelcastInstance forgot = HazelcastClient.newHazelcastClient(Loopback.client(new ClientConfig(), cluster, ports));
        Parcel t = new Parcel(7, "Oslo");
        Set<UUID> owners = new HashSet<>();
        // a new map per key, until keys of both members were put (and at least six)
        for (long k = 0; k < 100 && (k < 6 || owners.size() < 2); k++) {
            String name = "parcels-" + k;
            long key = k;
            assertThatThrownBy(() -> forgot.getMap(name).put(key, t)).as(name)
                    .hasMessageContaining("map '" + name + "' holds navpack values only").hasMessageContaining("refused");
            owners.add(members[0].getPartitionService().getPartition(key).getOwner().getUuid());
            assertThat(members[0].getMap(name).size()).as(name).isZero();
            assertThat(OtherFormats.count(name)).as(name).isEqualTo(1);
        }
        assertThat(owners).as("the keys are owned by both members").hasSize(2);
    }

    @Test
    void theFirstPutIntoAMapOfAPatternThatOnlyWarnsIsStoredAndCounted() {
        HazelcastInstance[] c = cluster("warned-*", "warn");
        Parcel t = new Parcel(7, "Oslo");
        c[1].getMap("warned-1").put(1L, t);
        assertThat(c[0].getMap("warned-1").size()).isEqualTo(1);
        assertThat(OtherFormats.count("warned-1")).isEqualTo(1);
        assertThat(logged).filteredOn(m -> m.contains("map 'warned-1'")).singleElement()
                .satisfies(m -> assertThat(m).contains("key 1").doesNotContain("refused"));
    }

    @Test
    void aMapThatOnlyWarnsStoresTheValueAndCountsIt() {
        HazelcastInstance[] c = cluster("warned", "warn");
        Parcel t = new Parcel(7, "Oslo");
        c[1].getMap("warned").put(1L, t);
        c[1].getMap("warned").put(2L, t);
        assertThat(c[0].getMap("warned").size()).isEqualTo(2);
        assertThat(OtherFormats.count("warned")).isEqualTo(2);
        assertThat(logged).filteredOn(m -> m.contains("map 'warned'")).singleElement()
                .satisfies(m -> assertThat(m).contains("key 1").doesNotContain("refused"));
    }

    @Test
    void theGuidesSnippetConfiguresNavpackOnlyMaps() throws Exception {
        String guide = Files.readString(Path.of("..", "docs", "user-guide.md"), StandardCharsets.UTF_8);
        int marker = guide.indexOf("<!-- snippet: navpack-maps -->");
        int start = guide.indexOf('\n', guide.indexOf("```", marker)) + 1;
        Config config = new InMemoryYamlConfig(guide.substring(start, guide.indexOf("```", start)));
        NavpackSettings s = NavpackSettings.from(config.getProperties());
        assertThat(s.maps()).containsExactly("trades", "orders*");
        assertThat(s.refuseOtherFormats()).isTrue();
        assertThat(s.navpackOnly("trades")).isTrue();
        assertThat(s.navpackOnly("orders-2026")).isTrue();
        assertThat(s.navpackOnly("trades-old")).isFalse();
        assertThat(NavpackSettings.unknownNames(config.getProperties())).isEmpty();
    }
}
