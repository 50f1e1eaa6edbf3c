package io.navpack.hazelcast;

import com.acme.trading.Everything;
import com.acme.trading.Flat;
import com.acme.trading.SeedTrades;
import com.acme.trading.Trade;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.format.GoldenJson;
import io.navpack.format.Navpack;
import io.navpack.format.PackedRecord;
import io.navpack.format.RandomEverything;
import io.navpack.format.RandomValues;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Java client of the Python integration test ({@code python/tests/test_cluster.py}), run in its own JVM
 * against the test's members: reads what the Python client wrote — seed trades as {@link Trade} objects,
 * {@link Everything} values compared byte for byte with {@link RandomEverything}'s, and values of a type only
 * Python declared, described as {@link GoldenJson} — then writes the seed trades and {@code n} Everything values
 * and a {@link Flat} value (a type Python has not met) for Python to read, and prints its findings as JSON to the file named last.
 *
 * Keys are longs, as the Python client writes its ints ({@code default_int_type=LONG}).
 *
 * <p>Arguments: cluster name, member ports (comma-separated), count of Everything values, report file.
 */
public final class PythonPeer {
    private PythonPeer() {
    }

    /** Encodes with the client's own registry (whose schemas the cluster agreed). */
    private static Navpack navpackFlat(HazelcastInstance client) {
        return new Navpack(NavpackContext.of(client).registry());
    }

    public static void main(String[] args) throws IOException {
        String cluster = args[0];
        int[] ports = Arrays.stream(args[1].split(",")).mapToInt(Integer::parseInt).toArray();
        int n = Integer.parseInt(args[2]);
        Path report = Path.of(args[3]);
        ClientConfig config = Loopback.client(NavpackConfig.of(Trade.class, Everything.class, Flat.class).applyTo(new ClientConfig()),
                cluster, ports);
        config.setProperty("hazelcast.logging.type", "none");
        HazelcastInstance client = HazelcastClient.newHazelcastClient(config);
        try {
            StringBuilder out = new StringBuilder("{");
            List<Trade> seed = SeedTrades.load();
            IMap<Long, Object> pyTrades = client.getMap("py.trades");
            int tradesEqual = 0;
            for (Trade t : seed) {
                if (t.equals(pyTrades.get(t.id()))) {
                    tradesEqual++;
                }
            }
            out.append("\"tradesRead\":").append(pyTrades.size()).append(",\"tradesEqual\":").append(tradesEqual);

            Navpack navpack = Navpack.of(Everything.class);
            IMap<Long, Object> pyEverything = client.getMap("py.everything");
            List<Long> differ = new ArrayList<>();
            int everythingEqual = 0;
            for (Map.Entry<Long, Object> e : new TreeMap<>(pyEverything.getAll(pyEverything.keySet())).entrySet()) {
                Object v = e.getValue();
                if (v instanceof Everything
                        && Arrays.equals(navpack.encode(v), navpack.encode(RandomEverything.of(e.getKey())))) {
                    everythingEqual++;
                } else {
                    differ.add(e.getKey());
                }
            }
            out.append(",\"everythingRead\":").append(pyEverything.size()).append(",\"everythingEqual\":")
                    .append(everythingEqual).append(",\"everythingDiffer\":").append(differ);

            IMap<String, Object> risk = client.getMap("py.risk");
            out.append(",\"risk\":{");
            boolean first = true;
            for (Map.Entry<String, Object> e : new TreeMap<>(risk.getAll(risk.keySet())).entrySet()) {
                out.append(first ? "" : ",");
                first = false;
                GoldenJson.string(out, e.getKey());
                out.append(':').append(GoldenJson.of(PackedRecord.ofView(e.getValue())));
            }
            out.append('}');

            IMap<Long, Trade> javaTrades = client.getMap("java.trades");
            for (Trade t : seed) {
                javaTrades.put(t.id(), t);
            }
            IMap<Long, Everything> javaEverything = client.getMap("java.everything");
            for (long seedNo = 0; seedNo < n; seedNo++) {
                javaEverything.put(seedNo, RandomEverything.of(seedNo));
            }
            // a type the Python client has not met: it learns the schema from the catalog's update
            IMap<Long, Flat> javaFlat = client.getMap("java.flat");
            Flat flat = new RandomValues(7, 2).of(Flat.class);
            javaFlat.put(1L, flat);
            out.append(",\"flat\":").append(GoldenJson.of(PackedRecord.of(navpackFlat(client).encode(flat),
                    NavpackContext.of(client).registry())));
            out.append(",\"javaWrote\":").append(n).append('}');
            Files.writeString(report, out.toString(), StandardCharsets.UTF_8);
        } finally {
            client.shutdown();
        }
    }
}
