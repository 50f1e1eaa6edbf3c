package io.navpack.hazelcast.internal;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.internal.serialization.Data;
import com.hazelcast.map.impl.operation.KeyBasedMapOperation;
import com.hazelcast.spi.impl.operationexecutor.OperationRunner;
import com.hazelcast.spi.impl.operationservice.NamedOperation;
import com.hazelcast.spi.impl.operationservice.Operation;
import com.hazelcast.map.impl.MapService;
import com.hazelcast.map.impl.MapServiceContext;
import com.hazelcast.map.impl.recordstore.RecordStore;
import com.hazelcast.spi.impl.NodeEngine;
import com.hazelcast.spi.impl.operationexecutor.impl.PartitionOperationThread;
import com.hazelcast.spi.impl.operationservice.PartitionAwareOperation;
import io.navpack.format.spi.Hex;
import io.navpack.format.PackedRecord;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * Names the map (and key) whose value is being read, when the read happens inside a Hazelcast
 * operation on a member: a get, a put that updates an index, a partition scan of a query, an index
 * build. Elsewhere (a client's proxy, a query thread of a parallel scan) Hazelcast gives no such
 * context and the description is empty. Also says whether the current thread is one of the member's
 * partition threads. The one place where navpack reads Hazelcast's operation threads and record
 * stores.
 */
@ProvenOn({"5.5.0", "5.6.0", "5.7.0"})
public final class OperationThreads {
    private static final Class<?> OPERATION_THREAD;
    private static final Class<?> PARTITION_THREAD;
    private static final VarHandle CURRENT_RUNNER;
    static {
        Class<?> partition;
        try {
            partition = Class.forName("com.hazelcast.spi.impl.operationexecutor.impl.PartitionOperationThread");
        } catch (ReflectiveOperationException | LinkageError e) {
            partition = null;
        }
        PARTITION_THREAD = partition;
        Class<?> thread = null;
        VarHandle runner = null;
        try {
            thread = Class.forName("com.hazelcast.spi.impl.operationexecutor.impl.OperationThread");
            runner = MethodHandles.privateLookupIn(thread, MethodHandles.lookup())
                    .findVarHandle(thread, "currentRunner", OperationRunner.class);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            thread = null;
            runner = null;
        }
        OPERATION_THREAD = thread;
        CURRENT_RUNNER = runner;
    }

    private OperationThreads() {
    }

    /**
     * True on a member's partition operation thread. Such a thread must not wait for an operation on
     * another partition: Hazelcast refuses the call from inside an operation, and a wait for a partition
     * that this very thread serves would never end.
     */
    public static boolean onPartitionThread() {
        return PARTITION_THREAD != null && PARTITION_THREAD.isInstance(Thread.currentThread());
    }

    /** " in map 'm', key k" for the operation running on this thread, or "" when there is none. */
    public static String describe() {
        try {
            Target where = current();
            if (where != null) {
                return " in map '" + where.map() + "'" + (where.key() != null ? ", key " + key(where.op(), where.key()) : "");
            }
            Thread t = Thread.currentThread();
            if (CURRENT_RUNNER == null || !OPERATION_THREAD.isInstance(t)) {
                return "";
            }
            OperationRunner runner = (OperationRunner) CURRENT_RUNNER.get(t);
            Object task = runner == null ? null : runner.currentTask();
            if (!(task instanceof Operation) || !(task instanceof NamedOperation)) {
                return "";
            }
            Operation op = (Operation) task;
            StringBuilder sb = new StringBuilder(" in ").append(kind(op.getServiceName())).append(" '")
                    .append(((NamedOperation) op).getName()).append('\'');
            if (op instanceof KeyBasedMapOperation) {
                sb.append(", key ").append(key(op, ((KeyBasedMapOperation) op).getKey()));
            }
            return sb.toString();
        } catch (RuntimeException | LinkageError e) {
            return "";
        }
    }

    /** What the operation (or query task) on this thread works on: a map, a partition or -1, a key or null. */
    private record Target(Operation op, String map, int partition, Data key) {
    }

    private static Target current() {
        Thread t = Thread.currentThread();
        if (CURRENT_RUNNER == null || !OPERATION_THREAD.isInstance(t)) {
            return null;
        }
        OperationRunner runner = (OperationRunner) CURRENT_RUNNER.get(t);
        Object task = runner == null ? null : runner.currentTask();
        if (task instanceof NamedOperation && task instanceof Operation
                && MapService.SERVICE_NAME.equals(((Operation) task).getServiceName())) {
            Operation op = (Operation) task;
            return new Target(op, ((NamedOperation) op).getName(), op instanceof PartitionAwareOperation ? op.getPartitionId() : -1,
                    op instanceof KeyBasedMapOperation ? ((KeyBasedMapOperation) op).getKey() : null);
        }
        return null;
    }

    /** Entries whose map and key were looked up already, by the identity of the value's array. */
    private static final Map<byte[], String[]> LOCATED = Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * The map and key (as text) of the entry whose value {@code value} wraps, as far as this member can
     * tell; either may be null. From the operation on this thread when it names them (a put, a get, an
     * entry processor); otherwise the entry is looked up in the record stores the query or index build on
     * this thread reads (those a partition thread owns, or all on this member for a query its caller runs)
     * by the identity of the stored bytes or deserialised value — once per value, for errors only. {@code member}
     * is the member the value was read on, or null when not known.
     */
    public static String[] locate(PackedRecord value, HazelcastInstance member) {
        NodeEngine engine = member == null ? null : HazelcastInstances.nodeEngine(member);
        try {
            Target where = current();
            if (where != null && where.key() != null) {
                return new String[] {where.map(), key(where.op(), where.key())};
            }
            byte[] bytes = value.array();
            String[] known = LOCATED.get(bytes);
            if (known != null) {
                return known;
            }
            if (where != null) {
                engine = where.op().getNodeEngine();
            }
            String[] found = {where == null ? null : where.map(), null};
            Thread t = Thread.currentThread();
            if (engine != null) {
                MapServiceContext maps = ((MapService) engine.getService(MapService.SERVICE_NAME)).getMapServiceContext();
                int partitions = engine.getPartitionService().getPartitionCount();
                int threads = engine.getOperationService().getPartitionThreadCount();
                int threadId = t instanceof PartitionOperationThread ? ((PartitionOperationThread) t).getThreadId() : -1;
                Collection<String> names = where != null ? List.of(where.map()) : maps.getMapContainers().keySet();
                Data[] key = new Data[1];
                for (String map : names) {
                    for (int p = 0; p < partitions && key[0] == null; p++) {
                        // on a partition thread only the partitions it owns (their stores do not change meanwhile);
                        // elsewhere (a query run by its caller) all, as the query itself reads them
                        if (where != null && where.partition() >= 0 ? p != where.partition() : threadId >= 0 && p % threads != threadId) {
                            continue;
                        }
                        RecordStore<?> store = maps.getExistingRecordStore(p, map);
                        if (store != null) {
                            store.forEach((k, r) -> {
                                if (key[0] == null && (holds(r.getValue(), value, bytes)
                                        || holds(r.getCachedValueUnsafe(), value, bytes))) {
                                    key[0] = k;
                                }
                            }, false);
                        }
                    }
                    if (key[0] != null) {
                        found = new String[] {map, key(where != null ? where.op() : null, engine, key[0])};
                        break;
                    }
                }
            }
            if (LOCATED.size() < 10_000) {
                LOCATED.put(bytes, found);
            }
            return found;
        } catch (RuntimeException | LinkageError e) {
            return new String[2];
        }
    }

    private static boolean holds(Object stored, PackedRecord value, byte[] bytes) {
        return stored == value || stored instanceof Data && ((Data) stored).toByteArray() == bytes
                || stored instanceof PackedRecord && ((PackedRecord) stored).array() == bytes;
    }

    private static String kind(String service) {
        return "hz:impl:mapService".equals(service) ? "map" : service;
    }

    private static String key(Operation op, Data key) {
        return key(op, op.getNodeEngine(), key);
    }

    private static String key(Operation op, NodeEngine engine, Data key) {
        if (key == null) {
            return "?";
        }
        try {
            return String.valueOf((Object) engine.getSerializationService().toObject(key));
        } catch (RuntimeException e) {
            return "0x" + Hex.of(key.toByteArray());
        }
    }
}
