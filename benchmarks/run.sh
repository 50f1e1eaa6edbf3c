#!/usr/bin/env bash
# Runs the JMH benchmark suite and regenerates docs/benchmarks.md with its tables and charts.
#
#   benchmarks/run.sh            full suite on JDK 17 (about 23 minutes on 2 cores), plus a subset on
#                                JDK 25 when one is found (about 4 minutes); raw JSON into docs/benchmarks/raw/
#   benchmarks/run.sh --smoke    every benchmark once: 1 fork, no warm-up, one 100 ms iteration, small
#                                parameters; results and a page copy under benchmarks/target/smoke/
#   options: --no-jdk25         skip the JDK 25 subset
#            --only A,B         run only the benchmark classes whose names contain A or B
#                               (e.g. --only ExtractorGrid,ScanQuery,SizerWalk); their JSON is replaced.
#                               SizerScaleBenchmark (10 million entries, a 14 GiB heap, 25 minutes or more)
#                               runs only when named: --only SizerScale
#            --wait-load MAX    before starting, wait (polling every minute, at most 30 minutes) until the
#                               1-minute load average is at most MAX; the wait is recorded
#            --report           only regenerate the page from the JSON already there
# ClientOpsBenchmark runs each format in a JVM of its own without JMH forks (its operations share one loaded
# cluster): CLIENTOPS_OPTS below, its JSON merged into one file per JDK.
#
# Environment: JAVA (default: java on PATH) runs the JDK 17 suite; JAVA25 (default:
# /usr/lib/jvm/temurin-25-jdk-amd64/bin/java) the JDK 25 subset.
set -euo pipefail
cd "$(dirname "$0")/.."

MODE=full
JDK25_RUN=1
ONLY=""
REPORT_ONLY=0
WAIT_LOAD=""
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) MODE=smoke ;;
    --no-jdk25) JDK25_RUN=0 ;;
    --only) ONLY="$2"; shift ;;
    --wait-load) WAIT_LOAD="$2"; shift ;;
    --report) REPORT_ONLY=1 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

JAVA="${JAVA:-java}"
JAVA25="${JAVA25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}"
JAR=benchmarks/target/benchmarks.jar
STARTED=$SECONDS

if [ ! -f "$JAR" ] || [ -n "$(find benchmarks/src benchmarks/pom.xml format/src documents/src serializer/src extractors/src index-sizer/src agent/src extract-core/src coherence/src \
    -newer "$JAR" -type f -print -quit)" ]; then
  echo "building $JAR"
  ./mvnw -q -B -ntp -pl benchmarks -am package -DskipTests
fi

if [ "$MODE" = smoke ]; then
  OUT=benchmarks/target/smoke
  PAGE="$OUT/benchmarks.md"
  rm -rf "$OUT"
  mkdir -p "$OUT/raw"
  cp docs/benchmarks.md "$PAGE"
  JMH_OPTS=(-f 1 -wi 0 -i 1 -r 100ms -prof gc)
  SCAN_OPTS=(-f 1 -wi 0 -i 1 -r 100ms -prof gc -p entries=2000)
  WALK_OPTS=(-f 1 -wi 0 -i 1 -r 100ms -prof gc -p entries=2000)
  LATENCY_OPTS=(-f 1 -wi 0 -i 1 -r 100ms -p entries=2000)
  INGEST_OPTS=("${JMH_OPTS[@]}")
  SCALE_OPTS=(-f 1 -wi 0 -i 1 -p entries=2000 -jvmArgsAppend "-Xms256m -Xmx2g -XX:+UseSerialGC")
  GRID_JVM=(-Dnavpack.bench.grid.prewarm=quick)
  GRID_ARGS=(5,20 --quick -wi 0 -i 1 -r 100ms -prof gc)
  CLIENTOPS_OPTS=(-wi 0 -i 1 -r 300ms -prof gc -p entries=20000)
  JDK25_RUN=0
