package io.navpack.documents.hazelcast;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import io.navpack.documents.DocumentFormat;
import io.navpack.documents.DocumentSchema;
import io.navpack.documents.Transcoder;
import io.navpack.format.PackedRecord;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Loads documents into a map as navpack values from one thread: each document is transcoded here, keyed by a
 * {@link KeyPath} in it or by its file (see {@link #load}), and stored in batches with {@code setAllAsync}, at most
 * {@link Builder#maxInFlight(int) maxInFlight} batches on their way at a time. The document schema is registered in
 * the cluster first ({@link DocumentCatalog}), and again whenever it grows to hold a document. Every entry is
 * stored whole or not at all; loading the same documents again stores the same entries under the same keys.
 *
 * <pre>{@code
 * try (DocumentLoader loader = DocumentLoader.into(client, "trades", schema)
 *         .key(KeyPath.parse("trade.tradeHeader.partyTradeIdentifier[0].tradeId[0]")).build()) {
 *     loader.load(DocumentFormat.XML, Files.readAllBytes(file), file.toString(), "trade-1");
 * }   // close() waits until every batch is stored
 * }</pre>
 */
public final class DocumentLoader implements AutoCloseable {
    /** Thrown by {@link #load} once {@link #stop()} was called: the documents before it were sent. */
    public static final class Stopped extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stopped() {
            super("the load was stopped", null, false, false);
        }
    }

    /** A batch that the cluster did not store: its documents' sources and the reason. */
    public record LostBatch(List<String> sources, int documents, String reason) {
    }

    /** Options of a loader. */
    public static final class Builder {
        private final HazelcastInstance hz;
        private final String mapName;
        private final DocumentSchema schema;
        private KeyPath key;
        private int batchSize = 256;
        private int maxInFlight = 8;
        private boolean evolving = true;

        private Builder(HazelcastInstance hz, String mapName, DocumentSchema schema) {
            this.hz = hz;
            this.mapName = mapName;
            this.schema = schema;
        }

        /** The key path; without one, keys are generated from the file names (see {@link #load}). */
        public Builder key(KeyPath path) {
            this.key = path;
            return this;
        }

        /** Entries per {@code setAllAsync} call (default 256). */
        public Builder batchSize(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("a batch holds at least one document: " + n);
            }
            this.batchSize = n;
            return this;
        }

        /** Batches on their way at most (default 8); the loader waits for one to be stored before it sends another. */
        public Builder maxInFlight(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("at least one batch must be on its way: " + n);
            }
            this.maxInFlight = n;
            return this;
        }

        /** Whether a document that does not fit the schema grows it (default) or is refused. */
        public Builder evolving(boolean on) {
            this.evolving = on;
            return this;
        }

        /** Registers the schema in the cluster and returns the loader. */
        public DocumentLoader build() {
            return new DocumentLoader(this);
        }
    }

    private final HazelcastInstance hz;
    private final String mapName;
    private final IMap<Object, PackedRecord> map;
    private final DocumentSchema schema;
    private final Transcoder transcoder;
    private final KeyPath key;
    private final int batchSize;
    private final int maxInFlight;
    private final Semaphore permits;
    private final AtomicLong stored = new AtomicLong();
    private final AtomicLong added = new AtomicLong();
    private final AtomicLong replaced = new AtomicLong();
    private final AtomicLong unchanged = new AtomicLong();
    private final AtomicLong unchecked = new AtomicLong();
    private final AtomicReference<LostBatch> lost = new AtomicReference<>();
    private final List<LostBatch> lostBatches = new ArrayList<>();
    private Map<Object, PackedRecord> batch = new HashMap<>();
    private Set<String> batchSources = new LinkedHashSet<>();
    private final AtomicLong sent = new AtomicLong();
    private volatile boolean stopping;

    private DocumentLoader(Builder b) {
        this.hz = b.hz;
        this.mapName = b.mapName;
        this.map = b.hz.getMap(b.mapName);
        this.schema = b.schema;
        this.transcoder = b.schema.transcoder().evolving(b.evolving);
        this.key = b.key;
        this.batchSize = b.batchSize;
        this.maxInFlight = b.maxInFlight;
        this.permits = new Semaphore(b.maxInFlight);
        DocumentCatalog.publish(hz, mapName, schema);
        schema.onEvolution(s -> DocumentCatalog.publish(hz, mapName, s));
    }

    /** A loader of documents of {@code schema} into the map {@code mapName} of {@code hz}'s cluster. */
    public static Builder into(HazelcastInstance hz, String mapName, DocumentSchema schema) {
        return new Builder(hz, mapName, schema);
    }

    public DocumentSchema schema() {
        return schema;
    }

    /**
     * Transcodes the documents of one file's bytes (one for XML and JSON, one per NDJSON line or CSV row) and
     * queues them for storing; returns how many. Without a key path, a document's key is {@code keyStem} for a
     * file of one document and {@code keyStem-n} (n from 1) for the n-th of a file of several. A document that
     * cannot be transcoded or keyed throws ({@link io.navpack.documents.DocumentException},
     * {@link IllegalArgumentException}); those before it in the file are queued.
     */
    public long load(DocumentFormat format, byte[] bytes, String source, String keyStem) {
        boolean single = format == DocumentFormat.XML || format == DocumentFormat.JSON;
        long[] n = {0};
        transcoder.toRecords(format, bytes, 0, bytes.length, source, record -> {
            if (stopping) {
                throw new Stopped();
            }
            n[0]++;
            Object k;
            try {
                k = key != null ? key.keyOf(record) : single ? keyStem : keyStem + "-" + n[0];
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(source + (single ? "" : " (document " + n[0] + ")") + ": "
                        + e.getMessage(), e);
            }
            add(k, record, source);
        });
        return n[0];
    }

    private void add(Object k, PackedRecord record, String source) {
        batch.put(k, record);
        batchSources.add(source);
        if (batch.size() >= batchSize) {
            send();
        }
    }

    private void send() {
        if (batch.isEmpty()) {
            return;
        }
        Map<Object, PackedRecord> b = batch;
        List<String> sources = new ArrayList<>(batchSources);
        batch = new HashMap<>();
        batchSources = new LinkedHashSet<>();
        try {
            permits.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new Stopped();
        }
        sent.addAndGet(b.size());
        // the byte check: an entry equal to the one stored is not written again
        Map<Object, PackedRecord> write = b;
        long fresh = 0;
        long same = 0;
        boolean checked = true;
        try {
            Map<Object, PackedRecord> old = map.getAll(b.keySet());
            write = new HashMap<>();
            for (Map.Entry<Object, PackedRecord> e : b.entrySet()) {
                Object was = old.get(e.getKey());
                if (was == null) {
                    fresh++;
                    write.put(e.getKey(), e.getValue());
                } else if (was instanceof PackedRecord r && r.equals(e.getValue())) {
                    same++;
                } else {
                    write.put(e.getKey(), e.getValue());
                }
            }
        } catch (RuntimeException e) {
            // the stored entries could not be read (a member lost on the way, say): write all, counted apart
            checked = false;
            write = b;
        }
        long newOnes = fresh;
        long equal = same;
        long others = write.size() - fresh;
        boolean compared = checked;
        if (write.isEmpty()) {
            stored.addAndGet(b.size());
            unchanged.addAndGet(equal);
            permits.release();
            return;
        }
        try {
            map.setAllAsync(write).whenComplete((v, e) -> {
                if (e == null) {
                    stored.addAndGet(b.size());
                    if (compared) {
                        added.addAndGet(newOnes);
                        replaced.addAndGet(others);
                        unchanged.addAndGet(equal);
                    } else {
                        unchecked.addAndGet(b.size());
                    }
                } else {
                    LostBatch l = new LostBatch(sources, b.size(), String.valueOf(e.getMessage()));
                    synchronized (lostBatches) {
                        lostBatches.add(l);
                    }
                    lost.compareAndSet(null, l);
                }
                permits.release();
            });
        } catch (RuntimeException e) {
            permits.release();
            LostBatch l = new LostBatch(sources, b.size(), String.valueOf(e.getMessage()));
            synchronized (lostBatches) {
                lostBatches.add(l);
            }
            lost.compareAndSet(null, l);
        }
    }

    /** Throws {@link IllegalStateException} naming the first batch the cluster did not store, if one was not. */
    public void checkStored() {
        LostBatch l = lost.get();
        if (l != null) {
            throw new IllegalStateException(l.documents() + " documents of " + String.join(", ", l.sources())
                    + " were not stored: " + l.reason());
        }
    }

    /**
     * Sends the last batch and waits up to {@code timeout} until every batch sent is stored or lost; returns
     * whether none is still on its way.
     */
    public boolean flush(long timeout, TimeUnit unit) throws InterruptedException {
        send();
        if (permits.tryAcquire(maxInFlight, timeout, unit)) {
            permits.release(maxInFlight);
            return true;
        }
        return false;
    }

    /** Makes {@link #load} throw {@link Stopped} at its next document, from any thread (e.g. on Ctrl-C). */
    public void stop() {
        stopping = true;
    }

    /** Documents the cluster acknowledged as stored. */
    public long stored() {
        return stored.get();
    }

    /** Stored documents whose key had no entry before. */
    public long added() {
        return added.get();
    }

    /** Stored documents that replaced an entry with other bytes. */
    public long replaced() {
        return replaced.get();
    }

    /** Documents whose entry already held the same bytes: not written again (counted in {@link #stored()}). */
    public long unchanged() {
        return unchanged.get();
    }

    /** Stored documents written without comparing them with the entry before (its read failed). */
    public long unchecked() {
        return unchecked.get();
    }

    /** Documents sent (stored, lost or on their way); a key given twice in one batch counts once. */
    public long sent() {
        return sent.get();
    }

    /** The batches the cluster did not store. */
    public List<LostBatch> lostBatches() {
        synchronized (lostBatches) {
            return List.copyOf(lostBatches);
        }
    }

    /** The name of the map loaded into. */
    public String mapName() {
        return mapName;
    }

    /** Sends the last batch and waits (up to two minutes) until every batch is stored or lost. */
    @Override
    public void close() {
        try {
            flush(2, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
