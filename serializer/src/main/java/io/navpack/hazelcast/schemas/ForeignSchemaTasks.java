package io.navpack.hazelcast.schemas;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.HazelcastInstanceAware;
import com.hazelcast.nio.ObjectDataInput;
import com.hazelcast.nio.ObjectDataOutput;
import com.hazelcast.nio.serialization.DataSerializableFactory;
import com.hazelcast.nio.serialization.IdentifiedDataSerializable;
import io.navpack.format.NavpackException;
import io.navpack.format.Schema;
import io.navpack.format.SchemaConflictException;
import io.navpack.format.SchemaRegistry;
import io.navpack.hazelcast.NavpackContext;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The schema work that clients in other languages (navpack's Python package) ask members to do, as
 * {@link IdentifiedDataSerializable} tasks that any Hazelcast client can send to the executor service
 * {@value SchemaTasks#EXECUTOR}: {@link Publish} registers schemas exactly as a Java client's registry does —
 * agreed in the cluster's catalog, then given to every member — and {@link Find} looks one up in a member's
 * registry. Such clients read the catalog itself ({@value SchemaTasks#CATALOG}, key {@value SchemaTasks#CATALOG_KEY})
 * as a plain map entry. Members find the {@link #factory()} through navpack's Hazelcast hook
 * ({@code io.navpack.hazelcast.internal.NavpackDataSerializerHook}, listed in
 * {@code META-INF/services/com.hazelcast.DataSerializerHook}): no configuration.
 *
 * <p>Answers are byte arrays: {@code int count}, then per schema a kind byte — 0 agreed (then the schema's
 * binary form), 1 conflict (the problem, then the binary form of the schema it conflicts with), 2 refused
 * (the reason) — texts and schemas each as an {@code int} length and bytes (UTF-8 for texts), big-endian.
 */
public final class ForeignSchemaTasks {
    /**
     * The factory id of these tasks: "NP", as navpack's serializer type id; navpack's other
     * {@code IdentifiedDataSerializable} class, {@code SetFieldProcessor}, has class id 3 in it.
     */
    public static final int FACTORY_ID = 0x4E50;
    /** Class id of {@link Publish}. */
    public static final int PUBLISH = 1;
    /** Class id of {@link Find}. */
    public static final int FIND = 2;

    static final int AGREED = 0;
    static final int CONFLICT = 1;
    static final int REFUSED = 2;

    private ForeignSchemaTasks() {
    }

    /** The factory of these tasks, under {@link #FACTORY_ID}. */
    public static DataSerializableFactory factory() {
        return classId -> switch (classId) {
            case PUBLISH -> new Publish();
            case FIND -> new Find();
            default -> null;
        };
    }

    /**
     * Registers schemas in the member's registry, which agrees each with the cluster's catalog (choosing its
     * version when asked) and gives it to every member, then answers the agreed schemas or the refusals.
     */
    public static final class Publish implements Callable<byte[]>, IdentifiedDataSerializable, HazelcastInstanceAware {
        private List<byte[]> schemas = new ArrayList<>();
        private List<Boolean> chooseVersion = new ArrayList<>();
        private transient HazelcastInstance hz;

        public Publish() {
        }

        /** A request for {@code schemas}, each with its version chosen by the catalog when {@code chooseVersion}. */
        public Publish(List<Schema> schemas, boolean chooseVersion) {
            for (Schema s : schemas) {
                this.schemas.add(s.toBytes());
                this.chooseVersion.add(chooseVersion);
            }
        }

        @Override
        public void setHazelcastInstance(HazelcastInstance hz) {
            this.hz = hz;
        }

        @Override
        public byte[] call() {
            SchemaRegistry registry = NavpackContext.of(hz).registry();
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (DataOutputStream out = new DataOutputStream(bytes)) {
                out.writeInt(schemas.size());
                for (int i = 0; i < schemas.size(); i++) {
                    try {
                        Schema proposal = Schema.fromBytes(schemas.get(i));
                        Schema agreed = chooseVersion.get(i) ? registry.registerChoosingVersion(proposal)
                                : registry.register(proposal);
                        out.writeByte(AGREED);
                        write(out, agreed.toBytes());
                    } catch (SchemaConflictException e) {
                        out.writeByte(CONFLICT);
                        write(out, e.problem().getBytes(StandardCharsets.UTF_8));
                        write(out, e.existing().toBytes());
                    } catch (NavpackException e) {
                        out.writeByte(REFUSED);
                        write(out, String.valueOf(e.getMessage()).getBytes(StandardCharsets.UTF_8));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return bytes.toByteArray();
        }

        private static void write(DataOutputStream out, byte[] b) throws IOException {
            out.writeInt(b.length);
            out.write(b);
        }

        @Override
        public int getFactoryId() {
            return FACTORY_ID;
        }

        @Override
        public int getClassId() {
            return PUBLISH;
        }

        @Override
        public void writeData(ObjectDataOutput out) throws IOException {
            out.writeInt(schemas.size());
            for (int i = 0; i < schemas.size(); i++) {
                out.writeByteArray(schemas.get(i));
                out.writeBoolean(chooseVersion.get(i));
            }
        }

        @Override
        public void readData(ObjectDataInput in) throws IOException {
            int n = in.readInt();
            if (n < 0 || n > 65_536) {
                throw new IOException("a schema publication of " + n + " schemas");
            }
            schemas = new ArrayList<>(n);
            chooseVersion = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                schemas.add(in.readByteArray());
                chooseVersion.add(in.readBoolean());
            }
        }
    }

    /** Looks a schema up in one member's registry only; answers its binary form, or null. */
    public static final class Find implements Callable<byte[]>, IdentifiedDataSerializable, HazelcastInstanceAware {
        private int typeId;
        private int version;
        private transient HazelcastInstance hz;

        public Find() {
        }

        public Find(int typeId, int version) {
            this.typeId = typeId;
            this.version = version;
        }

        @Override
        public void setHazelcastInstance(HazelcastInstance hz) {
            this.hz = hz;
        }

        @Override
        public byte[] call() {
            Schema s = NavpackContext.of(hz).registry().local(typeId, version);
            return s == null ? null : s.toBytes();
        }

        @Override
        public int getFactoryId() {
            return FACTORY_ID;
        }

        @Override
        public int getClassId() {
            return FIND;
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
}
