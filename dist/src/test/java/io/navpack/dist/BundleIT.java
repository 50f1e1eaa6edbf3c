package io.navpack.dist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.navpack.documents.hazelcast.FpmlSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.w3c.dom.Element;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The distribution as a user gets it: the archive unpacked into an empty directory outside the repository, with an
 * environment that holds nothing but {@code PATH} and {@code JAVA_HOME}. Two members start from {@code bin/} with
 * {@code config/member.yaml} (ports and cluster name made this run's own), {@code bin/navpack load} loads the shared
 * FpML documents, a plain-name predicate ({@code navpack export --where}) and an SQL query ({@code navpack sql})
 * answer like an oracle over the documents parsed as DOM trees, the Java example compiles against {@code lib/} and
 * checks its own answers, and the Python example runs on the wheel installed from {@code python/}. Each step's time is
 * printed ({@code [bundle] ...}).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class BundleIT {
    private static final String VERSION = System.getProperty("navpack.version");
    private static final Path ROOT = Path.of(System.getProperty("navpack.root", "..")).toAbsolutePath().normalize();
    private static final Path ARCHIVE = Path.of(System.getProperty("navpack.dist.archive",
            "target/navpack-" + VERSION + ".tar.gz")).toAbsolutePath();
    private static final Duration START = Duration.ofSeconds(120);

    private static Path work;
    private static Path home;
    private static String cluster;
    private static int[] ports;
    private static final List<Process> members = new ArrayList<>();
    private static final List<Path> memberLogs = new ArrayList<>();
    private static final long STARTED = System.nanoTime();

    @BeforeAll
    static void unpackAndStartTwoMembers() throws Exception {
        assertThat(ARCHIVE).as("the distribution (./mvnw package -Pdist)").isRegularFile();
        work = Files.createTempDirectory("navpack-bundle-");
        long t = System.nanoTime();
        run(work, Duration.ofSeconds(60), "tar", "-xzf", ARCHIVE.toString());
        home = work.resolve("navpack-" + VERSION);
        step("unpacked " + ARCHIVE.getFileName(), t);

        // this run's own cluster: the shipped configurations with free ports and a cluster name of its own
        cluster = "bundle-" + UUID.randomUUID().toString().substring(0, 8);
        ports = freePortPair(); // as 5701 and 5702: the second member takes the next port
        edit(home.resolve("config/member.yaml"), Map.of("cluster-name: dev", "cluster-name: " + cluster,
                "port: 5701", "port: " + ports[0], "127.0.0.1:5701", "127.0.0.1:" + ports[0],
                "127.0.0.1:5702", "127.0.0.1:" + ports[1]));
        edit(home.resolve("config/client.yaml"), Map.of("cluster-name: dev", "cluster-name: " + cluster,
                "127.0.0.1:5701", "127.0.0.1:" + ports[0], "127.0.0.1:5702", "127.0.0.1:" + ports[1]));
        t = System.nanoTime();
        for (int i = 0; i < 2; i++) {
            Path log = work.resolve("member" + (i + 1) + ".log");
            memberLogs.add(log);
            ProcessBuilder pb = new ProcessBuilder("bin/navpack-member", "--config", "config/member.yaml")
                    .directory(home.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
            environment(pb).put("JAVA_OPTS", "-Xmx384m -XX:+UseSerialGC");
            members.add(pb.start());
            if (i == 0) {
                awaitLine(log, "active on this member"); // the first alone, so that it is the master
            }
        }
        for (Path log : memberLogs) {
            awaitLine(log, "Members {size:2");
        }
        step("two members started from bin/navpack-member", t);
    }

    @AfterAll
    static void stopAndKeepTheLogs() throws Exception {
        for (Process p : members) {
            p.destroy(); // SIGTERM: Hazelcast shuts down gracefully
        }
        for (Process p : members) {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        if (work != null) {
            Path logs = Files.createDirectories(Path.of("target", "bundle-it"));
            for (Path log : memberLogs) {
                if (Files.exists(log)) {
                    Files.copy(log, logs.resolve(log.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
            }
            try (Stream<Path> files = Files.walk(work)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        step("smoke test in all", STARTED);
    }

    @Test
    @Order(1)
    void theArchiveHoldsTheReleaseAndItsChecksums() throws Exception {
        List<String> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(home)) {
            walk.filter(Files::isRegularFile).forEach(p -> files.add(home.relativize(p).toString()));
        }
        Map<String, String> sums = new TreeMap<>();
        for (String line : Files.readAllLines(home.resolve("SHA256SUMS"))) {
            sums.put(line.substring(66), line.substring(0, 64));
        }
        Set<String> expected = new TreeSet<>(files);
        expected.remove("SHA256SUMS");
        assertThat(sums.keySet()).as("SHA256SUMS lists every file").isEqualTo(expected);
        for (Map.Entry<String, String> e : sums.entrySet()) {
            if (!e.getKey().startsWith("config/")) { // this run changed ports and names in config/
                assertThat(sha256(home.resolve(e.getKey()))).as("SHA-256 of " + e.getKey()).isEqualTo(e.getValue());
            }
        }
        try (ZipFile zip = new ZipFile(ARCHIVE.resolveSibling("navpack-" + VERSION + ".zip").toFile())) {
            Set<String> zipped = zip.stream().filter(z -> !z.isDirectory())
                    .map(z -> z.getName().substring(("navpack-" + VERSION + "/").length()))
                    .collect(Collectors.toCollection(TreeSet::new));
            assertThat(zipped).as("the zip holds what the tar.gz holds").isEqualTo(new TreeSet<>(files));
        }

        assertThat(home.resolve("bin/navpack")).isExecutable();
        assertThat(home.resolve("bin/navpack-member")).isExecutable();
        for (String f : List.of("LICENSE", "NOTICE", "README.md", "CHANGELOG.md", "Dockerfile", "config/member.yaml", "config/member-mapstore.yaml",
                "config/client.yaml", "lib/navpack-member-" + VERSION + ".jar", "docs/user-guide.md",
                "python/navpack-" + VERSION + "-py3-none-any.whl", "python/navpack-" + VERSION + ".tar.gz",
                "examples/java-client/pom.xml", "examples/python/readings.py")) {
            assertThat(home.resolve(f)).as(f).isRegularFile();
        }
        for (String client : List.of("format", "serializer", "extractors", "index-sizer", "documents", "documents-hazelcast")) {
            assertThat(home.resolve("lib/navpack-" + client + "-" + VERSION + ".jar")).isRegularFile();
            assertThat(home.resolve("lib/navpack-" + client + "-" + VERSION + "-sources.jar")).isRegularFile();
        }
        // every third-party jar is named in NOTICE with its licence
        String notice = Files.readString(home.resolve("NOTICE"));
        try (Stream<Path> lib = Files.list(home.resolve("lib"))) {
            for (String jar : lib.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith("navpack-")).toList()) {
                String artifact = jar.replaceAll("-\\d.*", "");
                assertThat(notice).as("NOTICE names " + jar).containsPattern("\\) [^\\n]*\\([^:\\n]+:" + artifact + ":");
            }
        }
        // nothing refers to the repository it was built in
        for (String f : files) {
            if (!f.endsWith(".jar") && !f.endsWith(".whl") && !f.endsWith(".gz")) {
                assertThat(Files.readString(home.resolve(f), StandardCharsets.ISO_8859_1)).as(f).doesNotContain(ROOT.toString());
            }
        }
        assertThat(run(home, Duration.ofSeconds(60), "bin/navpack", "--version").trim()).isEqualTo("navpack " + VERSION);
        assertThat(run(home, Duration.ofSeconds(60), "bin/navpack-member", "--version")).startsWith("navpack " + VERSION + " (member");
    }

    @Test
    @Order(2)
    void membersStartedFromBinRunNavpackWithItsAgent() throws IOException {
        for (Path log : memberLogs) {
            assertThat(Files.readString(log)).contains("navpack " + VERSION + " active on this member")
                    .contains("agent: present").doesNotContain("without proper access");
        }
    }

    @Test
    @Order(3)
    void theSharedFpmlSetLoadsAndAnswersPlainNameAndSqlQueriesLikeTheOracle() throws Exception {
        Map<String, Element> oracle = FpmlSet.parse();
        long t = System.nanoTime();
        String load = navpack("load", "--map", "fpml", "--infer", FpmlSet.dir().toString());
        step("navpack load of " + oracle.size() + " FpML documents", t);
        assertThat(load).contains(oracle.size() + " documents");

        // a plain-name predicate, run on the members: export --where writes a file per matching entry, named by its key
        String partyName = "party[any].partyName";
        String party = mostFrequent(oracle, partyName);
        t = System.nanoTime();
        Path out = work.resolve("where");
        navpack("export", "--map", "fpml", "--to", "xml", "--out", out.toString(),
                "--where", partyName + " = '" + party.replace("'", "''") + "'");
        step("navpack export --where " + partyName, t);
        Set<String> exported;
        try (Stream<Path> walk = Files.walk(out)) {
            exported = walk.filter(Files::isRegularFile).map(p -> out.relativize(p).toString().replaceAll("\\.xml$", ""))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
        Set<String> expected = oracle.entrySet().stream()
                .filter(e -> FpmlSet.values(e.getValue(), partyName).contains(party))
                .map(Map.Entry::getKey).collect(Collectors.toCollection(TreeSet::new));
        assertThat(exported).as(partyName + " = " + party).isEqualTo(expected).isNotEmpty();

        // SQL over the same map, by dotted columns
        String date = "trade.tradeHeader.tradeDate";
        String since = frequent(oracle, date).get(2);
        t = System.nanoTime();
        navpack("sql", "CREATE MAPPING fpml TYPE NavpackMap OPTIONS ('valueNavpackType' = 'fpml.dataDocument', 'keyFormat' = 'varchar')");
        String json = navpack("sql", "--json", "SELECT __key, \"" + date + "\" AS d FROM fpml WHERE \"" + date + "\" >= '" + since + "'");
        step("navpack sql (mapping, query)", t);
        Map<String, String> rows = new TreeMap<>();
        for (JsonNode row : new ObjectMapper().readTree(json.substring(json.indexOf('[')))) {
            rows.put(row.get("__key").asText(), row.get("d").asText());
        }
        Map<String, String> byOracle = new TreeMap<>();
        oracle.forEach((key, root) -> {
            List<String> d = FpmlSet.values(root, date);
            if (!d.isEmpty() && d.get(0).compareTo(since) >= 0) {
                byOracle.put(key, d.get(0));
            }
        });
        assertThat(rows).as("SELECT ... WHERE " + date + " >= " + since).isEqualTo(byOracle).isNotEmpty();
    }

    /** The README's first query of one's own data, its commands as written (with this run's cluster): a CSV, then SQL. */
    @Test
    @Order(4)
    void theReadmesFirstQueryOfYourOwnDataAnswersLikeTheOracle() throws Exception {
        String readme = Files.readString(home.resolve("README.md"));
        int at = readme.indexOf("A first query of your own data");
        assertThat(at).as("the README's quick start").isNotNegative();
        int start = readme.indexOf('\n', readme.indexOf("```", at)) + 1;
        List<String> commands = List.of(readme.substring(start, readme.indexOf("```", start)).replace("\\\n", " ").strip()
                .split("\n"));
        assertThat(commands).hasSize(2);

        // orders.csv: the user's own data, with the columns the README's query names
        java.util.Random random = new java.util.Random(7);
        String[] cities = {"Oslo", "Lyon", "Porto", "Turin", "Ghent"};
        StringBuilder csv = new StringBuilder("id,customer,city,total,placed\n");
        Map<String, long[]> oracle = new TreeMap<>(); // city -> count, sum of totals in cents
        String[] cityOf = new String[1001];
        for (int id = 1; id <= 1000; id++) {
            String city = cities[random.nextInt(cities.length)];
            cityOf[id] = city;
            long cents = 100 + random.nextInt(10_000_000);
            csv.append(id).append(",c").append(random.nextInt(100)).append(',').append(city).append(',')
                    .append(java.math.BigDecimal.valueOf(cents, 2).toPlainString()).append(",2026-0")
                    .append(1 + random.nextInt(9)).append('-').append(10 + random.nextInt(18)).append('\n');
            long[] c = oracle.computeIfAbsent(city, k -> new long[2]);
            c[0]++;
            c[1] += cents;
        }
        Files.writeString(home.resolve("orders.csv"), csv);

        long t = System.nanoTime();
        String out = "";
        for (String command : commands) {
            List<String> args = shellWords(command.replace("--cluster 127.0.0.1:5701",
                    "--cluster 127.0.0.1:" + ports[0] + " --cluster-name " + cluster));
            out = run(home, Duration.ofMinutes(3), args.toArray(String[]::new));
        }
        step("README: navpack load of a CSV, navpack sql", t);
        Map<String, String> rows = new TreeMap<>();
        for (String line : out.split("\n")) {
            String[] cells = line.split("\\|");
            if (cells.length == 3 && !cells[0].isBlank() && !cells[0].strip().equals("city")) {
                rows.put(cells[0].strip(), cells[1].strip() + " " + new java.math.BigDecimal(cells[2].strip()).stripTrailingZeros().toPlainString());
            }
        }
        Map<String, String> expected = new TreeMap<>();
        oracle.forEach((city, c) -> expected.put(city, c[0] + " " + java.math.BigDecimal.valueOf(c[1], 2).stripTrailingZeros().toPlainString()));
        assertThat(rows).as("the README's query:\n" + out).isEqualTo(expected);

        // the keys the README says a load without --key gives: the file's name and the row number, from 1
        String keys = run(home, Duration.ofMinutes(3), "bin/navpack", "sql", "--cluster", "127.0.0.1:" + ports[0],
                "--cluster-name", cluster, "SELECT __key, city FROM orders WHERE __key IN ('orders-1', 'orders-1000')"
                        + " ORDER BY __key");
        Map<String, String> byKey = new TreeMap<>();
        for (String line : keys.split("\n")) {
            String[] cells = line.split("\\|");
            if (cells.length == 2 && cells[0].strip().startsWith("orders-")) {
                byKey.put(cells[0].strip(), cells[1].strip());
            }
        }
        assertThat(byKey).as("keys of the README's load:\n" + keys)
                .isEqualTo(Map.of("orders-1", cityOf[1], "orders-1000", cityOf[1000]));
    }

    @Test
    @Order(5)
    void theJavaExampleCompilesAgainstLibAndAnswersLikeItsOracle() {
        long t = System.nanoTime();
        String out = run(home.resolve("examples/java-client"), Duration.ofMinutes(3), "./run.sh", "2000");
        step("Java example: javac against lib/ and run", t);
        assertThat(out).contains("stored 2,000 orders").contains("every answer equals the orders filtered in memory")
                .doesNotContain("WRONG")
                .as("the client's start-up line, from the plain navpack-serializer jar's manifest")
                .contains("navpack " + VERSION + " active on this client");
    }

    @Test
    @Order(6)
    void thePythonExampleRunsOnTheWheel() {
        long t = System.nanoTime();
        String python = System.getProperty("navpack.dist.python", "python3");
        run(home, Duration.ofMinutes(3), python, "-m", "venv", ".venv");
        run(home, Duration.ofMinutes(5), ".venv/bin/pip", "install", "-q", "--disable-pip-version-check",
                "python/navpack-" + VERSION + "-py3-none-any.whl[hazelcast]");
        assertThat(run(home, Duration.ofMinutes(1), ".venv/bin/python", "-c", "import navpack; print(navpack.__version__)").trim())
                .isEqualTo(VERSION);
        step("Python: venv and the wheel installed", t);
        t = System.nanoTime();
        String out = run(home, Duration.ofMinutes(3), ".venv/bin/python", "examples/python/readings.py",
                "--cluster", "127.0.0.1:" + ports[0], "--cluster-name", cluster);
        step("Python example", t);
        assertThat(out).contains("every answer equals the readings filtered in memory").doesNotContain("WRONG");
    }

    /** SIGTERM (what Ctrl-C sends too) shuts a member of bin/navpack-member down gracefully: nothing is lost. */
    @Test
    @Order(7)
    void aMemberStoppedWithSigtermHandsItsPartitionsOverFirst() throws Exception {
        Process second = members.get(1);
        long t = System.nanoTime();
        second.destroy();
        assertThat(second.waitFor(60, TimeUnit.SECONDS)).as("the second member stops within 60 s").isTrue();
        step("second member stopped (SIGTERM)", t);
        assertThat(Files.readString(memberLogs.get(0))).as("the first member's log")
                .contains("Shutdown request of Member [127.0.0.1]:" + ports[1]);
        String json = navpack("sql", "--json", "SELECT COUNT(*) AS n FROM fpml");
        assertThat(new ObjectMapper().readTree(json.substring(json.indexOf('['))).get(0).get("n").asInt())
                .as("documents left on the one member").isEqualTo(FpmlSet.parse().size());
    }

    // ---- the command line and processes

    /** A command line split as a shell splits it: words, and double-quoted strings as one word. */
    private static List<String> shellWords(String line) {
        List<String> words = new ArrayList<>();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"([^\"]*)\"|(\\S+)").matcher(line);
        while (m.find()) {
            words.add(m.group(1) != null ? m.group(1) : m.group(2));
        }
        return words;
    }

    private static String navpack(String... args) {
        List<String> command = new ArrayList<>(List.of("bin/navpack", args[0], "--cluster", "127.0.0.1:" + ports[0],
                "--cluster-name", cluster));
        command.addAll(List.of(args).subList(1, args.length));
        return run(home, Duration.ofMinutes(5), command.toArray(String[]::new));
    }

    /** Only PATH and JAVA_HOME (this JVM's JDK) of the environment: nothing of the build leaks into the bundle. */
    private static Map<String, String> environment(ProcessBuilder pb) {
        Map<String, String> env = pb.environment();
        String path = env.get("PATH");
        env.clear();
        env.put("PATH", path);
        env.put("HOME", work.toString());
        env.put("JAVA_HOME", Path.of(System.getProperty("java.home")).toString());
        return env;
    }

    /** Runs a command in {@code dir}; its output (standard error with it) when it exits with 0, else an assertion error. */
    static String run(Path dir, Duration timeout, String... command) {
        try {
            Path log = Files.createTempFile(work, "run-", ".log");
            ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            environment(pb);
            Process p = pb.start();
            if (!p.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError(String.join(" ", command) + " did not end within " + timeout + ":\n" + Files.readString(log));
            }
            String out = Files.readString(log);
            assertThat(p.exitValue()).as(String.join(" ", command) + " in " + dir + ":\n" + out).isZero();
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static void awaitLine(Path log, String text) throws Exception {
        long deadline = System.nanoTime() + START.toNanos();
        while (System.nanoTime() < deadline) {
            if (Files.exists(log) && Files.readString(log).contains(text)) {
                return;
            }
            for (Process p : members) {
                assertThat(p.isAlive()).as("member process, log:\n" + Files.readString(log)).isTrue();
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no '" + text + "' in " + log + " within " + START + ":\n" + Files.readString(log));
    }

    private static void edit(Path file, Map<String, String> replacements) throws IOException {
        String s = Files.readString(file);
        for (Map.Entry<String, String> r : replacements.entrySet()) {
            assertThat(s).as(file.getFileName() + " has " + r.getKey()).contains(r.getKey());
            s = s.replace(r.getKey(), r.getValue());
        }
        Files.writeString(file, s);
    }

    /** Two free ports, one after the other. */
    private static int[] freePortPair() throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            try (ServerSocket first = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
                 ServerSocket second = new ServerSocket(first.getLocalPort() + 1, 1, java.net.InetAddress.getLoopbackAddress())) {
                return new int[] {first.getLocalPort(), second.getLocalPort()};
            } catch (IOException | IllegalArgumentException taken) {
                // the next port is taken: try another pair
            }
        }
        throw new IOException("no two free ports one after the other on 127.0.0.1");
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }

    private static void step(String what, long startedNanos) {
        System.out.printf("[bundle] %-48s %6.1f s%n", what, (System.nanoTime() - startedNanos) / 1e9);
    }

    // ---- the oracle: the FpML documents as DOM trees (FpmlSet, from navpack-documents-hazelcast's test-jar)

    /** The values at a path, the most frequent first (each document counted once per value). */
    private static List<String> frequent(Map<String, Element> oracle, String path) {
        Map<String, Long> counts = oracle.values().stream().flatMap(r -> FpmlSet.values(r, path).stream().distinct())
                .collect(Collectors.groupingBy(Function.identity(), TreeMap::new, Collectors.counting()));
        return counts.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()
                .thenComparing(Map.Entry.comparingByKey())).map(Map.Entry::getKey).toList();
    }

    private static String mostFrequent(Map<String, Element> oracle, String path) {
        return frequent(oracle, path).get(0);
    }
}
