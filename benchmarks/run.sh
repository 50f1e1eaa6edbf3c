#!/usr/bin/env bash
# Runs the JMH benchmark suite and regenerates docs/benchmarks.md with its tables and charts.
#
#   benchmarks/run.sh            full suite on JDK 17 (about 20 minutes on 2 cores), plus a subset on
#                                JDK 25 when one is found; raw JSON into docs/benchmarks/raw/
#   benchmarks/run.sh --smoke    every benchmark once: 1 fork, no warm-up, one 100 ms iteration, small
#                                parameters; results and a page copy under benchmarks/target/smoke/
#   options: --no-jdk25   skip the JDK 25 subset
#            --only NAME  run only the benchmark classes whose names contain NAME
#            --report     only regenerate the page from the JSON already there
#
# Environment: JAVA (default: java on PATH) runs the JDK 17 suite; JAVA25 (default:
# /usr/lib/jvm/temurin-25-jdk-amd64/bin/java) the JDK 25 subset.
set -euo pipefail
cd "$(dirname "$0")/.."

MODE=full
JDK25_RUN=1
ONLY=""
REPORT_ONLY=0
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) MODE=smoke ;;
    --no-jdk25) JDK25_RUN=0 ;;
    --only) ONLY="$2"; shift ;;
    --report) REPORT_ONLY=1 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

JAVA="${JAVA:-java}"
JAVA25="${JAVA25:-/usr/lib/jvm/temurin-25-jdk-amd64/bin/java}"
JAR=benchmarks/target/benchmarks.jar

if [ ! -f "$JAR" ] || [ -n "$(find benchmarks/src benchmarks/pom.xml serializer/src -newer "$JAR" -type f -print -quit)" ]; then
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
  JDK25_RUN=0
else
  OUT=docs/benchmarks
  PAGE=docs/benchmarks.md
  mkdir -p "$OUT/raw"
  JMH_OPTS=(-f 1 -wi 2 -w 1s -i 5 -r 1s -prof gc)
fi

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
  if [ -n "$ONLY" ] && [[ "$class" != *"$ONLY"* ]]; then
    return
  fi
  echo "== $jdk $class $*"
  "$java" -jar "$JAR" "io.navpack.bench.$class" "${JMH_OPTS[@]}" "$@" \
    -jvm "$java" -rf json -rff "$OUT/raw/$jdk-$class.json" -o "$OUT/raw/$jdk-$class.log"
  tail -n 3 "$OUT/raw/$jdk-$class.log" | sed 's/^/   /'
}

if [ "$REPORT_ONLY" = 0 ]; then
  echo "load average before the run: $(cut -d' ' -f1-3 /proc/loadavg)"
  if [ -n "$ONLY" ]; then
    echo "re-run of '$ONLY' at $(date -u +%Y-%m-%dT%H:%MZ), load before: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/environment-jdk17.txt"
  else
    environment "$JAVA" > "$OUT/environment-jdk17.txt"
  fi
  if [ "$MODE" = smoke ]; then
    run jdk17 "$JAVA" CodecBenchmark -p shape=trade
    run jdk17 "$JAVA" EncodeIntoBufferBenchmark -p shape=trade
    run jdk17 "$JAVA" FieldPositionBenchmark -p position=1,1024
    run jdk17 "$JAVA" TradeFieldReadBenchmark
    run jdk17 "$JAVA" NavpackViewReadBenchmark
  else
    run jdk17 "$JAVA" CodecBenchmark
    run jdk17 "$JAVA" EncodeIntoBufferBenchmark
    run jdk17 "$JAVA" FieldPositionBenchmark
    run jdk17 "$JAVA" TradeFieldReadBenchmark
    run jdk17 "$JAVA" NavpackViewReadBenchmark
  fi
  echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$OUT/environment-jdk17.txt"
  if [ "$JDK25_RUN" = 1 ] && [ -x "$JAVA25" ]; then
    if [ -n "$ONLY" ]; then
      echo "re-run of '$ONLY' at $(date -u +%Y-%m-%dT%H:%MZ), load before: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$OUT/environment-jdk25.txt"
    else
      environment "$JAVA25" > "$OUT/environment-jdk25.txt"
    fi
    run jdk25 "$JAVA25" CodecBenchmark -p shape=trade
    run jdk25 "$JAVA25" FieldPositionBenchmark -p position=1,32,1024
    echo "load after:  $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$OUT/environment-jdk25.txt"
  fi
fi

"$JAVA" -Dcoherence.log.level=1 -cp "$JAR" io.navpack.bench.report.Report "$PAGE" "$OUT"
echo "page: $PAGE   results: $OUT"
