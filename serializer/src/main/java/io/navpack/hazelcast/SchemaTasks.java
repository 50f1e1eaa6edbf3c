package io.navpack.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.DataSerializable;
import io.navpack.format.Schema;
import io.navpack.format.SchemaConflictException;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Callable;

/** The member-side tasks that share schemas across a cluster; sent with the cluster's executor service. */
public final class SchemaTasks {
    private SchemaTasks() {
    }

    /** Registers a schema on a member; answers null, or the member's different schema under the same id and version. */
    public static final class Publish implements Callable<byte[]>, DataSerializable, HazelcastInstanceAware {
        private byte[] schema;
        private transient HazelcastInstance hz;

        public Publish() {
        }

        Publish(Schema schema) {
            this.schema = schema.toBytes();
        }

        @Override
        public void setHazelcastInstance(HazelcastInstance hz) {
            this.hz = hz;
        }

        @Override
        public byte[] call() {
            NavpackContext.of(hz).servedSchemaRequest();
            try {
                NavpackContext.of(hz).registry().learn(Schema.fromBytes(schema));
                return null;
            } catch (SchemaConflictException e) {
                return e.existing().toBytes();
            }
        }

        @Override
        public void writeData(ObjectDataOutput out) throws IOException {
            out.writeByteArray(schema);
        }

        @Override
        public void readData(ObjectDataInput in) throws IOException {
            schema = in.readByteArray();
        }
    }

    /** Looks a schema up in one member's registry only (never asks further); answers its bytes or null. */
    public static final class Find implements Callable<byte[]>, DataSerializable, HazelcastInstanceAware {
        private int typeId;
        private int version;
        private transient HazelcastInstance hz;

        public Find() {
        }

        Find(int typeId, int version) {
            this.typeId = typeId;
            this.version = version;
        }

        @Override
        public void setHazelcastInstance(HazelcastInstance hz) {
            this.hz = hz;
        }

        @Override
        public byte[] call() {
            NavpackContext.of(hz).servedSchemaRequest();
            Schema s = NavpackContext.of(hz).registry().local(typeId, version);
            return s == null ? null : s.toBytes();
        }

        @Override
        public void writeData(ObjectDataOutput out) throws IOException {
            out.writeInt(typeId);
            out.writeInt(version);
        }

        @Override
        public void readData(ObjectDataInput in) throws IOException {
            typeId = in.readInt();
            version = in.readInt();
        }
    }

    /** Gives a member many schemas at once, e.g. every schema of the cluster to a member that just joined. */
    public static final class Learn implements Callable<Integer>, DataSerializable, HazelcastInstanceAware {
        private List<byte[]> schemas;
        private transient HazelcastInstance hz;

        public Learn() {
        }

        Learn(Collection<Schema> schemas) {
            this.schemas = new ArrayList<>();
            for (Schema s : schemas) {
                this.schemas.add(s.toBytes());
            }
        }

        @Override
        public void setHazelcastInstance(HazelcastInstance hz) {
            this.hz = hz;
        }

        /** Number of schemas that were new to the member. */
        @Override
        public Integer call() {
            NavpackContext ctx = NavpackContext.of(hz);
            int added = 0;
            for (byte[] b : schemas) {
                Schema s = Schema.fromBytes(b);
                if (ctx.registry().local(s.typeId(), s.version()) == null) {
                    try {
                        ctx.registry().learn(s);
                        added++;
                    } catch (SchemaConflictException e) {
                        ctx.warn("refused a schema from another member: " + e.getMessage());
                    }
                }
            }
            return added;
        }

        @Override
        public void writeData(ObjectDataOutput out) throws IOException {
            out.writeInt(schemas.size());
            for (byte[] b : schemas) {
                out.writeByteArray(b);
            }
        }

        @Override
        public void readData(ObjectDataInput in) throws IOException {
            int n = in.readInt();
            schemas = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                schemas.add(in.readByteArray());
            }
        }
    }

    /** Every schema one member holds, as binary forms. */
    public static final class All implements Callable<List<byte[]>>, DataSerializable, HazelcastInstanceAware {
        private transient HazelcastInstance hz;

        public All() {
        }

        @Override
        public void setHazelcastInstance(HazelcastInstance hz) {
            this.hz = hz;
        }

        @Override
        public List<byte[]> call() {
            List<byte[]> out = new ArrayList<>();
            for (Schema s : NavpackContext.of(hz).registry().schemas()) {
                out.add(s.toBytes());
            }
            return out;
        }

        @Override
        public void writeData(ObjectDataOutput out) {
            // no state
        }

        @Override
        public void readData(ObjectDataInput in) {
            // no state
        }
    }
}
