package io.navpack.hazelcast.member;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import io.navpack.format.Schema;
import io.navpack.hazelcast.NavpackContext;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** Runs on a member: what it knows, and whether a class is on its class path. */
public final class MemberProbe implements Callable<List<String>>, Serializable, HazelcastInstanceAware {
    private static final long serialVersionUID = 1L;

    private final String className;
    private transient HazelcastInstance hz;

    /** Lists the schemas the member holds ("name vN"), "class:true|false" for {@code className}, and "schemaRequests:n". */
    public MemberProbe(String className) {
        this.className = className;
    }

    @Override
    public void setHazelcastInstance(HazelcastInstance hz) {
        this.hz = hz;
    }

    @Override
    public List<String> call() {
        List<String> out = new ArrayList<>();
        for (Schema s : NavpackContext.of(hz).registry().schemas()) {
            out.add(s.typeName() + " v" + s.version());
        }
        boolean present;
        try {
            Class.forName(className, false, MemberProbe.class.getClassLoader());
            present = true;
        } catch (ClassNotFoundException e) {
            present = false;
        }
        out.add("class:" + present);
        out.add("schemaRequests:" + NavpackContext.of(hz).schemaRequestsServed());
        return out;
    }
}
