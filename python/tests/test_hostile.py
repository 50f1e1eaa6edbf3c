"""Hostile bytes: mutated values (flips, truncations, insertions, deletions, splices, another schema's header,
changed flags, null bitmaps and offset-table entries, huge, negative and overlong packed integers where lengths
may be) go through every read: the view, every field by index and name, the full decodes, validate, repr,
hash, equality. Each must succeed or raise a NavpackFormatError, never IndexError, RecursionError, MemoryError,
struct.error or anything else; a field read and the full decode agree whenever both succeed; and each call
allocates at most 256 bytes per input byte plus 64 KiB, the bound of navpack's Java fuzzer (measured with
tracemalloc on a sample of the calls). Schemas' and catalogs' binary forms are mutated too."""

from __future__ import annotations

import json
import os
import random
import tracemalloc
from typing import Any, Callable

import pytest

from conftest import GOLDEN, canon
from navpack import NavpackFormatError, RecordView, Schema, SchemaCatalog, SchemaRegistry, packed
from shapes import Shapes

CASES = int(os.environ.get("NAVPACK_MUTATIONS", "6000"))
SEED = int(os.environ.get("NAVPACK_MUTATION_SEED", "20261127"))
MEASURE_EVERY = 17


def corpus() -> list[tuple[SchemaRegistry, bytes]]:
    """Valid values: random schemas of every shape, and the Java build's golden values when they are there."""
    out = []
    for seed in range(30):
        shapes = Shapes(1000 + seed)
        reg, schemas = shapes.registry()
        for schema in schemas:
            for _ in range(3):
                out.append((reg, reg.encode(shapes.record(reg, schema))))
    if (GOLDEN / "values.jsonl").exists():
        reg = SchemaRegistry()
        for line in (GOLDEN / "schemas.jsonl").read_text().splitlines():
            reg.learn(Schema.from_bytes(bytes.fromhex(json.loads(line)["hex"])))
        with (GOLDEN / "values.jsonl").open() as f:
            for i, line in enumerate(f):
                if i % 40 == 0 or '"set":"trade"' in line or '"set":"chain"' in line:
                    data = bytes.fromhex(json.loads(line)["hex"])
                    if len(data) < 20_000:
                        out.append((reg, data))
    return out


def mutate(r: random.Random, data: bytes, others: list[bytes]) -> bytes:
    b = bytearray(data)
    for _ in range(1 + (r.random() < 0.3)):
        n = len(b)
        op = r.randrange(11)
        at = r.randrange(n + 1) if n else 0
        if op == 0 and n:
            b[min(at, n - 1)] ^= 1 << r.randrange(8)
        elif op == 1 and n:
            b[min(at, n - 1)] = r.randrange(256)
        elif op == 2:
            del b[at:]
        elif op == 3:
            b[at:at] = bytes(r.randrange(256) for _ in range(r.randrange(1, 6)))
        elif op == 4:
            del b[at:at + r.randrange(1, 8)]
        elif op == 5:
            other = r.choice(others)
            s = r.randrange(len(other) + 1)
            b[at:] = other[s:s + r.randrange(1, 40)]
        elif op == 6:
            # another value's header (type id, version) over this body
            other = r.choice(others)
            b[0:2] = other[0:2]
        elif op == 7 and n > 2:
            # flags, null bitmap, offset table: the bytes right after the header
            b[min(2 + r.randrange(4), n - 1)] = r.choice([0, 1, 2, 3, 4, 5, 7, 0x18, 0x1C, 0x20, 0xFF, r.randrange(256)])
        elif op == 8:
            # a huge, negative or overlong packed integer where a length may be
            v = r.choice([packed.encode((1 << 31) - 1), packed.encode(-1), packed.encode(1 << 40),
                          packed.encode(r.randrange(1 << 20)), bytes([0xFF] * 11), bytes([0x80] * 5)])
            b[at:at + r.randrange(0, 3)] = v
        elif op == 9 and n:
            b[min(at, n - 1)] = r.choice([0x3F, 0x40, 0x7F, 0x80, 0xBF, 0xC0])
        else:
            b[at:at] = b[at:at + r.randrange(1, 16)]
    return bytes(b)


