package io.navpack.it.soak;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import com.hazelcast.map.QueryCache;
import com.hazelcast.map.listener.EventLostListener;
import com.hazelcast.nio.serialization.HazelcastSerializationException;
import com.hazelcast.query.Predicates;
import com.hazelcast.sql.SqlResult;
import com.hazelcast.sql.SqlRow;
import io.navpack.format.NavpackFormatException;
import io.navpack.it.soak.member.StampProcessor;
import io.navpack.it.soak.model.TradeFields;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One owner's load in one format: the only thread that writes the owner's keys, so it knows what each of
 * them must hold and checks every read of them, every query and every SQL answer confined to them, as they
 * happen. Reads of other owners' keys are checked for consistency (the fields are what key and seq say).
 */
final class Worker implements Runnable {
    private static final int PUT_ALL_SIZE = 10;
    private static final int GET_ALL_BATCH = 500;

    private final SoakClient client;
    private final SoakFormat format;
    private final int owner;
    private final long[] keys;
    private final IMap<Long, Object> map;
    private final HazelcastInstance hz;
    private final KeyStates states = new KeyStates();
    private final AckLog log;
    private final SplittableRandom random;
    private final Map<Op, OpStats> stats;
    private final Map<Long, TradeFields> fieldCache = new HashMap<>();
    private final boolean queryCacheOwner;
    private long nextSeq;
    private QueryCache<Long, Object> queryCache;
    private final AtomicLong queryCacheEventsLost = new AtomicLong();
    private volatile boolean recoverQueryCache;
    private long queryCacheRecoveries;
    private long queryCacheRecoveriesFailed;
    private long queryCacheRecreations;
    private long queryCacheSilent;
    private long eventsLostAtLastCheck;
    private int handledCheck;

    Worker(SoakClient client, SoakFormat format, int owner, long[] keys, Map<Op, OpStats> stats, boolean queryCacheOwner) {
        this.client = client;
        this.format = format;
        this.owner = owner;
        this.keys = keys;
        this.hz = client.hazelcast();
        this.map = hz.getMap(format.map());
        this.stats = stats;
        this.queryCacheOwner = queryCacheOwner;
        this.random = new SplittableRandom(client.settings().seed() * 1_000_003L + owner * 31L + format.ordinal());
        this.nextSeq = client.settings().generation() * 1_000_000_000L + 1;
        for (int g = 1; g < client.settings().generation(); g++) {
            java.nio.file.Path earlier = client.settings().out().resolve(AckLog.fileName(format, owner, g));
            if (java.nio.file.Files.exists(earlier)) {
                states.replay(earlier);
            }
        }
        this.log = new AckLog(client.settings().out().resolve(AckLog.fileName(format, owner, client.settings().generation())), states);
    }

    String name() {
        return format.label() + "/o" + owner;
    }

    /** Writes every key of the owner once (first generation) or once the first key (later ones: registers its schema). */
    void prepare() {
        boolean v2 = client.settings().v2();
        if (states.size() == 0) {
            Map<Long, Object> batch = new HashMap<>();
            Map<Long, Long> seqs = new HashMap<>();
            for (long key : keys) {
                long seq = nextSeq++;
                batch.put(key, format.value(TradeFields.of(key, owner, seq, v2), v2));
                seqs.put(key, seq);
                if (batch.size() == GET_ALL_BATCH) {
                    putAllLogged(batch, seqs, v2);
                }
            }
            putAllLogged(batch, seqs, v2);
        } else {
            long key = keys[0];
            long seq = nextSeq++;
            retrying("first write", stats.get(Op.PUT), () -> {
                map.set(key, format.value(TradeFields.of(key, owner, seq, v2), v2));
                return null;
            });
            log.put(key, seq, v2);
        }
        log.flush();
        if (queryCacheOwner) {
            createQueryCache();
        }
    }

    /** A query cache over the owner's EUR trades; a lost event asks the worker to recover it (Hazelcast's advice). */
    private void createQueryCache() {
        queryCache = map.getQueryCache("soak-qc-" + format.label() + "-o" + owner, Predicates.sql(queryCachePredicate()), true);
        queryCache.addEntryListener((EventLostListener) event -> {
            queryCacheEventsLost.incrementAndGet();
            recoverQueryCache = true;
        }, false);
    }

