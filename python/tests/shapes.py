"""Random schemas and values for property and mutation tests: every kind, containers of containers, maps with
any key and value, records that contain themselves, nulls, edges of every numeric and time type."""

from __future__ import annotations

import datetime
import decimal
import random
import uuid
from typing import Any

from navpack import Record, Schema, SchemaRegistry, javatime
from navpack import types as t
from navpack.types import FieldType, Kind

TEXT = ["", "EUR", "Grüße", "日本語", "emoji 😀 and 𝄞", "\x00nul", "x" * 70, "long " * 100]
SCALARS = [t.BOOLEAN, t.BYTE, t.SHORT, t.CHAR, t.INT, t.LONG, t.FLOAT, t.DOUBLE, t.STRING, t.DECIMAL,
           t.BIG_INTEGER, t.DATE, t.TIME, t.DATE_TIME, t.INSTANT, t.OFFSET_DATE_TIME, t.UUID, t.BYTES]
SIDE = t.enum_of("Side", ["BUY", "SELL", "HOLD"])


class Shapes:
    def __init__(self, seed: int) -> None:
        self.r = random.Random(seed)

    def field_type(self, depth: int, records: list[str]) -> FieldType:
        r = self.r
        roll = r.randrange(10)
        if depth >= 3 or roll < 5:
            return r.choice(SCALARS + [SIDE])
        if roll == 5 and records:
            return t.record_of(r.choice(records))
        if roll == 6:
            return t.list_of(self.field_type(depth + 1, records))
        if roll == 7:
            return t.set_of(self.field_type(depth + 1, records))
        if roll == 8:
            e = self.field_type(depth + 1, records)
            return t.array_of(e, not e.kind.is_primitive or r.random() < 0.3)
        return t.map_of(self.field_type(depth + 1, records), self.field_type(depth + 1, records))

    def registry(self, types: int = 4) -> tuple[SchemaRegistry, list[Schema]]:
        """``types`` record types that may name each other and themselves."""
        reg = SchemaRegistry()
        names = [f"T{i}" for i in range(types)]
        out = []
        for i, name in enumerate(names):
            n = self.r.choice([0, 1, 3, 8, 9, 17, 70])
            fields = []
            for f in range(n):
                ft = self.field_type(0, names)
                fields.append((f"f{f}", ft, self.r.random() < 0.6 or not ft.kind.is_primitive))
            out.append(reg.register(Schema(name, fields, type_id=100 + i, version=1 + self.r.randrange(3))))
        return reg, out

    def record(self, reg: SchemaRegistry, schema: Schema, depth: int = 0) -> Record:
        vals = []
        for f in schema.fields:
            if f.nullable and (self.r.random() < 0.2 or depth > 2 and f.type.kind == Kind.RECORD):
                vals.append(None)
            else:
                vals.append(self.value(reg, f.type, depth + 1))
        return Record(schema, vals)

    def value(self, reg: SchemaRegistry, ft: FieldType, depth: int) -> Any:
        r = self.r
        k = ft.kind
        edge = r.random() < 0.25
        if k == Kind.BOOLEAN:
            return r.random() < 0.5
        if k == Kind.BYTE:
            return r.randint(-128, 127)
        if k == Kind.SHORT:
            return r.choice([-32768, 32767, 0]) if edge else r.randint(-32768, 32767)
        if k == Kind.CHAR:
            return chr(r.choice([0, 0xFFFF, 0xD800, 0x20AC]) if edge else r.randrange(0x10000))
        if k == Kind.INT:
            return r.choice([-(1 << 31), (1 << 31) - 1, 0, -1, 63, 64]) if edge else r.getrandbits(32) - (1 << 31) >> r.randrange(32)
        if k == Kind.LONG:
            return r.choice([-(1 << 63), (1 << 63) - 1, 0, -1]) if edge else (r.getrandbits(64) - (1 << 63)) >> r.randrange(64)
        if k == Kind.FLOAT:
            import struct
            return struct.unpack(">f", struct.pack(">f", r.uniform(-1e6, 1e6)))[0] if not edge else r.choice([float("inf"), -0.0, 1.5])
        if k == Kind.DOUBLE:
            return r.choice([float("-inf"), -0.0, 5e-324, 1.7976931348623157e308]) if edge else r.gauss(0, 1e9)
        if k == Kind.STRING:
            return r.choice(TEXT) if edge else "".join(chr(r.choice([0x41, 0x430, 0x3042, 0x1F600]) + r.randrange(20)) for _ in range(r.randrange(12)))
        if k == Kind.DECIMAL:
            return decimal.Decimal((r.randrange(2), tuple(r.randrange(10) for _ in range(r.randrange(1, 40))), r.randint(-30, 30)))
        if k == Kind.BIG_INTEGER:
            return r.getrandbits(r.randrange(1, 200)) - (1 << 100)
        if k == Kind.DATE:
            return javatime.date_of(r.choice([javatime.MIN_EPOCH_DAY, javatime.MAX_EPOCH_DAY, 0]) if edge else r.randint(-30000, 70000))
        if k == Kind.TIME:
            return javatime.time_of(r.randrange(86_400_000_000_000) // (1 if edge else 1000) * (1 if edge else 1000))
        if k == Kind.DATE_TIME:
            return javatime.date_time_of(r.randint(-30000, 70000), r.randrange(86_400) * 10 ** 9 + (r.randrange(10 ** 9) if edge else 0))
        if k == Kind.INSTANT:
            return javatime.instant_of(r.randint(-(1 << 40), 1 << 40), r.randrange(10 ** 9) if edge else 0)
        if k == Kind.OFFSET_DATE_TIME:
            return javatime.offset_date_time_of(r.randint(-30000, 70000), r.randrange(86_400) * 10 ** 9,
                                                r.choice([-64800, 64800, -37]) if edge else r.randint(-72, 72) * 900)
        if k == Kind.UUID:
            return uuid.UUID(int=r.getrandbits(128))
        if k == Kind.BYTES:
            return bytes(r.getrandbits(8) for _ in range(0 if edge else r.randrange(40)))
        if k == Kind.ENUM:
            return r.choice(ft.constants)
        if k == Kind.RECORD:
            return self.record(reg, reg.latest(ft.name), depth + 1)  # type: ignore[arg-type]
        n = 0 if depth > 3 or edge else r.randrange(5)
        if k in (Kind.LIST, Kind.SET, Kind.ARRAY):
            e = ft.element
            out = []
            for _ in range(n):
                if ft.element_nullable and r.random() < 0.2:
                    out.append(None)
                else:
                    out.append(self.value(reg, e, depth + 1))  # type: ignore[arg-type]
            return out
        if k == Kind.MAP:
            from navpack.codecs import freeze
            m = {}
            for _ in range(n):
                key = None if r.random() < 0.1 else self.value(reg, ft.key, depth + 1)  # type: ignore[arg-type]
                m[freeze(key)] = None if r.random() < 0.2 else self.value(reg, ft.element, depth + 1)  # type: ignore[arg-type]
            return m
        raise AssertionError(ft)


_ = datetime
