package io.navpack.hazelcast.schemas;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import com.hazelcast.core.ReadOnly;
import com.hazelcast.map.EntryProcessor;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.DataSerializable;
import io.navpack.format.Schema;
import io.navpack.format.SchemaCatalog;
import io.navpack.format.SchemaConflictException;
import io.navpack.format.SchemaException;
import io.navpack.format.SchemaPublisher;
import io.navpack.format.spi.SchemaProtocol;
import io.navpack.hazelcast.NavpackContext;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * The member-side work of sharing schemas across a cluster.
 *
 * <p>The cluster's schemas are agreed in one entry of a partitioned map, the <b>catalog</b>: the
 * {@link SchemaCatalog} in binary form, under key {@value #CATALOG_KEY} of map {@value #CATALOG}. A
 * registration is an entry processor on that entry ({@link Register}); the partition owner runs entry
 * processors on one key one at a time, so two registrations racing for the same type id and version are
 * decided there, once, and the catalog's backups hold the outcome. Every member also keeps every schema
 * in its own registry, sent with the executor service ({@link Learn}), so that reading a value never
 * waits for the catalog.
 */
public final class SchemaTasks {
    /** Name of the map that holds the cluster's schema catalog; configure it like any map (backups, a MapStore). */
    public static final String CATALOG = "__navpack.schemas";
    /** The key of the catalog's one entry. */
    public static final String CATALOG_KEY = "catalog";
    /** The executor service that carries schemas between members. */
    public static final String EXECUTOR = "__navpack";
    /** The topic on which a JVM that meets a schema nobody holds asks for it (a {@code long}: type id and version). */
    public static final String MISSING = "__navpack.schemas.missing";

    private SchemaTasks() {
    }

    /** The catalog in {@code value}, the map entry's value; empty for null. */
    static SchemaCatalog catalogOf(byte[] value) {
        return SchemaProtocol.catalogOf(value);
    }

    private static void count(HazelcastInstance hz) {
        if (hz != null) {
            NavpackContext.of(hz).schemas().servedRequest();
        }
    }

    /**
     * Registers schemas in the catalog, on the partition owner of its entry: each proposal is admitted
     * under the rules of {@link SchemaCatalog#admit} against what the catalog holds (and the proposals
     * before it). Answers, per proposal, the agreed schema or the refusal. The backups receive the
     * resulting catalog, not the proposals.
     */
    public static final class Register implements EntryProcessor<String, byte[], byte[]>, DataSerializable,
            HazelcastInstanceAware {
        private static final long serialVersionUID = 1L;

        private List<byte[]> schemas;
        private boolean[] chooseVersion;
        private transient byte[] updated;
        private transient HazelcastInstance hz;

        public Register() {
        }

        public Register(List<SchemaPublisher.Proposal> proposals) {
            schemas = new ArrayList<>(proposals.size());
            chooseVersion = new boolean[proposals.size()];
            for (int i = 0; i < proposals.size(); i++) {
                schemas.add(proposals.get(i).schema().toBytes());
                chooseVersion[i] = proposals.get(i).chooseVersion();
            }
        }

        @Override
        public void setHazelcastInstance(HazelcastInstance hz) {
            this.hz = hz;
        }

        @Override
        public byte[] process(Map.Entry<String, byte[]> entry) {
            count(hz);
            SchemaProtocol.Registration r = SchemaProtocol.register(entry.getValue(), schemas, chooseVersion);
            if (r.catalog() != null) {
                updated = r.catalog();
                entry.setValue(updated);
            }
            return r.answers();
        }

        @Override
        public EntryProcessor<String, byte[], byte[]> getBackupProcessor() {
            return updated == null ? null : new Replace(updated);
        }

        @Override
        public void writeData(ObjectDataOutput out) throws IOException {
            out.writeInt(schemas.size());
            for (int i = 0; i < schemas.size(); i++) {
                out.writeByteArray(schemas.get(i));
                out.writeBoolean(chooseVersion[i]);
            }
        }

        @Override
        public void readData(ObjectDataInput in) throws IOException {
            int n = in.readInt();
            schemas = new ArrayList<>(n);
            chooseVersion = new boolean[n];
            for (int i = 0; i < n; i++) {
                schemas.add(in.readByteArray());
                chooseVersion[i] = in.readBoolean();
            }
        }
    }

    /** On a backup of the catalog entry: takes the catalog that the primary's {@link Register} produced. */
    public static final class Replace implements EntryProcessor<String, byte[], byte[]>, DataSerializable {
        private static final long serialVersionUID = 1L;
        private byte[] catalog;

        public Replace() {
        }

        Replace(byte[] catalog) {
            this.catalog = catalog;
        }

        @Override
        public byte[] process(Map.Entry<String, byte[]> entry) {
            entry.setValue(catalog);
            return null;
        }

        @Override
        public EntryProcessor<String, byte[], byte[]> getBackupProcessor() {
            return null;
        }

        @Override
        public void writeData(ObjectDataOutput out) throws IOException {
            out.writeByteArray(catalog);
        }

        @Override
        public void readData(ObjectDataInput in) throws IOException {
            catalog = in.readByteArray();
        }
    }

    /** A request about one schema, named by type id and version, run where Hazelcast gives it its instance. */
    abstract static class SchemaKeyTask implements DataSerializable, HazelcastInstanceAware {
        int typeId;
        int version;
        transient HazelcastInstance hz;

        SchemaKeyTask() {
        }

        SchemaKeyTask(int typeId, int version) {
            this.typeId = typeId;
            this.version = version;
        }

        @Override
        public void setHazelcastInstance(HazelcastInstance hz) {
            this.hz = hz;
        }

        /** Counts the request and answers the binary form of {@code s}, or null when it is missing. */
        final byte[] answer(Schema s) {
            count(hz);
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

    /** Reads one schema out of the catalog: its binary form, or null when the catalog lacks it. */
    public static final class Read extends SchemaKeyTask implements EntryProcessor<String, byte[], byte[]>, ReadOnly {
        private static final long serialVersionUID = 1L;

        public Read() {
        }

        Read(int typeId, int version) {
            super(typeId, version);
        }

        @Override
        public byte[] process(Map.Entry<String, byte[]> entry) {
            return answer(catalogOf(entry.getValue()).get(typeId, version));
        }

        @Override
        public EntryProcessor<String, byte[], byte[]> getBackupProcessor() {
            return null;
        }
    }

    /** Looks a schema up in one member's registry only (never asks further); answers its bytes or null. */
    public static final class Find extends SchemaKeyTask implements Callable<byte[]> {
        public Find() {
        }

        Find(int typeId, int version) {
            super(typeId, version);
        }

        @Override
        public byte[] call() {
            return answer(NavpackContext.of(hz).registry().local(typeId, version));
        }
    }

    /**
     * Gives a member schemas that the catalog agreed on (or, for a member that joins, every schema of the
     * others). Answers the schemas it refused because it holds different ones under the same id and version
     * (its own, as binary forms); empty when it holds them all now.
     */
    public static final class Learn implements Callable<List<byte[]>>, DataSerializable, HazelcastInstanceAware {
        private List<byte[]> schemas;
        private transient HazelcastInstance hz;

        public Learn() {
        }

        Learn(Collection<Schema> schemas) {
            this.schemas = SchemaProtocol.toBytes(schemas);
        }

        @Override
        public void setHazelcastInstance(HazelcastInstance hz) {
            this.hz = hz;
        }

        @Override
        public List<byte[]> call() {
            count(hz);
            SchemaService service = NavpackContext.of(hz).schemas();
            return SchemaProtocol.learn(service.registry(), schemas, service::warn);
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
