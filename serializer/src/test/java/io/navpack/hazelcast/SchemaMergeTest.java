package io.navpack.hazelcast;

import com.hazelcast.client.HazelcastClient;
import io.navpack.hazelcast.schemas.ClusterSchemas;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.InMemoryFormat;
import com.hazelcast.config.MapConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;
import io.navpack.hazelcast.member.ReadField;
import io.navpack.hazelcast.model.Sides;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static io.navpack.hazelcast.SchemaAgreementTest.await;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two members of one cluster name start apart and form two clusters (one knows the other's address, the
 * other knows only itself), clients write to each, then Hazelcast's split-brain healing merges them: the
 * merged member publishes what it agreed alone, so both members and the catalog hold the schemas of both
 * sides; a type that got different fields under one version on each side is listed as a disagreement.
 */
@Timeout(value = 4, unit = TimeUnit.MINUTES)
class SchemaMergeTest {
    private final String cluster = Loopback.clusterName();
    private final int left = Loopback.freePort();
    private final int right = Loopback.freePort();
    private final Path work = Path.of("target", "cluster-test", cluster);
    private final List<MemberJvm> members = new ArrayList<>();
    private final List<HazelcastInstance> clients = new ArrayList<>();

    private Config memberConfig(int port, int... joins) {
        Config c = Loopback.member(NavpackConfig.of().applyTo(new Config()), cluster, port, joins);
        // the sides look for each other 20 s after they start, when the writers below are done (with room for a
        // loaded machine)
        c.setProperty("hazelcast.merge.first.run.delay.seconds", "20");
        c.setProperty("hazelcast.merge.next.run.delay.seconds", "3");
        c.addMapConfig(new MapConfig("binary-*").setInMemoryFormat(InMemoryFormat.BINARY).setBackupCount(1));
        return c;
    }

    private HazelcastInstance client(NavpackConfig navpack, int... ports) {
        HazelcastInstance c = HazelcastClient.newHazelcastClient(Loopback.client(navpack.applyTo(new ClientConfig()),
                cluster, ports));
        clients.add(c);
        return c;
    }

    @AfterEach
    void stop() {
        for (HazelcastInstance c : clients) {
            c.shutdown();
        }
        for (MemberJvm m : members) {
            m.close();
        }
    }

    @Test
    void aMergedSidePublishesItsSchemasAndATypeVersionedDifferentlyOnEachSideIsADisagreement() throws Exception {
        members.add(MemberJvm.start("left", memberConfig(left, left, right), work));
        members.add(MemberJvm.start("right", memberConfig(right, right), work));
        HazelcastInstance l = client(NavpackConfig.of(Sides.Alpha.class, Sides.SharedLeft.class), left);
        HazelcastInstance r = client(NavpackConfig.of(Sides.Beta.class, Sides.SharedRight.class), right);
        assertThat(l.getCluster().getMembers()).hasSize(1);
        assertThat(r.getCluster().getMembers()).hasSize(1);
        IMap<Long, Object> alpha = l.getMap("binary-alpha");
        IMap<Long, Object> beta = r.getMap("binary-beta");
        for (long i = 1; i <= 50; i++) {
            alpha.put(i, new Sides.Alpha(i, "a" + i));
            beta.put(i, new Sides.Beta(i, (int) i));
        }
        l.getMap("binary-shared-left").put(1L, new Sides.SharedLeft(1, 7));
        r.getMap("binary-shared-right").put(1L, new Sides.SharedRight(1, "seven"));
        Schema alphaSchema = NavpackContext.of(l).registry().binding(Sides.Alpha.class).schema();
        Schema betaSchema = NavpackContext.of(r).registry().binding(Sides.Beta.class).schema();
        Schema leftShared = NavpackContext.of(l).registry().binding(Sides.SharedLeft.class).schema();
        Schema rightShared = NavpackContext.of(r).registry().binding(Sides.SharedRight.class).schema();
        assertThat(leftShared.key()).isEqualTo(rightShared.key());

        // the writers leave, so that only the members carry what each side agreed
        assertThat(l.getCluster().getMembers()).as("merged too early for the test").hasSize(1);
        l.shutdown();
        r.shutdown();
        HazelcastInstance observer = client(NavpackConfig.of().readMode(ReadMode.RECORD), left, right);
        await("the two clusters to merge", () -> observer.getCluster().getMembers().size() == 2);
        await("the schemas of both sides on both members and in the catalog", () -> {
            ClusterSchemas held = ClusterSchemas.read(observer, Duration.ofSeconds(30));
            return held.catalog().schemas().containsAll(List.of(alphaSchema, betaSchema)) && held.byMember().size() == 2
                    && held.byMember().values().stream().allMatch(s -> s.containsAll(List.of(alphaSchema, betaSchema)));
        });
        ClusterSchemas held = ClusterSchemas.read(observer, Duration.ofSeconds(30));
        assertThat(held.byMember()).hasSize(2);
        held.byMember().forEach((member, schemas) -> assertThat(schemas).as(member).contains(alphaSchema, betaSchema));
        assertThat(held.catalog().schemas()).contains(alphaSchema, betaSchema);
        assertThat(held.disagreements()).hasSize(1);
        ClusterSchemas.Disagreement d = held.disagreements().get(0);
        assertThat(d.typeId()).isEqualTo(leftShared.typeId());
        assertThat(d.holders().keySet()).containsExactlyInAnyOrder(leftShared, rightShared);
        assertThat(d.describe()).contains("the catalog").contains("member ").contains("x: long").contains("y: string");

        // every value of both sides is readable, on the members and by a client without the classes
        HazelcastInstance classless = observer;
        for (long i = 1; i <= 50; i++) {
            assertThat(((PackedRecord) classless.getMap("binary-alpha").get(i)).getString("name")).isEqualTo("a" + i);
            assertThat(((PackedRecord) classless.getMap("binary-beta").get(i)).get("count")).isEqualTo((int) i);
        }
        for (String map : List.of("binary-alpha", "binary-beta")) {
            Map<Object, String> read = classless.<Object, Object>getMap(map).executeOnEntries(new ReadField("id"));
            assertThat(read).as(map).hasSize(50);
        }
    }
}
