package io.navpack.agent;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/** A JVM started without the agent: waits for a line on stdin, then reports whether the agent is loaded. */
public final class LateAttachTarget {

    private LateAttachTarget() {
    }

    public static void main(String[] args) throws Exception {
        System.out.println("before " + NavpackAgent.isInstalled());
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        in.readLine();
        System.out.println("after " + NavpackAgent.isInstalled());
        if (NavpackAgent.isInstalled()) {
            java.util.concurrent.ConcurrentHashMap<String, String> map = new java.util.concurrent.ConcurrentHashMap<>();
            map.put("a", "b");
            WalkResult r = GraphSizer.fromAgent().walk(map, WalkOptions.defaults());
            System.out.println("unreadable " + r.unreadableFields().size() + " objects " + r.objects());
        }
        System.out.flush();
    }
}
