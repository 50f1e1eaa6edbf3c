package io.navpack.it;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One member's view of the cluster, read from its health endpoint ({@code GET /hazelcast/health}, enabled in
 * the member hazelcast.yaml under {@code network.rest-api}). Each read is bounded by a few seconds.
 */
public record MemberHealth(String nodeState, String clusterState, boolean clusterSafe, int migrationQueueSize, int clusterSize) {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(3);

    /** Reads the health of the member at {@code ip:port}; throws when it does not answer in time. */
    public static MemberHealth read(String ip, int port) {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + ip + ":" + port + "/hazelcast/health"))
                .timeout(REQUEST_TIMEOUT).GET().build();
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IllegalStateException(ip + " health: HTTP " + response.statusCode() + " " + response.body());
            }
            return parse(response.body());
        } catch (IOException e) {
            throw new IllegalStateException(ip + " health: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    static MemberHealth parse(String json) {
        return new MemberHealth(
                string(json, "nodeState"),
                string(json, "clusterState"),
                Boolean.parseBoolean(raw(json, "clusterSafe")),
                Integer.parseInt(raw(json, "migrationQueueSize")),
                Integer.parseInt(raw(json, "clusterSize")));
    }

    /** Active, safe (every backup in place), no migration queued, and {@code members} members seen. */
    public boolean isSettledAt(int members) {
        return "ACTIVE".equals(nodeState) && "ACTIVE".equals(clusterState) && clusterSafe
                && migrationQueueSize == 0 && clusterSize == members;
    }

    private static String string(String json, String field) {
        Matcher m = Pattern.compile("\"" + field + "\"\\s*:\\s*\"([^\"]*)\"").matcher(json);
        if (!m.find()) {
            throw new IllegalStateException("no " + field + " in " + json);
        }
        return m.group(1);
    }

    private static String raw(String json, String field) {
        Matcher m = Pattern.compile("\"" + field + "\"\\s*:\\s*([^,}\\s]+)").matcher(json);
        if (!m.find()) {
            throw new IllegalStateException("no " + field + " in " + json);
        }
        return m.group(1);
    }
}
