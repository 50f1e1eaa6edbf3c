package io.navpack.extract;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import com.hazelcast.map.IMap;
import io.navpack.format.PackedRecord;
import io.navpack.format.Schema;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.Locale;

/**
 * Runs on a member: measures (or re-measures) the break-even of every schema found among the first
 * values the member owns in the given maps, and answers the member's figures for every schema it has
 * seen. Send it with {@code IExecutorService.submitToAllMembers}.
 */
public final class CalibrationTask implements Callable<List<String[]>>, Serializable, HazelcastInstanceAware {
    private static final long serialVersionUID = 1L;
    private static final int SAMPLE_KEYS = 200;

    private final List<String> maps;
    private transient HazelcastInstance hz;

    public CalibrationTask(List<String> maps) {
        this.maps = new ArrayList<>(maps);
    }

    @Override
    public void setHazelcastInstance(HazelcastInstance hz) {
        this.hz = hz;
    }

    /** Rows of [member, schema, break-even, pinned, full decode ns, single read ns]. */
    @Override
    public List<String[]> call() {
        Set<Schema> measured = new HashSet<>();
        for (String name : maps) {
            IMap<Object, Object> map = hz.getMap(name);
            int seen = 0;
            for (Object key : map.localKeySet()) {
                if (seen++ == SAMPLE_KEYS) {
                    break;
                }
                Object v = map.get(key);
                if (v instanceof PackedRecord && measured.add(((PackedRecord) v).schema())) {
                    BreakEven.of(((PackedRecord) v).schema()).remeasure((PackedRecord) v);
                }
            }
        }
        String member = hz.getCluster().getLocalMember().getAddress().toString();
        List<String[]> rows = new ArrayList<>();
        for (BreakEven b : BreakEven.all()) {
            Calibrator.Result r = b.measurement();
            rows.add(new String[] {member, b.schema().typeName() + " v" + b.schema().version(), Integer.toString(b.value()),
                    Boolean.toString(b.isPinned()), r == null ? "" : String.format(Locale.ROOT, "%.0f", r.fullNanos()),
                    r == null ? "" : String.format(Locale.ROOT, "%.1f", r.singleNanos())});
        }
        return rows;
    }
}
