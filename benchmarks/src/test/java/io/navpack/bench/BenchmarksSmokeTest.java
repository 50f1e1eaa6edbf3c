package io.navpack.bench;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.Collection;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every benchmark runs once, in this JVM, with no warm-up and one 100 ms iteration on small
 * parameters, so the suite keeps compiling and running. Measures nothing: the numbers live in
 * docs/benchmarks.md, produced by benchmarks/run.sh. The scan query, the sizer walk, the sizer at scale and the
 * query latency during sizing run on maps of 2 000 entries; the sizer benchmarks load the navpack agent into
 * this JVM (surefire allows self-attach).
 */
class BenchmarksSmokeTest {
    static {
        // the extractor grid's warm-up: a few milliseconds per shape, no wait for an idle JIT
        System.setProperty("navpack.bench.grid.prewarm", "quick");
    }

    @ParameterizedTest
    @ValueSource(strings = {"CodecBenchmark", "EncodeIntoBufferBenchmark", "FieldPositionBenchmark",
        "TradeFieldReadBenchmark", "NavpackViewReadBenchmark", "ViewAccessBenchmark", "NearCacheBenchmark",
        "ExtractorGridBenchmark", "ScanQueryBenchmark", "SqlScanBenchmark", "SizerWalkBenchmark",
        "SizerScaleBenchmark", "SizingLatencyBenchmark", "DocumentIngestBenchmark", "DocumentExportBenchmark",
        "DocumentTreeExportBenchmark", "CoherenceSerializerBenchmark", "CoherenceFilterBenchmark"})
    void runs(String benchmark) throws RunnerException {
        ChainedOptionsBuilder options = new OptionsBuilder()
                .include("io\\.navpack\\.bench\\." + benchmark + "\\.")
                .forks(0)
                .warmupIterations(0)
                .measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(100))
                .addProfiler(GCProfiler.class)
                .shouldFailOnError(true);
        if (benchmark.equals("CodecBenchmark") || benchmark.equals("EncodeIntoBufferBenchmark")
                || benchmark.equals("CoherenceSerializerBenchmark")) {
            options.param("shape", "trade");
        }
        if (benchmark.equals("FieldPositionBenchmark") || benchmark.equals("CoherenceFilterBenchmark")) {
            options.param("position", "1", "1024");
        }
        if (benchmark.equals("ExtractorGridBenchmark")) {
            options.param("n", "5").param("k", "1", "5").param("pattern", "first", "random");
        }
        if (benchmark.equals("ScanQueryBenchmark") || benchmark.equals("SqlScanBenchmark")
                || benchmark.equals("SizerWalkBenchmark") || benchmark.equals("NearCacheBenchmark")
                || benchmark.equals("SizerScaleBenchmark") || benchmark.equals("SizingLatencyBenchmark")) {
            options.param("entries", "2000");
        }
        if (benchmark.equals("ViewAccessBenchmark")) {
            options.param("values", "2000");
        }
        Collection<RunResult> results = new Runner(options.build()).run();
        assertThat(results).isNotEmpty();
        for (RunResult r : results) {
            assertThat(r.getPrimaryResult().getSampleCount()).isPositive();
        }
    }
}
