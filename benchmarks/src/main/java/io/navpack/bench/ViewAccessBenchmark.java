package io.navpack.bench;

import com.acme.trading.Trade;
import com.acme.trading.TradeGenerator;
import com.acme.trading.TradeView;
import io.navpack.format.Navpack;
import io.navpack.format.PackedRecord;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.Arrays;

/**
 * The cost of reading a trade's fields from an interface view ({@link TradeView} over the value's bytes,
 * a class navpack generates), beside the accessor of a plain Java record ({@link Trade}, every field
 * decoded in advance) and a navpack {@link PackedRecord} read by field index.
 *
 * <p>{@code id}, {@code currency1}, {@code amount1}: one accessor call (a long, a short string, a
 * decimal) on the next of 1 024 values, which stay in the CPU caches. {@code scan}: the scan query over
 * {@code values} trades ({@link TradeGenerator#trades}) held in an array — {@code currency1 = 'EUR' and amount1 >
 * 100000000}, two accessors per value — one operation per pass over all of them.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms3g", "-Xmx3g"})
public class ViewAccessBenchmark {
    private static final int SMALL = 1024;
    private static final BigDecimal AMOUNT = new BigDecimal("100000000");

    @Param({"1000000"})
    public int values;

    private Trade[] records;
    private TradeView[] views;
    private PackedRecord[] packed;
    private Trade[] smallRecords;
    private TradeView[] smallViews;
    private PackedRecord[] smallPacked;
    private int next;
    private int id;
    private int currency1;
    private int amount1;

    @Setup(Level.Trial)
    public void setUp() {
        Navpack navpack = Navpack.of(Trade.class);
        List<Trade> trades = TradeGenerator.trades(values, TradeGenerator.SEED);
        records = trades.toArray(new Trade[0]);
        views = new TradeView[values];
        packed = new PackedRecord[values];
        for (int i = 0; i < values; i++) {
            byte[] bytes = navpack.encode(records[i]);
            views[i] = navpack.view(bytes, TradeView.class);
            packed[i] = navpack.view(bytes);
            if (!views[i].amount1().equals(records[i].amount1()) || views[i].id() != records[i].id()) {
                throw new IllegalStateException("view " + i + " differs from its record");
            }
        }
        smallRecords = Arrays.copyOf(records, Math.min(SMALL, values));
        smallViews = Arrays.copyOf(views, smallRecords.length);
        smallPacked = Arrays.copyOf(packed, smallRecords.length);
        id = packed[0].indexOf("id");
        currency1 = packed[0].indexOf("currency1");
        amount1 = packed[0].indexOf("amount1");
        if (scanRecords() != scanViews() || scanViews() != scanPacked()) {
            throw new IllegalStateException("the scans disagree");
        }
    }

    private int nextIndex() {
        int i = next;
        next = i + 1 == smallRecords.length ? 0 : i + 1;
        return i;
    }

    @Benchmark
    public long recordId() {
        return smallRecords[nextIndex()].id();
    }

    @Benchmark
    public long viewId() {
        return smallViews[nextIndex()].id();
    }

    @Benchmark
    public long packedId() {
        return smallPacked[nextIndex()].getLong(id);
    }

    @Benchmark
    public String recordCurrency1() {
        return smallRecords[nextIndex()].currency1();
    }

    @Benchmark
    public String viewCurrency1() {
        return smallViews[nextIndex()].currency1();
    }

    @Benchmark
    public String packedCurrency1() {
        return smallPacked[nextIndex()].getString(currency1);
    }

    @Benchmark
    public BigDecimal recordAmount1() {
        return smallRecords[nextIndex()].amount1();
    }

    @Benchmark
    public BigDecimal viewAmount1() {
        return smallViews[nextIndex()].amount1();
    }

    @Benchmark
    public BigDecimal packedAmount1() {
        return smallPacked[nextIndex()].getDecimal(amount1);
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public int scanRecords() {
        int n = 0;
        for (Trade t : records) {
            if (t.currency1().equals("EUR") && t.amount1().compareTo(AMOUNT) > 0) {
                n++;
            }
        }
        return n;
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public int scanViews() {
        int n = 0;
        for (TradeView t : views) {
            if (t.currency1().equals("EUR") && t.amount1().compareTo(AMOUNT) > 0) {
                n++;
            }
        }
        return n;
    }

    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public int scanPacked() {
        int n = 0;
        for (PackedRecord t : packed) {
            if (t.getString(currency1).equals("EUR") && t.getDecimal(amount1).compareTo(AMOUNT) > 0) {
                n++;
            }
        }
        return n;
    }
}