    /**
     * What Hazelcast advises after an event loss: {@code tryRecover()} replays the events the publishers still hold; when
     * it cannot ({@code false}), the query cache is destroyed and made again, which reloads it from the map.
     */
    private void recoverQueryCache() {
        queryCacheRecoveries++;
        boolean recovered;
        try {
            recovered = queryCache.tryRecover();
        } catch (RuntimeException e) {
            client.sample(name() + " query cache recovery", e);
            recovered = false;
        }
        if (!recovered) {
            queryCacheRecoveriesFailed++;
            recreateQueryCache();
        }
    }

    private void recreateQueryCache() {
        queryCacheRecreations++;
        try {
            queryCache.destroy();
        } catch (RuntimeException e) {
            client.sample(name() + " query cache destroy", e);
        }
        createQueryCache();
    }

    private String queryCachePredicate() {
        return "owner = " + owner + " AND currency1 = 'EUR'";
    }

    private void putAllLogged(Map<Long, Object> batch, Map<Long, Long> seqs, boolean v2) {
        if (batch.isEmpty()) {
            return;
        }
        retrying("preload", stats.get(Op.PUT_ALL), () -> {
            map.putAll(batch);
            return null;
        });
        for (Long key : batch.keySet()) {
            log.put(key, seqs.get(key), v2);
        }
        batch.clear();
        seqs.clear();
    }

    @Override
    public void run() {
        try {
            while (!client.stopping()) {
                int check = client.checkRequested();
                if (check != handledCheck) {
                    handledCheck = check;
                    client.checked(check, check());
                    continue;
                }
                if (client.paused()) {
                    log.flush();
                    client.idle(name());
                    continue;
                }
                if (recoverQueryCache) {
                    recoverQueryCache = false;
                    recoverQueryCache();
                }
                step();
            }
        } catch (Throwable t) {
            client.sample(name() + " worker died", t);
            client.workerDied(name(), t);
        } finally {
            log.flush();
        }
    }

    private void step() {
        Op op = Op.pick(random.nextInt(100));
        OpStats s = stats.get(op);
        long started = System.nanoTime();
        try {
            switch (op) {
                case GET -> get(s);
                case PUT -> put(s);
                case PUT_ALL -> putAll(s);
                case PROCESS -> process(s);
                case QUERY -> query(s);
                case SQL -> sql(s);
            }
            s.ok.increment();
        } catch (RuntimeException e) {
            s.errors.increment();
            switch (classify(e)) {
                case UNKNOWN_SCHEMA -> s.unknownSchema.increment();
                case UNREADABLE -> s.unreadable.increment();
                case OTHER -> { }
            }
            client.sample(name() + " " + op.label(), e);
        } finally {
            s.record(System.nanoTime() - started);
        }
    }

    enum Failure { UNKNOWN_SCHEMA, UNREADABLE, OTHER }

