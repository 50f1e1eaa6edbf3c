package io.navpack.bench;

import io.navpack.bench.codec.NavpackCodec;
import io.navpack.bench.model.Shape;
import io.navpack.format.Navpack;
import io.navpack.format.PackedRecord;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * navpack reads from views that already exist (a view cached by Hazelcast with the entry, or
 * reused for several attributes of one query): one field by index, no view creation. Run with
 * {@code -prof gc}: a long read should leave no garbage, a string or decimal read only its result.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--add-opens=java.base/java.lang=ALL-UNNAMED"})
public class NavpackViewReadBenchmark {
    private PackedRecord[] views;
    private int next;
    private int id;
    private int currency1;
    private int amount1;

    @Setup
    public void setUp() {
        Navpack navpack = new NavpackCodec().navpack();
        List<?> trades = Shape.TRADE.data();
        views = new PackedRecord[trades.size()];
        for (int i = 0; i < views.length; i++) {
            views[i] = navpack.view(navpack.encode(trades.get(i)));
        }
        id = views[0].indexOf("id");
        currency1 = views[0].indexOf("currency1");
        amount1 = views[0].indexOf("amount1");
    }

    private PackedRecord nextView() {
        int i = next;
        next = i + 1 == views.length ? 0 : i + 1;
        return views[i];
    }

    @Benchmark
    public long readLong() {
        return nextView().getLong(id);
    }

    @Benchmark
    public String readString() {
        return nextView().getString(currency1);
    }

    @Benchmark
    public BigDecimal readDecimal() {
        return nextView().getDecimal(amount1);
    }
}