else
  OUT=docs/benchmarks
  PAGE=docs/benchmarks.md
  mkdir -p "$OUT/raw"
  JMH_OPTS=(-f 1 -wi 2 -w 1s -i 5 -r 1s -prof gc)
  # one query over 1 M entries takes 0.2-0.5 s: iterations of 3 s; the navpack path needs 4 to settle
  SCAN_OPTS=(-f 1 -wi 4 -w 3s -i 4 -r 3s -prof gc)
  # one walk takes 1-5 s: an iteration is at least one walk
  WALK_OPTS=(-f 1 -wi 2 -w 1s -i 5 -r 1s -prof gc)
  # query latency while a member sizes: one sizing of 500 000 entries takes seconds; 10 s iterations
  LATENCY_OPTS=(-f 1 -wi 1 -w 10s -i 3 -r 10s)
  # the transcoders take 5-6 s of compilation to settle (the XML one's first iterations run 15-45 % slower):
  # 5 warm-ups of 2 s, two forks
  INGEST_OPTS=(-f 2 -wi 5 -w 2s -i 5 -r 2s -prof gc)
  # 10 million entries: after the setup's what-if, heap and accuracy figures (which warm the sizer up), one
  # single shot (one sizing); on a loaded machine the setup alone takes over 10 minutes, JMH's default timeout
  SCALE_OPTS=(-f 1 -wi 0 -i 1 -to 60m)
  # 636 points: short iterations, in one warmed-up JVM per reader (see ExtractorGridBenchmark)
  GRID_JVM=()
  GRID_ARGS=(-wi 2 -w 100ms -i 5 -r 50ms -prof gc)
  CLIENTOPS_OPTS=(-wi 2 -w 1s -i 6 -r 1s -prof gc)
fi

# selected CLASS: true when no --only was given or CLASS contains one of its comma-separated names
selected() {
  [ -z "$ONLY" ] && return 0
  local name
  IFS=',' read -ra names <<< "$ONLY"
  for name in "${names[@]}"; do
    if [ -n "$name" ] && [[ "$1" == *"$name"* ]]; then
      return 0
    fi
  done
  return 1
}

environment() {
  local java="$1"
  {
    echo "date:        $(date -u +%Y-%m-%dT%H:%MZ)"
    echo "cpu:         $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//') ($(nproc) cores)"
    echo "memory:      $(awk '/MemTotal/ {printf "%.1f GiB", $2 / 1048576}' /proc/meminfo)"
    echo "os:          $(uname -sr)"
    echo "java:        $("$java" -version 2>&1 | sed -n 2p)"
    echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min)"
  }
}

# run JDK-NAME JAVA-BINARY CLASS [JMH ARGS...]
run() {
  local jdk="$1" java="$2" class="$3"
  shift 3
  selected "$class" || return 0
  local opts=("${JMH_OPTS[@]}")
  case "$class" in
    ScanQueryBenchmark|SqlScanBenchmark) opts=("${SCAN_OPTS[@]}") ;;
    DocumentIngestBenchmark) opts=("${INGEST_OPTS[@]}") ;;
    # the benchmarks jar is also the navpack agent: members are started with -javaagent
    SizerWalkBenchmark) opts=("${WALK_OPTS[@]}" -jvmArgsPrepend "-javaagent:$JAR") ;;
    SizingLatencyBenchmark) opts=("${LATENCY_OPTS[@]}" -jvmArgsPrepend "-javaagent:$JAR") ;;
    SizerScaleBenchmark) opts=("${SCALE_OPTS[@]}" -jvmArgsPrepend "-javaagent:$JAR") ;;
  esac
  echo "== $jdk $class $*"
  local t0=$SECONDS load0
  load0="$(cut -d' ' -f1-3 /proc/loadavg)"
  "$java" -jar "$JAR" "io.navpack.bench.$class" "${opts[@]}" "$@" \
    -jvm "$java" -rf json -rff "$OUT/raw/$jdk-$class.json" -o "$OUT/raw/$jdk-$class.log"
  tail -n 3 "$OUT/raw/$jdk-$class.log" | sed 's/^/   /'
  echo "   $class: $((SECONDS - t0)) s"
  printf '  %-26s %4d s, load before %s\n' "$class:" $((SECONDS - t0)) "$load0" >> "$OUT/environment-$jdk.txt"
}

# run_grid JDK-NAME JAVA-BINARY: the extractor grid in one JVM (GridRunner: warm-up over every shape of
# every reader, then JMH without forks, point by point)
run_grid() {
  local jdk="$1" java="$2" class=ExtractorGridBenchmark
  selected "$class" || return 0
  local json="$OUT/raw/$jdk-$class.json" log="$OUT/raw/$jdk-$class.log" t0=$SECONDS load0
  load0="$(cut -d' ' -f1-3 /proc/loadavg)"
  rm -f "$json" "$log" "$OUT/raw/$jdk-$class-warmup.txt"
  echo "== $jdk $class (one JVM: warm-up over every shape, then JMH without forks, point by point)"
  # the JVM options of the benchmark's @Fork
  "$java" -Xms1g -Xmx1g ${GRID_JVM[@]+"${GRID_JVM[@]}"} -cp "$JAR" io.navpack.bench.grid.GridRunner "$json" \
    "${GRID_ARGS[@]}" > "$log" 2>&1
  grep -E '^# (warm-up of|navpack break-even|grid:)' "$log" | sed 's/^/   /' || true
  echo "   $class: $((SECONDS - t0)) s"
  printf '  %-26s %4d s, load before %s\n' "$class:" $((SECONDS - t0)) "$load0" >> "$OUT/environment-$jdk.txt"
}