    static Failure classify(Throwable e) {
        Failure found = Failure.OTHER;
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
            if (message.contains("unknown schema") || message.contains("schema can not be found")) {
                return Failure.UNKNOWN_SCHEMA;
            }
            if (t instanceof NavpackFormatException || t instanceof HazelcastSerializationException || message.contains("cannot be read")
                    || message.contains("cannot read")) {
                found = Failure.UNREADABLE;
            }
        }
        return found;
    }

    private long ownKey() {
        return keys[random.nextInt(keys.length)];
    }

    private int ownerOf(long key) {
        return (int) (key % client.settings().owners());
    }

    private boolean own(long key) {
        return ownerOf(key) == owner;
    }

    /** The fields of {@code key} in state {@code c}, from a cache (owner's keys only). */
    private TradeFields fieldsOf(long key, KeyStates.Candidate c) {
        TradeFields f = fieldCache.get(key);
        if (f == null || f.seq() != c.seq() || (f.venue() != null) != c.venue()) {
            f = TradeFields.of(key, owner, c.seq(), c.venue());
            fieldCache.put(key, f);
        }
        return f;
    }

    /**
     * Checks a value read for {@code key}: its fields must be what key and seq say; for an own key its state must be one
     * the key may be in. Returns the seq read, or -1 for no value.
     */
    private long checkRead(long key, Object value, OpStats s) {
        if (value == null) {
            if (own(key)) {
                count(s, key, states.judge(key, -1, null), "no value");
            } else {
                s.stale.increment();
                client.sampleText(name() + ": no value for key " + key + " of another owner (every key is written before the load)");
            }
            return -1;
        }
        TradeFields read;
        try {
            read = SoakFormat.fields(value);
        } catch (RuntimeException e) {
            s.invalid.increment();
            client.sample(name() + " value of key " + key, e);
            return -1;
        }
        TradeFields expected = TradeFields.of(key, ownerOf(key), read.seq(), read.venue() != null);
        if (!expected.equals(read)) {
            s.invalid.increment();
            client.sampleText(name() + ": key " + key + " read " + read + " but its seq gives " + expected);
        }
        if (own(key)) {
            count(s, key, states.judge(key, read.seq(), client.settings().v2() ? read.venue() != null : null), "seq " + read.seq());
        }
        return read.seq();
    }

    private void count(OpStats s, long key, KeyStates.Verdict verdict, String read) {
        switch (verdict) {
            case OK -> { }
            case LOST -> {
                s.stale.increment();
                client.sampleText(name() + ": key " + key + " read " + read + ", older than its last acknowledged write "
                        + states.acceptable(key));
            }
            case UNEXPECTED -> {
                s.unexpected.increment();
                client.sampleText(name() + ": key " + key + " read " + read + ", which it cannot hold " + states.acceptable(key));
            }
        }
    }

    private void get(OpStats s) {
        long key = 1 + random.nextInt(client.settings().keys());
        checkRead(key, map.get(key), s);
    }

    private void put(OpStats s) {
        long key = ownKey();
        long seq = nextSeq++;
        boolean v2 = client.settings().v2();
        Object before;
        try {
            before = map.put(key, format.value(TradeFields.of(key, owner, seq, v2), v2));
        } catch (RuntimeException e) {
            log.putInDoubt(key, seq, v2);
            throw e;
        }
        checkRead(key, before, s);
        log.put(key, seq, v2);
    }

    private void putAll(OpStats s) {
        boolean v2 = client.settings().v2();
        Map<Long, Object> batch = new HashMap<>();
        Map<Long, Long> seqs = new HashMap<>();
        while (batch.size() < Math.min(PUT_ALL_SIZE, keys.length)) {
            long key = ownKey();
            if (!batch.containsKey(key)) {
                long seq = nextSeq++;
                batch.put(key, format.value(TradeFields.of(key, owner, seq, v2), v2));
                seqs.put(key, seq);
            }
        }
        try {
            map.putAll(batch);
        } catch (RuntimeException e) {
            seqs.forEach((k, seq) -> log.putInDoubt(k, seq, v2));
            throw e;
        }
        seqs.forEach((k, seq) -> log.put(k, seq, v2));
    }

    private void process(OpStats s) {
        long key = ownKey();
        long seq = nextSeq++;
        TradeFields f = TradeFields.of(key, owner, seq, false);
        long before;
        try {
            before = map.executeOnKey(key, new StampProcessor(seq, f.tradeDate(), f.currency1(), f.amount1(), f.amount2()));
        } catch (RuntimeException e) {
            log.processInDoubt(key, seq);
            throw e;
        }
        if (before == StampProcessor.WRONG_KEY || before == StampProcessor.NOT_A_RECORD) {
            s.invalid.increment();
            client.sampleText(name() + ": the entry processor on key " + key + " answered " + before);
            return;
        }
        count(s, key, states.judge(key, before, null), "seq " + before + " in the entry processor");
        log.processed(key, seq, before);
    }

    private void query(OpStats s) {
        Queries.Query q = Queries.random(owner, random);
        List<String> wrong = runQuery(q, s);
        if (!wrong.isEmpty()) {
            s.wrong.increment();
            client.sampleText(name() + ": query " + q + " answered wrongly for " + wrong.size() + " keys: "
                    + wrong.subList(0, Math.min(5, wrong.size())));
        }
    }

    private List<String> runQuery(Queries.Query q, OpStats s) {
        Map<Long, long[]> found = new HashMap<>();
        if (q.values()) {
            for (Map.Entry<Long, Object> e : map.entrySet(q.predicate())) {
                long seq = checkRead(e.getKey(), e.getValue(), s);
                found.put(e.getKey(), new long[] {seq, -1});
            }
        } else {
            for (Long key : map.keySet(q.predicate())) {
                found.put(key, new long[] {-1, -1});
            }
        }
        return Queries.wrongKeys(states, keys, owner, q.oracle(), found, this::fieldsOf);
    }

    private void sql(OpStats s) {
        Queries.Sql q = Queries.sql(format, owner, TradeFields.CURRENCIES[random.nextInt(TradeFields.CURRENCIES.length)],
                client.settings().v2());
        List<String> wrong = runSql(q);
        if (!wrong.isEmpty()) {
            s.wrong.increment();
            client.sampleText(name() + ": SQL " + q + " answered wrongly for " + wrong.size() + " keys: "
                    + wrong.subList(0, Math.min(5, wrong.size())));
        }
    }

    private List<String> runSql(Queries.Sql q) {
        Map<Long, long[]> found = new HashMap<>();
        boolean venue = client.settings().v2();
        try (SqlResult result = hz.getSql().execute(q.statement(), q.parameters().toArray())) {
            for (SqlRow row : result) {
                long key = row.<Long>getObject(0);
                long seq = row.<Long>getObject(1);
                found.put(key, new long[] {seq, venue ? (row.getObject(2) == null ? 0 : 1) : -1});
            }
        }
        return Queries.wrongKeys(states, keys, owner, q.oracle(), found, this::fieldsOf);
    }

    /**
     * Reads every key of the owner and runs every query shape, SQL, and (for the owner with the query cache) waits until
     * the query cache agrees. Transient failures are retried.
     */
    private Map<String, String> check() {
        Map<String, String> out = new TreeMap<>();
        out.put("client", client.settings().tag());
        out.put("format", format.label());
        out.put("owner", Integer.toString(owner));
        OpStats scratch = new OpStats();
        List<Long> all = new ArrayList<>();
        for (long key : keys) {
            all.add(key);
        }
        long lost = 0;
        long unexpected = 0;
        for (int from = 0; from < all.size(); from += GET_ALL_BATCH) {
            Set<Long> batch = new HashSet<>(all.subList(from, Math.min(all.size(), from + GET_ALL_BATCH)));
            Map<Long, Object> read = retrying("check getAll", stats.get(Op.GET), () -> map.getAll(batch));
            for (Long key : batch) {
                checkRead(key, read.get(key), scratch);
            }
        }
        lost += scratch.stale.sum();
        unexpected += scratch.unexpected.sum();
        out.put("keys", Integer.toString(keys.length));
        out.put("lost", Long.toString(lost));
        out.put("unexpected", Long.toString(unexpected));
        out.put("invalid", Long.toString(scratch.invalid.sum()));
        out.put("inDoubt", Long.toString(states.keysInDoubt()));
        int wrongQueries = 0;
        for (Queries.Query q : Queries.check(owner)) {
            List<String> wrong = retrying("check query", stats.get(Op.QUERY), () -> runQuery(q, scratch));
            if (!wrong.isEmpty()) {
                wrongQueries++;
                client.sampleText(name() + ": check query " + q + " wrong for " + wrong.size() + " keys: "
                        + wrong.subList(0, Math.min(5, wrong.size())));
            }
        }
        out.put("queries", Integer.toString(Queries.check(owner).size()));
        out.put("queriesWrong", Integer.toString(wrongQueries));
        int wrongSql = 0;
        boolean v2 = client.settings().v2();
        for (Queries.Sql q : List.of(Queries.sql(format, owner, "EUR", v2), Queries.sqlOwner(format, owner, v2))) {
            List<String> wrong = retrying("check SQL", stats.get(Op.SQL), () -> runSql(q));
            if (!wrong.isEmpty()) {
                wrongSql++;
                client.sampleText(name() + ": check SQL " + q + " wrong for " + wrong.size() + " keys: "
                        + wrong.subList(0, Math.min(5, wrong.size())));
            }
        }
        out.put("sql", "2");
        out.put("sqlWrong", Integer.toString(wrongSql));
        if (queryCache != null) {
            checkQueryCache(out);
        }
        return out;
    }

    /**
     * Waits until the query cache holds exactly the owner's EUR trades. When it does not within the wait, it recovers as
     * Hazelcast advises (tryRecover, else destroy and make again) and waits again. Reports how it came to agree and
     * whether it had drifted without Hazelcast reporting a lost event ("silent").
     */
    private void checkQueryCache(Map<String, String> out) {
        if (recoverQueryCache) {
            recoverQueryCache = false;
            recoverQueryCache();
        }
        long started = System.nanoTime();
        long wait = client.settings().queryCacheWaitMillis();
        String how = "direct";
        List<String> wrong = awaitQueryCache(wait);
        if (!wrong.isEmpty()) {
            if (queryCacheEventsLost.get() == eventsLostAtLastCheck) {
                queryCacheSilent++;
                client.sampleText(name() + ": query cache disagrees for " + wrong.size() + " keys with no lost event reported: "
                        + wrong.subList(0, Math.min(5, wrong.size())));
            }
            how = "tryRecover";
            boolean recovered = queryCache.tryRecover();
            queryCacheRecoveries++;
            wrong = recovered ? awaitQueryCache(wait / 2) : wrong;
            if (!wrong.isEmpty()) {
                if (!recovered) {
                    queryCacheRecoveriesFailed++;
                }
                how = "recreated";
                recreateQueryCache();
                wrong = awaitQueryCache(wait);
            }
        }
        eventsLostAtLastCheck = queryCacheEventsLost.get();
        out.put("qcMillis", Long.toString((System.nanoTime() - started) / 1_000_000));
        out.put("qcWrong", Integer.toString(wrong.size()));
        out.put("qcHow", how);
        out.put("qcSilent", Long.toString(queryCacheSilent));
        out.put("qcEventsLost", Long.toString(queryCacheEventsLost.get()));
        out.put("qcRecoveries", Long.toString(queryCacheRecoveries));
        out.put("qcRecoveriesFailed", Long.toString(queryCacheRecoveriesFailed));
        out.put("qcRecreations", Long.toString(queryCacheRecreations));
        if (!wrong.isEmpty()) {
            client.sampleText(name() + ": query cache " + queryCachePredicate() + " still wrong for " + wrong.size() + " keys: "
                    + wrong.subList(0, Math.min(5, wrong.size())));
        }
    }

    private List<String> awaitQueryCache(long millis) {
        java.util.function.Predicate<TradeFields> oracle = f -> f.owner() == owner && f.currency1().equals("EUR");
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (true) {
            Map<Long, long[]> found = new HashMap<>();
            for (Map.Entry<Long, Object> e : queryCache.entrySet()) {
                found.put(e.getKey(), new long[] {SoakFormat.fields(e.getValue()).seq(), -1});
            }
            List<String> wrong = Queries.wrongKeys(states, keys, owner, oracle, found, this::fieldsOf);
            if (wrong.isEmpty() || System.nanoTime() > deadline) {
                return wrong;
            }
            sleep(100);
        }
    }

    /**
     * Runs a write of the preparation or a read of a check, again after a failure (10 times at most); failures count as
     * failed operations of {@code counted}, so that an unknown schema or an unreadable value is seen wherever it happens.
     */
    private <T> T retrying(String what, OpStats counted, java.util.function.Supplier<T> action) {
        RuntimeException last = null;
        for (int attempt = 0; attempt < 10; attempt++) {
            try {
                return action.get();
            } catch (RuntimeException e) {
                last = e;
                counted.errors.increment();
                switch (classify(e)) {
                    case UNKNOWN_SCHEMA -> counted.unknownSchema.increment();
                    case UNREADABLE -> counted.unreadable.increment();
                    case OTHER -> { }
                }
                client.sample(name() + " " + what + " (attempt " + (attempt + 1) + ")", e);
                sleep(1_000);
            }
        }
        throw last;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static Map<Op, OpStats> newStats() {
        Map<Op, OpStats> m = new EnumMap<>(Op.class);
        for (Op op : Op.values()) {
            m.put(op, new OpStats());
        }
        return m;
    }
}