def plain(v: Any) -> Any:
    """A field read's value compared without decoding nested records (whose own fields may be broken)."""
    if isinstance(v, RecordView):
        return ("view", v.to_bytes())
    if isinstance(v, (list, tuple)):
        return tuple(plain(x) for x in v)
    if isinstance(v, (set, frozenset)):
        return ("set", frozenset(plain(x) for x in v))
    if isinstance(v, dict):
        return ("map", tuple((plain(k), plain(x)) for k, x in v.items()))
    return canon(v)


class Calls:
    def __init__(self) -> None:
        self.accepted = 0
        self.refused = 0
        self.measured = 0
        self.largest = 0.0
        self.largest_big = 0.0

    def run(self, data: bytes, measure: bool, fn: Callable[[], Any]) -> tuple[bool, Any]:
        bound = 256 * len(data) + 64 * 1024
        if measure:
            tracemalloc.reset_peak()
            before = tracemalloc.get_traced_memory()[0]
        try:
            result = fn()
            ok = True
        except NavpackFormatError:
            result = None
            ok = False
        if measure:
            peak = tracemalloc.get_traced_memory()[1] - before
            self.measured += 1
            self.largest = max(self.largest, peak / bound)
            if len(data) >= 1024:
                self.largest_big = max(self.largest_big, peak / len(data))
            assert peak <= bound, f"a read of {len(data)} bytes allocated {peak} bytes: {data.hex()}"
        if ok:
            self.accepted += 1
        else:
            self.refused += 1
        return ok, result


def check(reg: SchemaRegistry, data: bytes, calls: Calls, measure: bool) -> None:
    ok, view = calls.run(data, measure, lambda: reg.view(data))
    if not ok:
        return
    n = len(view.schema.fields)
    reads = {}
    for i in range(n):
        good, v = calls.run(data, measure, lambda: view.get(i))
        if good:
            reads[i] = v
    whole_ok, whole = calls.run(data, measure, view.decode_all)
    if whole_ok:
        for i, v in reads.items():
            assert plain(v) == plain(whole[i]), f"field {i} read alone differs from the full decode: {data.hex()}"
    if n:
        calls.run(data, measure, lambda: view.get(view.schema.fields[n - 1].name))
    calls.run(data, measure, view.to_dict)
    calls.run(data, measure, view.validate)
    calls.run(data, measure, lambda: repr(view))
    calls.run(data, measure, lambda: hash(view) + (view == view))


def test_mutated_values_raise_only_format_errors() -> None:
    r = random.Random(SEED)
    values = corpus()
    others = [d for _, d in values]
    calls = Calls()
    for case in range(CASES):
        reg, data = values[r.randrange(len(values))]
        mutated = mutate(r, data, others)
        measure = case % MEASURE_EVERY == 0
        if measure:
            tracemalloc.start()
        try:
            check(reg, mutated, calls, measure)
        except AssertionError:
            raise
        except BaseException as e:  # noqa: BLE001 - the point of the test
            pytest.fail(f"{type(e).__name__} escaped for {mutated.hex()} ({reg.view(data).schema}): {e}")
        finally:
            if measure:
                tracemalloc.stop()
    print(f"{CASES} mutations: {calls.accepted} calls accepted, {calls.refused} refused; {calls.measured} measured, "
          f"largest {calls.largest:.0%} of the bound, {calls.largest_big:.1f} bytes per input byte on inputs of 1 KiB "
          "and more")
    assert calls.refused > CASES // 4 and calls.accepted > CASES


def test_mutated_schemas_and_catalogs_raise_only_format_errors() -> None:
    r = random.Random(SEED + 1)
    shapes = Shapes(7)
    regs = [shapes.registry()[0] for _ in range(10)]
    forms = [s.to_bytes() for reg in regs for s in reg.schemas()] + [SchemaCatalog(reg.schemas()).to_bytes()
                                                                       for reg in regs]
    refused = 0
    for _ in range(CASES // 4):
        data = mutate(r, r.choice(forms), forms)
        for parse in (Schema.from_bytes, SchemaCatalog.from_bytes):
            try:
                parsed = parse(data)
                assert type(parsed).from_bytes(parsed.to_bytes()).to_bytes() == parsed.to_bytes()
            except NavpackFormatError:
                refused += 1
            except AssertionError:
                raise
            except BaseException as e:  # noqa: BLE001
                pytest.fail(f"{type(e).__name__} escaped for {data.hex()}: {e}")
    assert refused > 0