# run_clientops JDK-NAME JAVA-BINARY [JMH ARGS...]: ClientOpsBenchmark, one JVM per format (the JVM options of
# its @Fork, JMH without forks, not stopped by another JMH process holding /tmp/jmh.lock), then the formats' JSON
# joined into one file
run_clientops() {
  local jdk="$1" java="$2" class=ClientOpsBenchmark format t0=$SECONDS load0 parts=()
  shift 2
  selected "$class" || return 0
  load0="$(cut -d' ' -f1-3 /proc/loadavg)"
  echo "== $jdk $class (one JVM per format, no forks) $*"
  for format in navpack navpack-view compact ids; do
    local part="$OUT/raw/$jdk-$class-$format.json"
    rm -f "$part"
    "$java" -Xms2g -Xmx2g -Dhazelcast.phone.home.enabled=false --add-modules java.se \
      --add-exports java.base/jdk.internal.ref=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED \
      --add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.management/sun.management=ALL-UNNAMED \
      --add-opens jdk.management/com.sun.management.internal=ALL-UNNAMED \
      -Djmh.ignoreLock=true -jar "$JAR" "io.navpack.bench.$class" -f 0 "${CLIENTOPS_OPTS[@]}" -p "format=$format" "$@" \
      -rf json -rff "$part" -o "$OUT/raw/$jdk-$class-$format.log" || echo "   $format failed"
    grep -E '^# .* loaded in' "$OUT/raw/$jdk-$class-$format.log" | sed 's/^/   /' || true
    parts+=("$part")
  done
  "$java" -cp "$JAR" io.navpack.bench.report.MergeResults "$OUT/raw/$jdk-$class.json" "${parts[@]}"
  rm -f "${parts[@]}"
  echo "   $class: $((SECONDS - t0)) s"
  printf '  %-26s %4d s, load before %s\n' "$class:" $((SECONDS - t0)) "$load0" >> "$OUT/environment-$jdk.txt"
}

# run_coherence JAVA-BINARY ENTRIES ROUNDS: the Coherence harnesses (a cluster of their own each): a filter at field
# positions against POF over ENTRIES values, then (full mode only) the seed's index sizing table
run_coherence() {
  local java="$1" entries="$2" rounds="$3" t0 load0
  if selected CoherenceQueryHarness; then
    t0=$SECONDS; load0="$(cut -d' ' -f1-3 /proc/loadavg)"
    echo "== jdk17 CoherenceQueryHarness ($entries values, $rounds rounds)"
    "$java" -Xmx1g -cp "$JAR" io.navpack.bench.coherence.CoherenceQueryHarness "$OUT/raw/jdk17-CoherenceQueryHarness.json" \
      "$entries" "$rounds" > "$OUT/raw/jdk17-CoherenceQueryHarness.log" 2>&1 || echo "   failed"
    grep -E '^# (loaded|bytes)' "$OUT/raw/jdk17-CoherenceQueryHarness.log" | sed 's/^/   /' || true
    printf '  %-26s %4d s, load before %s\n' "CoherenceQueryHarness:" $((SECONDS - t0)) "$load0" >> "$OUT/environment-jdk17.txt"
  fi
  if [ "$MODE" != smoke ] && selected CoherenceIndexSizing; then
    t0=$SECONDS; load0="$(cut -d' ' -f1-3 /proc/loadavg)"
    echo "== jdk17 CoherenceIndexSizingHarness"
    mkdir -p "$OUT/raw/coherence"
    "$java" -Xmx1g -XX:+UseSerialGC -cp "$JAR" io.navpack.bench.coherence.CoherenceIndexSizingHarness \
      "$OUT/raw/coherence/index-sizing.json" > "$OUT/raw/coherence/index-sizing.log" 2>&1 || echo "   failed"
    printf '  %-26s %4d s, load before %s\n' "CoherenceIndexSizing:" $((SECONDS - t0)) "$load0" >> "$OUT/environment-jdk17.txt"
  fi
}

wait_for_load() {
  local max="$1" waited=0
  while awk -v max="$max" '{ exit !($1 > max) }' /proc/loadavg && [ "$waited" -lt 30 ]; do
    echo "load average $(cut -d' ' -f1-3 /proc/loadavg) above $max: waiting a minute ($waited min so far)"
    sleep 60
    waited=$((waited + 1))
  done
  echo "waited $waited min for a 1-minute load average of at most $max; load then: $(cut -d' ' -f1-3 /proc/loadavg)"
}

