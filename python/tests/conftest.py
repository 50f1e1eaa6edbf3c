"""Shared test helpers: where the Java build's outputs are, and values in a comparable form."""

from __future__ import annotations

import datetime
import decimal
import os
import struct
from pathlib import Path
from typing import Any

import pytest

from navpack import Record, RecordView, javatime
from navpack.types import FieldType, Kind

REPO = Path(__file__).resolve().parents[2]
GOLDEN = Path(os.environ.get("NAVPACK_GOLDEN", REPO / "format" / "target" / "golden"))
#: In CI (.ci/run) the Java build runs first, and missing outputs fail the tests instead of skipping them.
REQUIRE_JAVA = os.environ.get("NAVPACK_REQUIRE_JAVA") == "1"


def need(path: Path, what: str) -> Path:
    """``path``, which the Java build writes; skips (or fails, under .ci/run) with the command that makes it."""
    if not path.exists():
        message = (f"{path} is missing: {what} are written by the Java build; run `./mvnw -B -ntp install "
                   "-DskipTests` and `./mvnw -B -ntp -pl format test -Dtest=GoldenFilesTest` from the "
                   "repository root first (.ci/run does)")
        if REQUIRE_JAVA:
            pytest.fail(message)
        pytest.skip(message)
    return path


def canon(v: Any) -> Any:
    """A value in a form that compares exactly: floats by their bits, decimals with their scale, dates and
    times by the numbers navpack stores, records by schema and fields."""
    if v is None or isinstance(v, (bool, str, bytes)):
        return v
    if isinstance(v, int):
        return ("int", v)
    if isinstance(v, float):
        return ("float", struct.pack(">d", v))
    if isinstance(v, decimal.Decimal):
        sign, digits, exponent = v.as_tuple()
        return ("dec", 0 if not any(digits) else sign, int("".join(map(str, digits))), exponent)
    if isinstance(v, RecordView):
        return canon(v.decode(bind=False))
    if isinstance(v, Record):
        return ("rec", v.schema.key, tuple(canon(x) for x in v.field_values))
    if isinstance(v, (list, tuple)):
        return tuple(canon(x) for x in v)
    if isinstance(v, dict):
        return ("map", tuple((canon(k), canon(x)) for k, x in v.items()))
    if isinstance(v, (javatime.LocalDate, javatime.LocalTime, javatime.LocalDateTime, javatime.Instant,
                      javatime.OffsetDateTime)):
        return (type(v).__name__, tuple(getattr(v, f) for f in v.__dataclass_fields__))
    if isinstance(v, datetime.datetime):
        if v.tzinfo is None:
            return ("LocalDateTime", javatime.date_time_parts(v))
        return ("aware", javatime.offset_date_time_parts(v))
    if isinstance(v, datetime.date):
        return ("LocalDate", (javatime.epoch_day(v),))
    if isinstance(v, datetime.time):
        return ("LocalTime", (javatime.nano_of_day(v),))
    return v


def from_json(t: FieldType, j: Any, registry: Any) -> Any:
    """The Python value of the golden files' typed JSON (io.navpack.format.GoldenJson) for type ``t``."""
    if j is None:
        return None
    k = t.kind
    if k in (Kind.BOOLEAN, Kind.BYTE, Kind.SHORT, Kind.INT, Kind.LONG, Kind.STRING, Kind.ENUM):
        return j
    if k == Kind.CHAR:
        return chr(j)
    if k == Kind.FLOAT:
        return struct.unpack(">f", bytes.fromhex(j))[0]
    if k == Kind.DOUBLE:
        return struct.unpack(">d", bytes.fromhex(j))[0]
    if k == Kind.DECIMAL:
        return decimal.Decimal(f"{j[0]}E{-j[1]}")
    if k == Kind.BIG_INTEGER:
        return int(j)
    if k == Kind.DATE:
        return javatime.date_of(j)
    if k == Kind.TIME:
        return javatime.time_of(j)
    if k == Kind.DATE_TIME:
        return javatime.date_time_of(j[0], j[1])
    if k == Kind.INSTANT:
        return javatime.instant_of(j[0], j[1])
    if k == Kind.OFFSET_DATE_TIME:
        return javatime.offset_date_time_of(j[0], j[1], j[2])
    if k == Kind.UUID:
        import uuid
        return uuid.UUID(j)
    if k == Kind.BYTES:
        return bytes.fromhex(j)
    if k == Kind.RECORD:
        return record_from_json(j, registry)
    if k in (Kind.LIST, Kind.SET, Kind.ARRAY):
        return [from_json(t.element, x, registry) for x in j]  # type: ignore[arg-type]
    if k == Kind.MAP:
        from navpack.codecs import freeze
        return {freeze(from_json(t.key, a, registry)): from_json(t.element, b, registry)  # type: ignore[arg-type]
                for a, b in j}
    raise AssertionError(t)


def record_from_json(j: dict, registry: Any) -> Record:
    schema = registry.schema(j["@"][0], j["@"][1])
    return Record(schema, [from_json(f.type, j[f.name], registry) for f in schema.fields])
