"""The benchmark script of docs/benchmarks.md ("Python client") still runs: a few reads per case, no timing
asserted (its figures are recorded by running it, under the benchmark lock)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("hazelcast")


def test_trade_read_benchmark_runs() -> None:
    script = Path(__file__).resolve().parents[1] / "benchmarks" / "trade_read.py"
    done = subprocess.run([sys.executable, str(script), "--repeat", "2", "--number", "20"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("| Compact") or line.startswith("| navpack")]
    assert len(rows) == 8 and rows[0].endswith("| 1.00 × |")
