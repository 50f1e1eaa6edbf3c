package io.navpack.hazelcast.schemas;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import io.navpack.format.FieldType;
import io.navpack.format.Schema;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.NavpackContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The tasks that clients in other languages send, sent here by a plain client without navpack's
 * configuration: a published schema is agreed in the catalog and held by every member, a version is chosen
 * when asked, a clash is answered with the conflict, and {@link ForeignSchemaTasks.Find} finds what a member holds.
 */
class ForeignSchemaTasksTest {
    static HazelcastInstance a;
    static HazelcastInstance b;
    static HazelcastInstance client;

    @BeforeAll
    static void start() {
        String cluster = Loopback.clusterName();
        int pa = Loopback.freePort();
        int pb = Loopback.freePort();
        a = Hazelcast.newHazelcastInstance(Loopback.member(new Config(), cluster, pa, pa, pb));
        b = Hazelcast.newHazelcastInstance(Loopback.member(new Config(), cluster, pb, pa, pb));
        client = HazelcastClient.newHazelcastClient(Loopback.client(new ClientConfig(), cluster, pa, pb));
    }

    @AfterAll
    static void stop() {
        for (HazelcastInstance hz : new HazelcastInstance[] {client, b, a}) {
            if (hz != null) {
                hz.shutdown();
            }
        }
    }

    private static DataInputStream publish(List<Schema> schemas, boolean chooseVersion) throws Exception {
        byte[] answer = client.getExecutorService(SchemaTasks.EXECUTOR)
                .submitToKeyOwner(new ForeignSchemaTasks.Publish(schemas, chooseVersion), SchemaTasks.CATALOG_KEY)
                .get(30, TimeUnit.SECONDS);
        return new DataInputStream(new ByteArrayInputStream(answer));
    }

    private static byte[] read(DataInputStream in) throws IOException {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        return bytes;
    }

    @Test
    void publishedSchemasAreAgreedAndHeldByEveryMember() throws Exception {
        Schema risk = Schema.builder("Risk").field("book", FieldType.STRING).field("pv", FieldType.DOUBLE).build();
        DataInputStream in = publish(List.of(risk), true);
        assertThat(in.readInt()).isEqualTo(1);
        assertThat(in.readByte()).isEqualTo((byte) ForeignSchemaTasks.AGREED);
        Schema agreed = Schema.fromBytes(read(in));
        assertThat(agreed.sameFieldsAs(risk)).isTrue();
        assertThat(agreed.version()).isEqualTo(1);
        assertThat(SchemaService.readCatalog(client).get(agreed.typeId(), 1)).isEqualTo(agreed);
        assertThat(NavpackContext.of(a).registry().local(agreed.typeId(), 1)).isEqualTo(agreed);
        assertThat(NavpackContext.of(b).registry().local(agreed.typeId(), 1)).isEqualTo(agreed);

        Schema more = Schema.builder("Risk").field("book", FieldType.STRING).field("pv", FieldType.DOUBLE)
                .field("desk", FieldType.STRING).build();
        in = publish(List.of(more, risk), true);
        assertThat(in.readInt()).isEqualTo(2);
        assertThat(in.readByte()).isEqualTo((byte) ForeignSchemaTasks.AGREED);
        assertThat(Schema.fromBytes(read(in)).version()).isEqualTo(2);
        assertThat(in.readByte()).isEqualTo((byte) ForeignSchemaTasks.AGREED);
        assertThat(Schema.fromBytes(read(in))).isEqualTo(agreed);

        Map<com.hazelcast.cluster.Member, java.util.concurrent.Future<byte[]>> found = client
                .getExecutorService(SchemaTasks.EXECUTOR).submitToAllMembers(new ForeignSchemaTasks.Find(agreed.typeId(), 2));
        for (java.util.concurrent.Future<byte[]> f : found.values()) {
            assertThat(Schema.fromBytes(f.get(30, TimeUnit.SECONDS)).version()).isEqualTo(2);
        }
        assertThat(client.getExecutorService(SchemaTasks.EXECUTOR)
                .submitToKeyOwner(new ForeignSchemaTasks.Find(agreed.typeId(), 9), "x").get(30, TimeUnit.SECONDS)).isNull();
    }

    @Test
    void aClashIsAnsweredWithTheConflict() throws Exception {
        Schema first = Schema.builder("Clash").typeId(4711).version(1).field("x", FieldType.LONG).build();
        Schema other = Schema.builder("Clash").typeId(4711).version(1).field("y", FieldType.STRING).build();
        DataInputStream in = publish(List.of(first), false);
        in.readInt();
        assertThat(in.readByte()).isEqualTo((byte) ForeignSchemaTasks.AGREED);
        in = publish(List.of(other), false);
        assertThat(in.readInt()).isEqualTo(1);
        assertThat(in.readByte()).isEqualTo((byte) ForeignSchemaTasks.CONFLICT);
        assertThat(new String(read(in), java.nio.charset.StandardCharsets.UTF_8)).contains("different schema for type id 4711");
        assertThat(Schema.fromBytes(read(in))).isEqualTo(first);
    }
}
