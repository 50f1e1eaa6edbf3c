package io.navpack.bench.clientops.member;

import com.hazelcast.config.Config;
import com.hazelcast.core.Hazelcast;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A benchmark member JVM: starts a Hazelcast member from the hazelcast.xml it is given, and ends its JVM when the JVM
 * that started it goes away (its standard input, a pipe from that JVM, closes) or after a number of minutes at most,
 * whichever comes first: no member outlives its benchmark. Only Hazelcast and the JDK are needed on its class path.
 *
 * <pre>MemberMain &lt;hazelcast.xml&gt; &lt;minutes&gt;</pre>
 */
public final class MemberMain {
    private MemberMain() {
    }

    public static void main(String[] args) throws Exception {
        Config config = Config.loadFromFile(Path.of(args[0]).toFile());
        long minutes = Long.parseLong(args[1]);
        Thread watch = new Thread(() -> {
            InputStream in = System.in;
            try {
                while (in.read() >= 0) {
                    // nothing is ever sent: the stream ends when the benchmark's JVM does
                }
            } catch (IOException e) {
                // the pipe broke: the same
            }
            Runtime.getRuntime().halt(0);
        }, "benchmark-watch");
        watch.setDaemon(true);
        watch.start();
        Hazelcast.newHazelcastInstance(config);
        TimeUnit.MINUTES.sleep(minutes);
        System.err.println("benchmark member: " + minutes + " minutes are up, ending");
        Runtime.getRuntime().halt(3);
    }
}
