package io.navpack.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.testcontainers.images.builder.ImageFromDockerfile;

/**
 * The distribution's member Dockerfile ({@code dist/src/bundle/Dockerfile}), read as Docker reads it, and the same
 * image built {@code FROM scratch} instead of {@code FROM hazelcast/hazelcast}: Hazelcast's jars where the official
 * image keeps them ({@code /opt/hazelcast/lib}), then the Dockerfile's own {@code COPY} and {@code ENV} instructions as
 * they are. A member of it starts as the official image's {@code hz start} starts one: the class path
 * {@code /opt/hazelcast/*}, {@code CLASSPATH}, {@code /opt/hazelcast/lib/*}, the member configuration named by
 * {@code HAZELCAST_CONFIG} and then {@code JAVA_OPTS}, on the host's JDK (bind-mounted: nothing is pulled).
 *
 * <p>The Dockerfile may only hold {@code ARG}, {@code FROM}, {@code COPY} and {@code ENV}: a scratch image has no shell
 * to {@code RUN} anything in, and this class refuses what it cannot reproduce.
 */
public final class MemberDockerfile {

    /** Where the official image keeps Hazelcast ({@code HZ_HOME}). */
    public static final String HZ_HOME = "/opt/hazelcast";
    private static final Pattern ENV_PAIR = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)=(\"([^\"]*)\"|(\\S*))");

    private final String from;
    private final List<String[]> copies;
    private final Map<String, String> env;

    private MemberDockerfile(String from, List<String[]> copies, Map<String, String> env) {
        this.from = from;
        this.copies = copies;
        this.env = env;
    }

    /**
     * Reads {@code file}, each {@code @token@} of {@code tokens} replaced first (the build filters the file that way
     * into the distribution).
     */
    public static MemberDockerfile read(Path file, Map<String, String> tokens) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (Map.Entry<String, String> t : tokens.entrySet()) {
            text = text.replace("@" + t.getKey() + "@", t.getValue());
        }
        Map<String, String> args = new LinkedHashMap<>();
        Map<String, String> env = new LinkedHashMap<>();
        List<String[]> copies = new ArrayList<>();
        String from = null;
        for (String line : text.replaceAll("\\\\\\r?\\n", " ").split("\\r?\\n")) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            String[] parts = l.split("\\s+", 2);
            String instruction = parts[0].toUpperCase(java.util.Locale.ROOT);
            String rest = parts.length > 1 ? parts[1] : "";
            switch (instruction) {
                case "ARG" -> {
                    String[] kv = rest.split("=", 2);
                    args.put(kv[0], kv.length > 1 ? kv[1] : "");
                }
                case "FROM" -> from = expand(rest, args);
                case "COPY" -> {
                    String[] srcDst = rest.split("\\s+");
                    if (srcDst.length != 2 || srcDst[0].startsWith("--")) {
                        throw new IllegalArgumentException(file + ": COPY with one source and one destination only: " + l);
                    }
                    copies.add(srcDst);
                }
                case "ENV" -> {
                    Matcher m = ENV_PAIR.matcher(rest);
                    while (m.find()) {
                        env.put(m.group(1), m.group(3) != null ? m.group(3) : m.group(4));
                    }
                }
                default -> throw new IllegalArgumentException(file + ": " + instruction
                        + " cannot be reproduced on a scratch image (ARG, FROM, COPY and ENV only): " + l);
            }
        }
        if (from == null) {
            throw new IllegalArgumentException(file + " has no FROM");
        }
        return new MemberDockerfile(from, copies, env);
    }

    private static String expand(String s, Map<String, String> args) {
        for (Map.Entry<String, String> a : args.entrySet()) {
            s = s.replace("${" + a.getKey() + "}", a.getValue()).replace("$" + a.getKey(), a.getValue());
        }
        return s;
    }

    /** The image the Dockerfile builds on, e.g. {@code hazelcast/hazelcast:5.7.0}. */
    public String from() {
        return from;
    }

    /** The Dockerfile's {@code ENV} settings. */
    public Map<String, String> env() {
        return env;
    }

    /** The Dockerfile's {@code COPY} instructions: source in the build context, destination in the image. */
    public List<String[]> copies() {
        return copies;
    }

    /**
     * The image, {@code FROM scratch}: an empty {@code /tmp}, Hazelcast's jars of {@code hazelcastLib} in
     * {@code /opt/hazelcast/lib}, then each {@code COPY} from {@code context} (source path → file on the host) and the
     * {@code ENV} settings.
     */
    ImageFromDockerfile image(String tag, Map<String, String> labels, Path hazelcastLib, Map<String, Path> context) {
        ImageFromDockerfile image = new ImageFromDockerfile(tag, false)
                .withFileFromString("tmp/.keep", "")
                .withFileFromPath("hazelcast/lib", hazelcastLib);
        for (String[] copy : copies) {
            Path source = context.get(copy[0]);
            if (source == null) {
                throw new IllegalArgumentException("no file for COPY " + copy[0] + " in " + context.keySet());
            }
            image.withFileFromPath("context/" + copy[0], source);
        }
        return image.withDockerfileFromBuilder(dockerfile -> {
            dockerfile.from("scratch").label(labels).copy("tmp", "/tmp").copy("hazelcast", HZ_HOME);
            for (String[] copy : copies) {
                dockerfile.copy("context/" + copy[0], copy[1]);
            }
            env.forEach(dockerfile::env);
            dockerfile.workDir(HZ_HOME).build();
        });
    }

    /**
     * A member's command line as the official image's {@code hz start} makes it ({@code bin/common.sh} and
     * {@code bin/hz} of Hazelcast's distribution), on {@code java}: {@code -Dhazelcast.config=} the configuration, the
     * image's {@code JAVA_OPTS}, then {@code more} (the test's own options), the class path with {@code CLASSPATH}.
     * The official image runs {@code HazelcastServerCommandLine start}, which starts the same member class.
     */
    List<String> command(String java, String config, List<String> more) {
        List<String> command = new ArrayList<>(List.of(java, "-Dhazelcast.config=" + config));
        String javaOpts = env.getOrDefault("JAVA_OPTS", "").strip();
        if (!javaOpts.isEmpty()) {
            command.addAll(List.of(javaOpts.split("\\s+")));
        }
        command.addAll(more);
        String classpath = env.getOrDefault("CLASSPATH", "");
        command.add("-cp");
        command.add(HZ_HOME + "/*" + (classpath.isEmpty() ? "" : ":" + classpath) + ":" + HZ_HOME + "/lib:" + HZ_HOME + "/lib/*");
        command.add("com.hazelcast.core.server.HazelcastMemberStarter");
        return command;
    }
}
