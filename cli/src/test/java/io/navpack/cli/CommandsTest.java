package io.navpack.cli;

import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.hazelcast.client.HazelcastClient;
import com.hazelcast.client.config.ClientConfig;
import com.hazelcast.config.Config;
import com.hazelcast.config.IndexType;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.internal.serialization.Data;
import com.hazelcast.map.IMap;
import com.hazelcast.spi.impl.SerializationServiceSupport;
import io.navpack.format.FieldType;
import io.navpack.format.spi.Hex;
import io.navpack.format.Schema;
import io.navpack.format.SchemaCatalog;
import io.navpack.hazelcast.NavpackConfig;
import io.navpack.hazelcast.NavpackContext;
import io.navpack.hazelcast.schemas.SchemaTasks;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** size, schemas, inspect and calibrate against a running member; exit codes and one-line errors. */
class CommandsTest {
    static HazelcastInstance member;
    static HazelcastInstance client;
    static String cluster;
    static String address;
    static byte[] record;
    static byte[] data;

    @TempDir
    Path dir;

    @BeforeAll
    static void start() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        cluster = "cli-test-" + port;
        address = "127.0.0.1:" + port;
        Config c = NavpackConfig.of().queryable("trades").applyTo(new Config());
        c.setClusterName(cluster);
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.getJetConfig().setEnabled(false);
        c.getNetworkConfig().setPort(port).setPortAutoIncrement(false);
        c.getNetworkConfig().getInterfaces().setEnabled(true).addInterface("127.0.0.1");
        c.setProperty("hazelcast.socket.bind.any", "false");
        c.getNetworkConfig().getJoin().getMulticastConfig().setEnabled(false);
        c.getNetworkConfig().getJoin().getAutoDetectionConfig().setEnabled(false);
        c.getNetworkConfig().getJoin().getTcpIpConfig().setEnabled(true).addMember(address);
        member = Hazelcast.newHazelcastInstance(c);
        ClientConfig cc = NavpackConfig.of(Trade.class).applyTo(new ClientConfig());
        cc.setClusterName(cluster);
        cc.getNetworkConfig().addAddress(address);
        client = HazelcastClient.newHazelcastClient(cc);
        refill();
        Data stored = ((SerializationServiceSupport) client).getSerializationService().toData(TradeGenerator.trade(7));
        data = stored.toByteArray();
        // the record alone: after the 8-byte Data header and the one-byte length
        record = java.util.Arrays.copyOfRange(data, 9, data.length);
    }

    /** 500 trades written by a client that has the Trade class, with a SORTED index on nav[amount1]. */
    static void refill() {
        IMap<Long, Trade> trades = client.getMap("trades");
        for (long id = 1; id <= 500; id++) {
            trades.put(id, TradeGenerator.trade(id));
        }
        trades.addIndex(IndexType.SORTED, "nav[amount1]");
    }

    @AfterAll
    static void stop() {
        if (client != null) client.shutdown();
        if (member != null) member.shutdown();
    }

    /** Runs a command line; returns [exit code, stdout, stderr]. */
    private static Object[] run(String... args) {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream o = new ByteArrayOutputStream();
        ByteArrayOutputStream e = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
            int code = Main.run(args);
            return new Object[] {code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8)};
        } finally {
            System.setOut(out);
            System.setErr(err);
        }
    }

    @Test
    void sizePrintsEveryFormat() {
        for (String format : new String[] {"table", "json", "csv"}) {
            Object[] r = run("size", "--cluster", address, "--cluster-name", cluster, "--format", format, "--maps", "trades");
            assertThat(r[0]).as(format + ": " + r[2]).isEqualTo(0);
            assertThat((String) r[1]).contains("trades").contains("nav[amount1]");
        }
        Object[] json = run("size", "--cluster", address, "--cluster-name", cluster, "--format", "json");
        assertThat(((String) json[1]).trim()).startsWith("{").endsWith("}");
    }

    @Test
    void whatIfPredictsANavpackIndexBeforeItExistsAndMatchesItOnceCreated() throws Exception {
        whatIfMatchesTheIndexOnceCreated("nav[currency1]");
    }

    @Test
    void whatIfOnAPlainFieldName() throws Exception {
        whatIfMatchesTheIndexOnceCreated("currency1");
    }

    private void whatIfMatchesTheIndexOnceCreated(String attribute) throws Exception {
        Object[] r = run("size", "--cluster", address, "--cluster-name", cluster, "--what-if", "trades HASH " + attribute);
        assertThat(r[0]).as((String) r[2]).isEqualTo(0);
        String table = (String) r[1];
        assertThat(table).contains("What creating index HASH (" + attribute + ") on map trades would cost", "total");

        Object[] json = run("size", "--cluster", address, "--cluster-name", cluster, "--format", "json",
                "--what-if", "trades HASH " + attribute);
        assertThat(json[0]).as((String) json[2]).isEqualTo(0);
        com.fasterxml.jackson.databind.JsonNode predicted = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree((String) json[1]);
        assertThat(predicted.get("members")).hasSize(1);
        long index = predicted.get("total").get("indexHeapBytes").asLong();
        assertThat(index).isPositive();
        // the map already has an index, so its records already cache their values: nothing new to cache
        assertThat(predicted.get("total").get("valuesCacheHeapBytes").asLong()).isZero();
        assertThat(member.getMap("trades").getLocalMapStats().getIndexStats()).doesNotContainKey("whatIfCurrency");

        member.getMap("trades").addIndex(new com.hazelcast.config.IndexConfig(IndexType.HASH, attribute)
                .setName("whatIfCurrency"));
        try {
            Object[] sized = run("size", "--cluster", address, "--cluster-name", cluster, "--format", "json",
                    "--maps", "trades");
            com.fasterxml.jackson.databind.JsonNode report = new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree((String) sized[1]);
            long measured = -1;
            for (com.fasterxml.jackson.databind.JsonNode t : report.get("indexTotals")) {
                if (t.get("index").asText().equals("whatIfCurrency")) {
                    measured = t.get("heapBytes").asLong();
                }
            }
            assertThat((double) index).as("predicted %d, measured %d", index, measured)
                    .isCloseTo(measured, org.assertj.core.data.Offset.offset(measured * 0.05));
        } finally {
            member.getMap("trades").destroy();
            refill();
        }
    }

    @Test
    void whatIfErrorsNameTheFix() {
        Object[] shape = run("size", "--cluster", address, "--cluster-name", cluster, "--what-if", "trades HASH");
        assertThat(shape[0]).isEqualTo(Main.USAGE);
        assertThat((String) shape[2]).contains("MAP TYPE ATTRIBUTE", "trades HASH currency1").doesNotContain("\tat ");
        Object[] type = run("size", "--cluster", address, "--cluster-name", cluster, "--what-if", "trades FAST x");
        assertThat(type[0]).isEqualTo(Main.USAGE);
        assertThat((String) type[2]).contains("unknown index type 'FAST'");
        Object[] csv = run("size", "--cluster", address, "--cluster-name", cluster, "--format", "csv",
                "--what-if", "trades HASH nav[currency1]");
        assertThat(csv[0]).isEqualTo(Main.USAGE);
        Object[] share = run("size", "--cluster", address, "--cluster-name", cluster, "--cpu-share", "2");
        assertThat(share[0]).isEqualTo(Main.USAGE);
        assertThat((String) share[2]).contains("cpuShare must be in (0, 1]");

        // the members read the attribute and tell why they cannot
        Object[] attribute = run("size", "--cluster", address, "--cluster-name", cluster, "--what-if",
                "trades SORTED noSuchAttribute");
        assertThat(attribute[0]).isEqualTo(Main.INCOMPLETE);
        assertThat((String) attribute[1]).contains("FAILED", "noSuchAttribute", "creating this index would fail");
        Object[] empty = run("size", "--cluster", address, "--cluster-name", cluster, "--what-if", "noSuchMap HASH x");
        assertThat(empty[0]).isEqualTo(Main.OK);
        assertThat((String) empty[1]).contains("has no entries on this member");
    }

    @Test
    void sizeWithACpuCapAndIndexesOnly() {
        Object[] r = run("size", "--cluster", address, "--cluster-name", cluster, "--maps", "trades", "--cpu-share", "0.5",
                "--indexes-only", "--max-sizer-heap", "16");
        assertThat(r[0]).as((String) r[2]).isEqualTo(0);
        assertThat((String) r[1]).contains("BOUNDED", "50 %", "nav[amount1]");
    }

    @Test
    void schemasThenInspectFromTheFileAndFromTheCluster() throws Exception {
        Path file = dir.resolve("schemas.txt");
        Object[] s = run("schemas", "--cluster", address, "--cluster-name", cluster, "--out", file.toString());
        assertThat(s[0]).as((String) s[2]).isEqualTo(0);
        assertThat(Files.readString(file)).contains("# Trade#1 v1");

        Object[] fromFile = run("inspect", "--hex", Hex.of(record), "--schemas", file.toString());
        assertThat(fromFile[0]).as((String) fromFile[2]).isEqualTo(0);
        Trade t = TradeGenerator.trade(7);
        assertThat((String) fromFile[1]).contains("\"@type\": \"Trade\"", "\"id\": 7", "\"currency1\": \"" + t.currency1() + "\"",
                "\"amount1\": " + t.amount1().toPlainString(), "\"tradeDate\": \"" + t.tradeDate() + "\"");

        Object[] fromCluster = run("inspect", "--base64", Base64.getEncoder().encodeToString(data), "--cluster", address,
                "--cluster-name", cluster);
        assertThat(fromCluster[0]).as((String) fromCluster[2]).isEqualTo(0);
        assertThat(fromCluster[1]).isEqualTo(fromFile[1]);

        Path bin = dir.resolve("value.bin");
        Files.write(bin, record);
        assertThat(run("inspect", "--file", bin.toString(), "--schemas", file.toString())[1]).isEqualTo(fromFile[1]);

        // the value of a key, read from the cluster's map
        Object[] byKey = run("inspect", "--map", "trades", "--key", "7", "--cluster", address, "--cluster-name", cluster);
        assertThat(byKey[0]).as((String) byKey[2]).isEqualTo(0);
        assertThat(byKey[1]).isEqualTo(fromFile[1]);
        Object[] missing = run("inspect", "--map", "trades", "--key", "99999", "--cluster", address, "--cluster-name", cluster);
        assertThat(missing[0]).isEqualTo(Main.FAILED);
        assertThat((String) missing[2]).contains("map 'trades' has no entry for key 99999");
    }

    @Test
    void inspectShowsAnArrayOfNestedRecords() throws Exception {
        // Holder(Inner[] items) holding Inner("a", 1, null)
        Path file = dir.resolve("holder-schemas.txt");
        Files.writeString(file, SchemasCommand.write(List.of(
                Schema.builder("Inner").typeId(53).field("s", FieldType.STRING, true).field("n", FieldType.INT, false)
                        .field("x", FieldType.STRING, true).build(),
                Schema.builder("Holder").typeId(58).field("items", FieldType.array(FieldType.record("Inner"), true), true)
                        .build())));
        Object[] r = run("inspect", "--hex", "3a010009020735010404016101", "--schemas", file.toString());
        assertThat(r[0]).as((String) r[2]).isEqualTo(0);
        assertThat((String) r[1]).contains("\"@type\": \"Holder\"", "\"items\"", "\"s\": \"a\"", "\"n\": 1", "\"x\": null");
    }

    @Test
    void schemasListsADisagreementBetweenTheCatalogAndAMemberInsteadOfMergingIt() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        String name = "cli-split-" + port;
        Config c = NavpackConfig.of().applyTo(new Config());
        c.setClusterName(name);
        c.setProperty("hazelcast.phone.home.enabled", "false");
        c.getJetConfig().setEnabled(false);
        c.getNetworkConfig().setPort(port).setPortAutoIncrement(false);
        c.getNetworkConfig().getInterfaces().setEnabled(true).addInterface("127.0.0.1");
        c.setProperty("hazelcast.socket.bind.any", "false");
        c.getNetworkConfig().getJoin().getMulticastConfig().setEnabled(false);
        c.getNetworkConfig().getJoin().getAutoDetectionConfig().setEnabled(false);
        c.getNetworkConfig().getJoin().getTcpIpConfig().setEnabled(true).addMember("127.0.0.1:" + port);
        HazelcastInstance split = Hazelcast.newHazelcastInstance(c);
        try {
            // what a merge of two sides that each gave version 1 of Split other fields leaves behind
            Schema mine = Schema.builder("Split").typeId(900).field("a", FieldType.LONG).build();
            Schema theirs = Schema.builder("Split").typeId(900).field("b", FieldType.STRING).build();
            NavpackContext.of(split).registry().learn(mine);
            IMap<String, byte[]> catalog = split.getMap(SchemaTasks.CATALOG);
            catalog.put(SchemaTasks.CATALOG_KEY, SchemaCatalog.of(java.util.List.of(theirs)).toBytes());
            Path file = dir.resolve("split.txt");
            Object[] r = run("schemas", "--cluster", "127.0.0.1:" + port, "--cluster-name", name, "--out", file.toString());
            assertThat(r[0]).as((String) r[2]).isEqualTo(Main.FAILED);
            assertThat((String) r[2]).contains("navpack: disagreement: type id 900 version 1: the catalog holds " + theirs)
                    .contains("; member [127.0.0.1]:" + port + " holds " + mine);
            String text = Files.readString(file);
            assertThat(text).contains("# " + theirs).doesNotContain("# " + mine + "\n")
                    .contains("# disagreement: type id 900 version 1");
            assertThat(SchemasCommand.read(file)).containsExactly(theirs);
        } finally {
            split.shutdown();
        }
    }

    @Test
    void calibrateOnTheClusterAndLocally() {
        Object[] c = run("calibrate", "--cluster", address, "--cluster-name", cluster, "--maps", "trades");
        assertThat(c[0]).as((String) c[2]).isEqualTo(0);
        assertThat((String) c[1]).contains("Trade v1", "break-even");
        Object[] local = run("calibrate");
        assertThat(local[0]).isEqualTo(0);
        assertThat((String) local[1]).contains("this JVM", "Trade v1");
    }

    @Test
    void errorsAreOneLineWithMeaningfulExitCodes() throws Exception {
        Object[] usage = run("inspect", "--hex", "zz", "--schemas", "x");
        assertThat(usage[0]).isEqualTo(Main.USAGE);
        Path file = dir.resolve("schemas.txt");
        run("schemas", "--cluster", address, "--cluster-name", cluster, "--out", file.toString());
        Object[] bad = run("inspect", "--hex", "0107", "--schemas", file.toString());
        assertThat(bad[0]).isEqualTo(Main.FAILED);
        // the members of this test run in this JVM and may log on standard error too: the command's own output is the
        // lines from its "navpack:" line on, one line without a stack trace
        String err = (String) bad[2];
        assertThat(err).contains("navpack: not a valid navpack value");
        String own = err.substring(err.indexOf("navpack: not a valid navpack value")).trim();
        assertThat(own).doesNotContain("\n").doesNotContain("\tat ");
        Object[] unreachable = run("size", "--cluster", "127.0.0.1:1", "--connect-timeout", "2");
        assertThat(unreachable[0]).isEqualTo(Main.UNREACHABLE);
        assertThat((String) unreachable[2]).contains("nothing answered at 127.0.0.1:1").contains("start the members");
        // a member that answers under another cluster name: the default name, 'dev', is not this test's
        Object[] otherName = run("schemas", "--cluster", address, "--connect-timeout", "4");
        assertThat(otherName[0]).isEqualTo(Main.UNREACHABLE);
        assertThat((String) otherName[2]).contains("cannot connect to cluster 'dev' at " + address)
                .contains("answered but refused the cluster name 'dev'").contains("--cluster-name NAME");
        Object[] missing = run("demo", "--trades", "0");
        assertThat(missing[0]).isEqualTo(Main.USAGE);
        assertThat(run("demo", "--help")[1]).asString().contains("--trades");
    }
}
