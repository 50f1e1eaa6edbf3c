package io.navpack.sizing;

import java.util.ArrayList;
import java.util.List;

/** Starts members in child JVMs (the first alone, the others in parallel) and stops them all. */
final class Children implements AutoCloseable {

    final List<ChildJvm> jvms = new ArrayList<>();
    final List<Integer> ports = new ArrayList<>();
    final List<String> uuids = new ArrayList<>();

    /**
     * @param cluster cluster name
     * @param agents one flag per child: started with the agent or not
     * @param extraPorts ports of members started elsewhere (e.g. in the test JVM) to list in the join config
     * @param poolSize executor pool size on the children, or 0 for the default
     */
    static Children start(String cluster, boolean[] agents, List<Integer> extraPorts, int poolSize) throws Exception {
        Children c = new Children();
        try {
            for (int i = 0; i < agents.length; i++) {
                c.ports.add(TestConfigs.freePort());
            }
            List<Integer> all = new ArrayList<>(c.ports);
            all.addAll(extraPorts);
            StringBuilder list = new StringBuilder();
            for (int p : all) {
                list.append(list.length() == 0 ? "" : ",").append(p);
            }
            for (int i = 0; i < agents.length; i++) {
                List<String> args = new ArrayList<>(List.of(cluster, c.ports.get(i).toString(), list.toString()));
                if (poolSize > 0) {
                    args.add(Integer.toString(poolSize));
                }
                c.jvms.add(ChildJvm.start(agents[i], "256m", ChildMember.class, args.toArray(new String[0])));
                if (i == 0) {
                    // the first member becomes the master before the others start: members that all start at
                    // once can each elect themselves and form separate clusters
                    c.uuids.add(c.jvms.get(0).awaitLine("READY ", 120).substring(6).trim());
                }
            }
            for (ChildJvm jvm : c.jvms.subList(1, c.jvms.size())) {
                c.uuids.add(jvm.awaitLine("READY ", 120).substring(6).trim());
            }
            return c;
        } catch (Exception | Error e) {
            c.close();
            throw e;
        }
    }

    @Override
    public void close() {
        for (ChildJvm jvm : jvms) {
            jvm.kill();
        }
    }
}
