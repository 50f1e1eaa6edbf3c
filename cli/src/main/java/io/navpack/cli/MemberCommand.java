package io.navpack.cli;

import com.hazelcast.config.Config;
import com.hazelcast.config.FileSystemXmlConfig;
import com.hazelcast.config.FileSystemYamlConfig;
import com.hazelcast.core.Hazelcast;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.LifecycleEvent;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

@Command(name = "member", mixinStandardHelpOptions = true,
        description = {"Starts a Hazelcast member with navpack, from a member configuration (YAML or XML).", "",
                "The member has everything navpack needs on its class path (serializer, extractors, SQL",
                "connector, index sizer) and the sizing agent; Hazelcast is version 5.7 with hazelcast-sql.",
                "It runs until it is shut down (Ctrl-C, or the cluster shuts it down). Its log goes to",
                "standard error."})
final class MemberCommand implements Callable<Integer> {
    @Option(names = "--config", required = true, paramLabel = "FILE",
            description = "The member's configuration: hazelcast.yaml (.yaml, .yml) or hazelcast.xml.")
    Path config;

    @Override
    public Integer call() throws Exception {
        Config c = load(config);
        Main.logMember();
        if (!c.getJetConfig().isEnabled()) {
            System.err.println("navpack: Jet is not enabled in " + config + ": SQL over navpack maps needs it"
                    + " (hazelcast.jet.enabled: true)");
        }
        HazelcastInstance hz = Hazelcast.newHazelcastInstance(c);
        CountDownLatch stopped = new CountDownLatch(1);
        hz.getLifecycleService().addLifecycleListener(e -> {
            if (e.getState() == LifecycleEvent.LifecycleState.SHUTDOWN) {
                stopped.countDown();
            }
        });
        if (!hz.getLifecycleService().isRunning()) {
            return Main.FAILED;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            if (hz.getLifecycleService().isRunning()) {
                hz.shutdown();
            }
        }, "navpack-member-shutdown"));
        System.err.println("navpack: member " + hz.getCluster().getLocalMember().getAddress() + " of cluster '"
                + c.getClusterName() + "' started; Ctrl-C stops it");
        stopped.await();
        return Main.OK;
    }

    /** The configuration in {@code file}: YAML by its extension, XML otherwise. */
    static Config load(Path file) throws FileNotFoundException {
        if (!Files.isRegularFile(file)) {
            throw new CliException(Main.USAGE, "no member configuration at " + file);
        }
        String name = String.valueOf(file.getFileName()).toLowerCase(Locale.ROOT);
        return name.endsWith(".yaml") || name.endsWith(".yml") ? new FileSystemYamlConfig(file.toFile())
                : new FileSystemXmlConfig(file.toFile());
    }
}
