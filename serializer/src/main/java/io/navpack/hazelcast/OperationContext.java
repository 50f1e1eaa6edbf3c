package io.navpack.hazelcast;

import com.hazelcast.internal.serialization.Data;
import com.hazelcast.map.impl.operation.KeyBasedMapOperation;
import com.hazelcast.spi.impl.operationexecutor.OperationRunner;
import com.hazelcast.spi.impl.operationservice.NamedOperation;
import com.hazelcast.spi.impl.operationservice.Operation;
import io.navpack.format.Hex;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Names the map (and key) whose value is being read, when the read happens inside a Hazelcast
 * operation on a member: a get, a put that updates an index, a partition scan of a query. Elsewhere
 * (a client's proxy, a query thread) Hazelcast gives no such context and the description is empty.
 * Also says whether the current thread is one of the member's partition threads.
 */
final class OperationContext {
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

    private OperationContext() {
    }

    /**
     * True on a member's partition operation thread. Such a thread must not wait for an operation on
     * another partition: Hazelcast refuses the call from inside an operation, and a wait for a partition
     * that this very thread serves would never end.
     */
    static boolean onPartitionThread() {
        return PARTITION_THREAD != null && PARTITION_THREAD.isInstance(Thread.currentThread());
    }

    /** " in map 'm', key k" for the operation running on this thread, or "" when there is none. */
    static String describe() {
        try {
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

    private static String kind(String service) {
        return "hz:impl:mapService".equals(service) ? "map" : service;
    }

    private static String key(Operation op, Data key) {
        if (key == null) {
            return "?";
        }
        try {
            return String.valueOf((Object) op.getNodeEngine().getSerializationService().toObject(key));
        } catch (RuntimeException e) {
            return "0x" + Hex.of(key.toByteArray());
        }
    }
}
