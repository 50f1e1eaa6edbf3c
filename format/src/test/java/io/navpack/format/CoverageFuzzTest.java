package io.navpack.format;

import com.acme.trading.Everything;
import com.acme.trading.Flat;
import com.acme.trading.Leg;
import com.acme.trading.Trade;
import com.code_intelligence.jazzer.junit.FuzzTest;



/**
 * Coverage-guided fuzzing of the format core with Jazzer: any bytes as a value of the registered
 * schemas (the seed trade, an array of nested records and the test classes), through every read of
 * the core. A read either succeeds or throws a {@link NavpackException}, and a field read agrees with
 * the full decode whenever both succeed.
 *
 * <p>In the default build this runs the seeds in {@code CoverageFuzzTestInputs/} (and any input Jazzer
 * saved there as a finding). To fuzz: {@code JAZZER_FUZZ=1 ./mvnw -B -ntp -pl serializer test
 * -Dtest=CoverageFuzzTest} (five minutes; findings are written beside the seeds).
 */
class CoverageFuzzTest {
    private static final Navpack NAVPACK = Navpack.of(Everything.class, Trade.class, Flat.class, Leg.class);

    static {
        NAVPACK.registry().register(Schema.builder("Inner").typeId(53).field("s", FieldType.STRING, true)
                .field("n", FieldType.INT, false).field("x", FieldType.STRING, true).build());
        NAVPACK.registry().register(Schema.builder("Holder").typeId(58)
                .field("items", FieldType.array(FieldType.record("Inner"), true), true).build());
    }

    @FuzzTest(maxDuration = "5m")
    void anyBytes(byte[] bytes) {
        PackedRecord v;
        try {
            v = NAVPACK.view(bytes);
        } catch (NavpackException refused) {
            return;
        }
        Object decoded = attempt(v::decodeAll);
        Object[] all = decoded == REFUSED ? null : (Object[]) decoded;
        for (int i = 0; i < v.fieldCount(); i++) {
            int f = i;
            Object one = attempt(() -> v.get(f));
            if (one != REFUSED && all != null && !Deep.same(one, all[i])) {
                throw new AssertionError("field " + i + " read alone and in full disagree");
            }
        }
        attempt(v::toMap);
        attempt(v::toString);
        attempt(v::validate);
        attempt(v::hashCode);
        RecordBinding<?> binding = NAVPACK.registry().bindingOf(v.schema().typeName());
        if (binding != null) {
            attempt(() -> v.toObject(binding.type()));
        }
    }

    private static final Object REFUSED = new Object();

    /** The call's result, or {@link #REFUSED} when it threw a navpack exception (anything else fails the test). */
    private static Object attempt(java.util.function.Supplier<?> call) {
        try {
            return call.get();
        } catch (NavpackException refused) {
            return REFUSED;
        }
    }
}
