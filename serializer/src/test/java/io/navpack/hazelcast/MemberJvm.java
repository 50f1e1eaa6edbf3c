package io.navpack.hazelcast;

import com.hazelcast.config.Config;
import com.hazelcast.config.ConfigXmlGenerator;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A Hazelcast member in its own JVM, started with {@code HazelcastMemberStarter} and a generated
 * hazelcast.xml. Its class path holds Hazelcast, navpack's main classes (or jars) and the member-side
 * test tasks of the packages named at start (by default {@code io.navpack.hazelcast.member}) — never
 * the user's domain classes.
 */
public final class MemberJvm implements AutoCloseable {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(90);

    private final String name;
    private final Process process;
    private final Path log;

    private MemberJvm(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /** The port the member listens on, as it says when it has started. */
    public int port() {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\]:(\\d+) is STARTED").matcher(logText());
        if (!m.find()) {
            throw new IllegalStateException(name + " has not said that it started");
        }
        return Integer.parseInt(m.group(1));
    }

    /** Starts a member with {@code config} and waits until it reports STARTED. */
    public static MemberJvm start(String name, Config config, Path workDir, String... taskPackages) {
        return start(name, new ConfigXmlGenerator(true, false).generate(config), List.of(), workDir, taskPackages);
    }

    /**
     * Starts a member with the hazelcast.xml text {@code xml}, on the Hazelcast jar {@code hazelcastJar}
     * instead of the one on this JVM's class path when it is not null (members of another Hazelcast
     * version), and waits until it reports STARTED.
     */
    public static MemberJvm start(String name, String xmlText, Path hazelcastJar, Path workDir, String... taskPackages) {
        return start(name, xmlText, hazelcastJar == null ? List.of() : List.of(hazelcastJar), workDir, true, taskPackages);
    }

    /**
     * As above, with Hazelcast's jars ({@code hazelcast}, {@code hazelcast-sql}) of another version in place of
     * those on this JVM's class path when {@code hazelcastJars} is not empty.
     */
    public static MemberJvm start(String name, String xmlText, List<Path> hazelcastJars, Path workDir,
                                  String... taskPackages) {
        return start(name, xmlText, hazelcastJars, workDir, true, taskPackages);
    }

    /**
     * As above, with {@code extraClassPath} (e.g. a JDBC driver) on the member's class path too, and {@code jvmOptions}
     * before the main class.
     */
    public static MemberJvm start(String name, String xmlText, List<Path> extraClassPath, List<String> jvmOptions,
                                  Path workDir, String... taskPackages) {
        return start(name, xmlText, List.of(), extraClassPath, jvmOptions, workDir, true, true, taskPackages);
    }

    /** As above, on Hazelcast's jars {@code hazelcastJars} of another version when that list is not empty. */
    public static MemberJvm start(String name, String xmlText, List<Path> hazelcastJars, List<Path> extraClassPath,
                                  List<String> jvmOptions, Path workDir, String... taskPackages) {
        return start(name, xmlText, hazelcastJars, extraClassPath, jvmOptions, workDir, true, true, taskPackages);
    }

    /** Starts a member with Hazelcast alone on its class path: no navpack jar, no task. */
    public static MemberJvm startWithoutNavpack(String name, Config config, Path workDir) {
        return start(name, new ConfigXmlGenerator(true, false).generate(config), List.of(), workDir, false);
    }

    /**
     * Starts a member with Hazelcast alone on its class path, as {@link #startWithoutNavpack}, without waiting for it
     * to start: for a member that may be refused.
     */
    public static MemberJvm launchWithoutNavpack(String name, Config config, Path workDir) {
        return start(name, new ConfigXmlGenerator(true, false).generate(config), List.of(), workDir, false, false);
    }

    private static MemberJvm start(String name, String xmlText, List<Path> hazelcastJars, Path workDir, boolean navpack,
                                   String... taskPackages) {
        return start(name, xmlText, hazelcastJars, workDir, navpack, true, taskPackages);
    }

    private static MemberJvm start(String name, String xmlText, List<Path> hazelcastJars, Path workDir, boolean navpack,
                                   boolean await, String... taskPackages) {
        return start(name, xmlText, hazelcastJars, List.of(), List.of(), workDir, navpack, await, taskPackages);
    }

