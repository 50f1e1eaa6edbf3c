package io.navpack.coherence.schemas;

import com.tangosol.net.AbstractInvocable;
import com.tangosol.util.InvocableMap;
import io.navpack.coherence.NavpackCoherence;
import io.navpack.format.Schema;
import io.navpack.format.SchemaPublisher;
import io.navpack.format.spi.SchemaProtocol;

import java.util.ArrayList;
import java.util.List;

/**
 * The member-side work of sharing schemas across a Coherence cluster: the format's schema protocol
 * ({@link SchemaProtocol}) carried by a cache entry and an invocation service. The catalog is one entry of
 * {@value CoherenceSchemaService#CATALOG}; a registration is an entry processor on it ({@link Register}), which
 * its owner runs one at a time per key, and whose result Coherence backs up. Every member keeps every schema in its
 * own registry ({@link Learn}), so that reading a value never waits for the catalog.
 */
public final class SchemaTasks {
    private SchemaTasks() {
    }

    /** Admits proposals into the catalog ({@link SchemaProtocol#register}); answers the encoded answers. */
    public static final class Register implements InvocableMap.EntryProcessor<String, byte[], byte[]> {
        private static final long serialVersionUID = 1L;
        private final ArrayList<byte[]> schemas;
        private final boolean[] chooseVersion;

        Register(List<SchemaPublisher.Proposal> proposals) {
            schemas = new ArrayList<>(proposals.size());
            chooseVersion = new boolean[proposals.size()];
            for (int i = 0; i < proposals.size(); i++) {
                schemas.add(proposals.get(i).schema().toBytes());
                chooseVersion[i] = proposals.get(i).chooseVersion();
            }
        }

        @Override
        public byte[] process(InvocableMap.Entry<String, byte[]> entry) {
            SchemaProtocol.Registration r = SchemaProtocol.register(entry.isPresent() ? entry.getValue() : null,
                    schemas, chooseVersion);
            if (r.catalog() != null) {
                entry.setValue(r.catalog());
            }
            return r.answers();
        }
    }

    /** One schema of the catalog, as bytes; null when the catalog lacks it. */
    public static final class Read implements InvocableMap.EntryProcessor<String, byte[], byte[]> {
        private static final long serialVersionUID = 1L;
        private final int typeId;
        private final int version;

        Read(int typeId, int version) {
            this.typeId = typeId;
            this.version = version;
        }

        @Override
        public byte[] process(InvocableMap.Entry<String, byte[]> entry) {
            Schema s = SchemaProtocol.catalogOf(entry.isPresent() ? entry.getValue() : null).get(typeId, version);
            return s == null ? null : s.toBytes();
        }
    }

    /**
     * Gives a member schemas the catalog agreed (or, for a member that joins, every schema of another); its result is
     * the list of the schemas it refused ({@link SchemaProtocol#learn}), never null.
     */
    public static final class Learn extends AbstractInvocable {
        private static final long serialVersionUID = 1L;
        private final ArrayList<byte[]> schemas;

        Learn(List<Schema> schemas) {
            this.schemas = new ArrayList<>(SchemaProtocol.toBytes(schemas));
        }

        @Override
        public void run() {
            NavpackCoherence navpack = NavpackCoherence.get();
            setResult(new ArrayList<>(SchemaProtocol.learn(navpack.registry(), schemas,
                    com.oracle.coherence.common.base.Logger::warn)));
        }
    }

    /** A schema of one member's registry (never asked further), as bytes; no result when it lacks it. */
    public static final class Find extends AbstractInvocable {
        private static final long serialVersionUID = 1L;
        private final int typeId;
        private final int version;

        Find(int typeId, int version) {
            this.typeId = typeId;
            this.version = version;
        }

        @Override
        public void run() {
            Schema s = NavpackCoherence.get().registry().local(typeId, version);
            setResult(s == null ? null : s.toBytes());
        }
    }

    /** Every schema one member holds, as bytes. */
    public static final class All extends AbstractInvocable {
        private static final long serialVersionUID = 1L;

        @Override
        public void run() {
            setResult(new ArrayList<>(SchemaProtocol.toBytes(NavpackCoherence.get().registry().schemas())));
        }
    }

    /** A member met a schema nobody had: a JVM that holds it publishes it again. */
    public static final class Missing extends AbstractInvocable {
        private static final long serialVersionUID = 1L;
        private final long key;

        Missing(long key) {
            this.key = key;
        }

        @Override
        public void run() {
            NavpackCoherence.get().schemas().answerMissing(key);
        }
    }
}