if [ "$REPORT_ONLY" = 0 ]; then
  WAITED=""
  if [ -n "$WAIT_LOAD" ]; then
    WAITED="$(wait_for_load "$WAIT_LOAD" | tee /dev/stderr | tail -n 1)"
  fi
  echo "load average before the run: $(cut -d' ' -f1-3 /proc/loadavg)"
  if [ -n "$ONLY" ]; then
    echo "re-run of '$ONLY' at $(date -u +%Y-%m-%dT%H:%MZ), load before: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/environment-jdk17.txt"
  else
    environment "$JAVA" > "$OUT/environment-jdk17.txt"
  fi
  if [ -n "$WAITED" ]; then
    echo "             ($WAITED)" >> "$OUT/environment-jdk17.txt"
  fi
  if [ "$MODE" = smoke ]; then
    run jdk17 "$JAVA" CodecBenchmark -p shape=trade
    run jdk17 "$JAVA" EncodeIntoBufferBenchmark -p shape=trade
    run jdk17 "$JAVA" FieldPositionBenchmark -p position=1,1024
    run jdk17 "$JAVA" TradeFieldReadBenchmark
    run jdk17 "$JAVA" NavpackViewReadBenchmark
    run jdk17 "$JAVA" ViewAccessBenchmark -p values=2000
    run jdk17 "$JAVA" NearCacheBenchmark -p entries=2000
    run jdk17 "$JAVA" DocumentIngestBenchmark
    run jdk17 "$JAVA" DocumentExportBenchmark
    run jdk17 "$JAVA" DocumentTreeExportBenchmark
  else
    run jdk17 "$JAVA" CodecBenchmark
    run jdk17 "$JAVA" EncodeIntoBufferBenchmark
    run jdk17 "$JAVA" FieldPositionBenchmark
    run jdk17 "$JAVA" TradeFieldReadBenchmark
    run jdk17 "$JAVA" NavpackViewReadBenchmark
    run jdk17 "$JAVA" ViewAccessBenchmark
    run jdk17 "$JAVA" NearCacheBenchmark
    run jdk17 "$JAVA" DocumentIngestBenchmark
    run jdk17 "$JAVA" DocumentExportBenchmark
    run jdk17 "$JAVA" DocumentTreeExportBenchmark
  fi
  run_grid jdk17 "$JAVA"
  run jdk17 "$JAVA" ScanQueryBenchmark
  run jdk17 "$JAVA" SqlScanBenchmark
  run jdk17 "$JAVA" SizerWalkBenchmark
  run jdk17 "$JAVA" SizingLatencyBenchmark
  run_clientops jdk17 "$JAVA"
  if [ "$MODE" = smoke ]; then
    run jdk17 "$JAVA" CoherenceSerializerBenchmark -p shape=trade
    run jdk17 "$JAVA" CoherenceFilterBenchmark -p position=1,1024
    run_coherence "$JAVA" 2000 1
  else
    run jdk17 "$JAVA" CoherenceSerializerBenchmark
    run jdk17 "$JAVA" CoherenceFilterBenchmark
    run_coherence "$JAVA" 100000 8
  fi
  if [ -n "$ONLY" ] || [ "$MODE" = smoke ]; then
    run jdk17 "$JAVA" SizerScaleBenchmark
  fi
  echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$OUT/environment-jdk17.txt"
  if [ "$JDK25_RUN" = 1 ] && [ -x "$JAVA25" ] && { selected CodecBenchmark || selected FieldPositionBenchmark \
      || selected ScanQueryBenchmark || selected SqlScanBenchmark || selected ClientOpsBenchmark; }; then
    if [ -n "$ONLY" ]; then
      echo "re-run of '$ONLY' at $(date -u +%Y-%m-%dT%H:%MZ), load before: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/environment-jdk25.txt"
    else
      environment "$JAVA25" > "$OUT/environment-jdk25.txt"
    fi
    run jdk25 "$JAVA25" CodecBenchmark -p shape=trade
    run jdk25 "$JAVA25" FieldPositionBenchmark -p position=1,32,1024
    run jdk25 "$JAVA25" ScanQueryBenchmark -p format=navpack-object,navpack-predicate,navpack-plain,compact,compact-nometa
    run jdk25 "$JAVA25" SqlScanBenchmark
    run_clientops jdk25 "$JAVA25"
    echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$OUT/environment-jdk25.txt"
  fi
  ELAPSED=$(( (SECONDS - STARTED + 30) / 60 ))
  echo "duration:    ${ELAPSED} min (this invocation of run.sh, build included)" | tee -a "$OUT/environment-jdk17.txt"
fi

"$JAVA" -Dcoherence.log.level=1 -cp "$JAR" io.navpack.bench.report.Report "$PAGE" "$OUT"
echo "page: $PAGE   results: $OUT"