    private static MemberJvm start(String name, String xmlText, List<Path> hazelcastJars, List<Path> extraClassPath,
                                   List<String> jvmOptions, Path workDir, boolean navpack, boolean await,
                                   String... taskPackages) {
        try {
            Files.createDirectories(workDir);
            Path xml = workDir.resolve(name + ".xml");
            Files.writeString(xml, xmlText, StandardCharsets.UTF_8);
            Path log = workDir.resolve(name + ".log");
            List<String> cmd = new ArrayList<>();
            cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            cmd.add("-Xmx256m");
            cmd.add("-XX:+UseSerialGC");
            cmd.add("-XX:TieredStopAtLevel=1");
            cmd.add("-Dhazelcast.phone.home.enabled=false");
            cmd.add("-Dhazelcast.logging.type=jdk");
            cmd.add("-Djava.net.preferIPv4Stack=true");
            cmd.add("-Dhazelcast.config=" + xml);
            cmd.addAll(jvmOptions);
            cmd.add("-cp");
            String classPath = memberClassPath(workDir, hazelcastJars, navpack, taskPackages.length == 0
                    ? new String[] {"io.navpack.hazelcast.member"} : taskPackages);
            for (Path extra : extraClassPath) {
                classPath += File.pathSeparator + extra;
            }
            cmd.add(classPath);
            cmd.add("com.hazelcast.core.server.HazelcastMemberStarter");
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            MemberJvm m = new MemberJvm(name, p, log);
            if (await) {
                m.awaitLog("is STARTED", START_TIMEOUT);
            }
            return m;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Hazelcast's jars (hazelcast-sql too when it is on this JVM's class path), navpack's main classes or jars and the
     * documents' parsers (unless {@code navpack} is false), and the member-side tasks copied out of the test classes.
     */
    private static String memberClassPath(Path workDir, List<Path> hazelcastJars, boolean navpack, String[] taskPackages)
            throws IOException {
        List<String> entries = new ArrayList<>();
        for (Path jar : hazelcastJars) {
            entries.add(jar.toString());
        }
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String fileName = Path.of(e).getFileName().toString();
            boolean hazelcast = fileName.matches("hazelcast-(sql-)?\\d[^-]*\\.jar") && hazelcastJars.isEmpty();
            boolean navpackJar = fileName.matches("navpack-[a-z-]+-\\d[^/]*\\.jar") && !fileName.endsWith("-tests.jar");
            boolean mainClasses = e.endsWith(File.separator + "classes") && !e.endsWith("test-classes");
            // the documents' parsers, which navpack-member holds (relocated) beside navpack's classes
            boolean parsers = fileName.matches("(aalto-xml|stax2-api|jackson-(core|databind|annotations|dataformat-csv))-\\d[^/]*\\.jar");
            if (hazelcast || navpack && (navpackJar || mainClasses || parsers)) {
                entries.add(e);
            }
        }
        if (!navpack) {
            return String.join(File.pathSeparator, entries);
        }
        Path tasks = workDir.resolve("member-tasks");
        for (String pkg : taskPackages) {
            copyPackage(pkg, tasks);
        }
        entries.add(tasks.toString());
        return String.join(File.pathSeparator, entries);
    }

    /** Copies the classes of one package (from a directory or a jar on the class path) below {@code target}. */
    private static void copyPackage(String pkg, Path target) throws IOException {
        String path = pkg.replace('.', '/');
        Path to = target.resolve(path);
        Files.createDirectories(to);
        java.util.Enumeration<java.net.URL> roots = MemberJvm.class.getClassLoader().getResources(path);
        boolean found = false;
        while (roots.hasMoreElements()) {
            java.net.URL url = roots.nextElement();
            if ("file".equals(url.getProtocol())) {
                try (Stream<Path> files = Files.list(Path.of(java.net.URI.create(url.toString())))) {
                    for (Path f : (Iterable<Path>) files::iterator) {
                        Files.copy(f, to.resolve(f.getFileName().toString()), StandardCopyOption.REPLACE_EXISTING);
                        found = true;
                    }
                }
            } else if ("jar".equals(url.getProtocol())) {
                java.net.JarURLConnection c = (java.net.JarURLConnection) url.openConnection();
                c.setUseCaches(false);
                try (java.util.jar.JarFile jar = c.getJarFile()) {
                    for (java.util.jar.JarEntry entry : java.util.Collections.list(jar.entries())) {
                        String n = entry.getName();
                        if (n.startsWith(path + "/") && n.lastIndexOf('/') == path.length() && n.endsWith(".class")) {
                            try (java.io.InputStream in = jar.getInputStream(entry)) {
                                Files.copy(in, to.resolve(n.substring(path.length() + 1)), StandardCopyOption.REPLACE_EXISTING);
                                found = true;
                            }
                        }
                    }
                }
            }
        }
        if (!found) {
            throw new IllegalStateException("no classes of package " + pkg + " on the class path");
        }
    }

    public void awaitLog(String text, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (logText().contains(text)) {
                return;
            }
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + ":\n" + tail());
            }
            sleep(200);
        }
        throw new IllegalStateException(name + " did not log '" + text + "' within " + timeout + ":\n" + tail());
    }

    public String logText() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private String tail() {
        String t = logText();
        return t.length() > 4000 ? t.substring(t.length() - 4000) : t;
    }

    /** Ends the JVM at once, as a crash would. */
    public void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Freezes the JVM (SIGSTOP) and waits until every thread of it is stopped: it stops answering without closing its connections. */
    public void freeze() {
        signal("-STOP");
        Path tasks = Path.of("/proc", Long.toString(process.pid()), "task");
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            try (Stream<Path> threads = Files.list(tasks)) {
                if (threads.allMatch(t -> state(t.resolve("stat")) == 'T')) {
                    return;
                }
            } catch (IOException | UncheckedIOException e) {
                // a thread ended while listing: look again
            }
            sleep(10);
        }
        throw new IllegalStateException(name + " did not stop within 10 s");
    }

    /** The state letter of /proc/.../stat (after the command name in parentheses). */
    private static char state(Path stat) {
        try {
            String s = Files.readString(stat);
            return s.charAt(s.lastIndexOf(')') + 2);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Lets a frozen JVM go on (SIGCONT). */
    public void thaw() {
        signal("-CONT");
    }

    private void signal(String signal) {
        try {
            Process kill = new ProcessBuilder("kill", signal, Long.toString(process.pid())).inheritIO().start();
            if (!kill.waitFor(10, java.util.concurrent.TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill " + signal + " " + process.pid() + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public void close() {
        kill();
    }

    public static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
