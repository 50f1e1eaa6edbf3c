package io.navpack.coherence;

import com.tangosol.net.CacheFactory;
import com.tangosol.net.NamedCache;
import io.navpack.format.FieldType;
import io.navpack.format.Schema;
import io.navpack.format.SchemaConflictException;
import io.navpack.format.SchemaRegistry;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One side of a schema race, run in an application JVM of its own (a storage-disabled member) and, at the same
 * time, by the test's JVM: once the cache {@code race} holds {@code go}, it registers {@value #TYPES} types whose
 * versions the cluster chooses, each with fields of its own side, and {@value #TYPES} types that declare version 1,
 * each with fields of its own side; then it puts what it was answered into {@code race} under its side's name.
 */
public final class SchemaRacer {
    static final int TYPES = 25;

    private SchemaRacer() {
    }

    public static void main(String[] args) throws Exception {
        String side = args[0];
        NamedCache<String, Object> race = CacheFactory.getCache("race");
        System.out.println("READY");
        System.out.flush();
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (!race.containsKey("go") && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        race.put(side, run(side, NavpackCoherence.get().registry()));
        System.out.println("DONE");
        System.out.flush();
        CacheFactory.shutdown();
    }

    /** Registers the race's schemas for {@code side}; answers type name to agreed version, or "refused: ...". */
    static LinkedHashMap<String, String> run(String side, SchemaRegistry registry) {
        LinkedHashMap<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < TYPES; i++) {
            Schema chosen = registry.registerChoosingVersion(Schema.builder("Race" + i).typeId(9000 + i).version(1)
                    .field("id", FieldType.LONG, false).field(side, FieldType.STRING, true).build());
            out.put("Race" + i, String.valueOf(chosen.version()));
            try {
                Schema declared = registry.register(Schema.builder("Fixed" + i).typeId(9500 + i).version(1)
                        .field("id", FieldType.LONG, false).field(side, FieldType.STRING, true).build());
                out.put("Fixed" + i, String.valueOf(declared.version()));
            } catch (SchemaConflictException e) {
                out.put("Fixed" + i, "refused: " + e.getMessage());
            }
        }
        return out;
    }

    /** The answers as a plain map. */
    static Map<String, String> answers(Object stored) {
        @SuppressWarnings("unchecked")
        Map<String, String> m = (Map<String, String>) stored;
        return m;
    }
}
