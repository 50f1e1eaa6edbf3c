package io.navpack.mapstore;

import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.MapStoreConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.SchemaInference;
import io.navpack.documents.Transcoder;
import io.navpack.documents.hazelcast.DocumentCatalog;
import io.navpack.documents.hazelcast.DocumentLoader;
import io.navpack.documents.hazelcast.KeyPath;
import io.navpack.fixtures.EmbeddedDatabase;
import io.navpack.format.PackedRecord;
import io.navpack.hazelcast.Loopback;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.ReadMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Documents (JSON, loaded with the documents' loader) in a map with a store that writes them as JSON beside their
 * bytes, or instead of them: the database holds readable documents it can query, and a cluster started cold gets the
 * same values back, and the document schema too.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class DocumentsStoreTest {
    private static final EmbeddedDatabase db = StoreConfigs.database();
    private final String cluster = Loopback.clusterName();
    private final int[] ports = {Loopback.freePort(), Loopback.freePort()};
    private final List<HazelcastInstance> instances = new ArrayList<>();

    @AfterEach
    void stop() {
        for (int i = instances.size() - 1; i >= 0; i--) {
            instances.get(i).shutdown();
        }
        instances.clear();
    }

    /** Synthetic orders: nested objects, a list of parties, two currencies. */
    private static Map<Long, String> documents(int n) {
        Map<Long, String> out = new LinkedHashMap<>();
        for (long i = 1; i <= n; i++) {
            out.put(i, "{\"id\": " + i + ", \"currency\": \"" + (i % 3 == 0 ? "EUR" : "USD") + "\", \"amount\": "
                    + (i * 7 % 1000) + ".25, \"header\": {\"desk\": \"desk-" + (i % 5) + "\", \"trader\": \"t" + i + "\"},"
                    + " \"party\": [{\"name\": \"P" + (i % 11) + "\"}, {\"name\": \"Q" + i + "\"}]}");
        }
        return out;
    }

    private void startMembers(String map, String json) {
        Map<String, String> props = Map.of("create-table", "true", "key-type", "long", "json", json,
                "columns", "currency, header.desk AS desk, party[0].name AS first_party");
        for (int port : ports) {
            Config c = StoreConfigs.member(cluster, port, ports, db, map, props, 0, MapStoreConfig.InitialLoadMode.EAGER);
            instances.add(Hazelcast.newHazelcastInstance(c));
        }
    }

    private HazelcastInstance client() {
        HazelcastInstance c = HazelcastClient.newHazelcastClient(Loopback.client(
                NavpackConfig.of().readMode(ReadMode.RECORD).applyTo(new ClientConfig()), cluster, ports));
        instances.add(c);
        return c;
    }

    /** Loads the documents into {@code map}; answers their navpack bytes by key. */
    private Map<Long, byte[]> load(String map, Map<Long, String> docs) throws Exception {
        SchemaInference inference = SchemaInference.of(DocumentFormat.JSON).name("order").firstTypeId(700);
        docs.forEach((k, d) -> inference.add(d.getBytes(StandardCharsets.UTF_8), "order-" + k));
        DocumentSchema schema = inference.infer();
        HazelcastInstance client = client();
        try (DocumentLoader loader = DocumentLoader.into(client, map, schema).key(KeyPath.parse("id")).build()) {
            for (Map.Entry<Long, String> e : docs.entrySet()) {
                loader.load(DocumentFormat.JSON, e.getValue().getBytes(StandardCharsets.UTF_8), "order-" + e.getKey(), null);
            }
        }
        Transcoder t = DocumentCatalog.read(client, map).transcoder();
        Map<Long, byte[]> bytes = new LinkedHashMap<>();
        docs.forEach((k, d) -> bytes.put(k, t.toNavpack(DocumentFormat.JSON, d.getBytes(StandardCharsets.UTF_8), "x")));
        return bytes;
    }

    private void restartCold(String map, String json, Map<Long, byte[]> expected) throws InterruptedException {
        stop();
        startMembers(map, json);
        HazelcastInstance m = instances.get(0);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (m.getMap(map).size() < expected.size() && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        HazelcastInstance client = client();
        assertThat(DocumentCatalog.read(client, map)).as("document schema given back from the database").isNotNull();
        IMap<Long, Object> values = client.getMap(map);
        assertThat(values.size()).isEqualTo(expected.size());
        expected.forEach((k, b) -> assertThat(PackedRecord.ofView(values.get(k)).bytes()).as("key %s", k).isEqualTo(b));
    }

    @Test
    void documentsAreWrittenAsJsonBesideTheirBytesAndComeBackAfterAColdStart() throws Exception {
        Map<Long, String> docs = documents(120);
        startMembers("orders", "beside");
        Map<Long, byte[]> bytes = load("orders", docs);
        long eur = docs.values().stream().filter(d -> d.contains("\"EUR\"")).count();
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM orders WHERE document->>'currency' = 'EUR'"
                    + " AND currency = 'EUR'")) {
                rs.next();
                assertThat(rs.getLong(1)).isEqualTo(eur);
            }
            try (ResultSet rs = s.executeQuery("SELECT id, value, document->'header'->>'trader', desk, first_party"
                    + " FROM orders")) {
                int n = 0;
                while (rs.next()) {
                    n++;
                    long id = rs.getLong(1);
                    assertThat(rs.getBytes(2)).isEqualTo(bytes.get(id));
                    assertThat(rs.getString(3)).isEqualTo("t" + id);
                    assertThat(rs.getString(4)).isEqualTo("desk-" + (id % 5));
                    assertThat(rs.getString(5)).isEqualTo("P" + (id % 11));
                }
                assertThat(n).isEqualTo(docs.size());
            }
            try (ResultSet rs = s.executeQuery("SELECT count(*) FROM navpack_schemas_documents WHERE map_name = 'orders'")) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(1);
            }
        }
        restartCold("orders", "beside", bytes);
    }

    @Test
    void documentsWrittenAsJsonOnlyAreTranscodedBackWhenLoaded() throws Exception {
        Map<Long, String> docs = documents(60);
        startMembers("orders_json", "instead");
        Map<Long, byte[]> bytes = load("orders_json", docs);
        try (Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT column_name FROM information_schema.columns WHERE table_name ="
                     + " 'orders_json' AND column_name = 'value'")) {
            assertThat(rs.next()).as("no bytes column").isFalse();
        }
        restartCold("orders_json", "instead", bytes);
    }
}
