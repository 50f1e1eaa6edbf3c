"""The format on its own: docs/format.md's test vectors (read from the document), packed integers, random
schemas and values round-tripping, schemas, dataclasses as types, evolution and the errors of bad values."""

from __future__ import annotations

import csv
import dataclasses
import datetime
import decimal
import enum
import re
import uuid
from typing import Optional

import pytest

from conftest import REPO, canon
from navpack import (NavpackFormatError, NavpackValueError, Record, Schema, SchemaCatalog, SchemaConflictError,
                     SchemaError, SchemaRegistry, UnknownSchemaError, enum_name, javatime, navpack_type, packed)
from navpack import types as t
from navpack.types import Kind
from shapes import Shapes

SPEC = (REPO / "docs" / "format.md").read_text(encoding="utf-8").splitlines()
TRADE_ROW = re.compile(r"^\| (\d+) \| (\d+) \| (\d+) \| `([0-9a-f]+)` \|$")
VALUE_ROW = re.compile(r"^\| ([a-z_]+) \| `([^`]*)` \| `([0-9a-f]+)` \|$")

SIDE = t.enum_of("com.acme.trading.Side", ["BUY", "SELL"])
TRADE = Schema("Trade", [("id", t.LONG), ("tradeDate", t.DATE), ("buySell", SIDE), ("currency1", t.STRING),
                         ("amount1", t.DECIMAL), ("exchangeRate", t.DECIMAL), ("currency2", t.STRING),
                         ("amount2", t.DECIMAL), ("settlementDate", t.DATE)], type_id=1, version=1)


def seed_trades() -> list[Record]:
    out = []
    path = REPO / "format" / "src" / "test" / "resources" / "com" / "acme" / "trading" / "seed-trades.csv"
    with path.open(encoding="utf-8") as f:
        rows = list(csv.reader(f))[1:]
    for c in rows:
        if not c:
            continue
        day = lambda s: datetime.datetime.strptime(s, "%d/%m/%Y").date()  # noqa: E731
        out.append(Record(TRADE, [int(c[0]), day(c[1]), c[2].upper(), c[3], decimal.Decimal(c[4]),
                                  decimal.Decimal(c[5]), c[6], decimal.Decimal(c[7]), day(c[8])]))
    return out


def test_seed_trade_vectors_of_the_spec() -> None:
    reg = SchemaRegistry()
    reg.register(TRADE)
    trades = seed_trades()
    rows = [m for m in map(TRADE_ROW.match, SPEC) if m]
    assert len(rows) == 10
    for m in rows:
        trade = trades[int(m.group(1)) - 1]
        data = reg.encode(trade)
        assert data.hex() == m.group(4)
        assert len(data) == int(m.group(2))
        assert reg.decode(data) == trade
        view = reg.view(bytes.fromhex(m.group(4)))
        for name in TRADE.field_names:
            assert view[name] == trade[name]


def _spec_value(kind: str, text: str) -> object:
    if kind == "long":
        return int(text)
    if kind == "string":
        return text
    if kind == "decimal":
        return decimal.Decimal(text)
    if kind == "big_integer":
        return int(text)
    if kind == "date":
        return datetime.date.fromisoformat(text)
    if kind == "time":
        return datetime.time.fromisoformat(text)
    if kind == "date_time":
        return datetime.datetime.fromisoformat(text)
    if kind == "instant":
        m = re.fullmatch(r"(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?Z", text)
        assert m
        base = datetime.datetime.fromisoformat(m.group(1)).replace(tzinfo=datetime.timezone.utc)
        second = int((base - datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)).total_seconds())
        return javatime.instant_of(second, int((m.group(2) or "0").ljust(9, "0")))
    if kind == "offset_date_time":
        m = re.fullmatch(r"(.*T[\d:]+)([+-])(\d\d):(\d\d)(?::(\d\d))?", text)
        assert m
        seconds = (int(m.group(3)) * 3600 + int(m.group(4)) * 60 + int(m.group(5) or 0)) * (-1 if m.group(2) == "-" else 1)
        return datetime.datetime.fromisoformat(m.group(1)).replace(
            tzinfo=datetime.timezone(datetime.timedelta(seconds=seconds)))
    if kind == "uuid":
        return uuid.UUID(text)
    if kind in ("double", "float"):
        return float(text)
    if kind == "boolean":
        return text == "true"
    if kind == "bytes":
        return bytes.fromhex(text)
    raise AssertionError(kind)


def test_single_value_vectors_of_the_spec() -> None:
    checked = 0
    for m in filter(None, map(VALUE_ROW.match, SPEC)):
        kind, text, hexed = m.groups()
        ft = t.of(Kind[kind.upper()])
        value = _spec_value(kind, text)
        out = bytearray()
        ft.codec.write(out, value, None, 0)
        assert out.hex() == hexed, f"{kind} {text}"
        data = bytes.fromhex(hexed)
        back, end = ft.codec.read(data, 0, len(data), None, 0)
        assert canon(back) == canon(value) and end == len(data)
        assert ft.codec.skip(data, 0, len(data)) == len(data)
        checked += 1
    assert checked >= 30


@pytest.mark.parametrize("n", [0, 1, 63, 64, -1, -64, -65, 8191, 8192, -8192, -8193, (1 << 31) - 1, -(1 << 31),
                               (1 << 63) - 1, -(1 << 63)])
def test_packed_integers_round_trip_with_their_sizes(n: int) -> None:
    data = packed.encode(n)
    assert len(data) == packed.size(n)
    assert packed.read_long(data, 0, len(data)) == (n, len(data))
    assert packed.skip(data, 0, len(data)) == len(data)
    if -(1 << 31) <= n < 1 << 31:
        assert packed.read_int(data, 0, len(data)) == (n, len(data))
        assert len(data) <= 5
    else:
        with pytest.raises(NavpackFormatError):
            packed.read_int(data, 0, len(data))


@pytest.mark.parametrize("data", ["", "80", "8080808080", "ffffffffffffffffff7f", "80808080808080808080808001"])
def test_bad_packed_integers_are_refused(data: str) -> None:
    with pytest.raises(NavpackFormatError):
        packed.read_long(bytes.fromhex(data), 0, len(data) // 2)


@pytest.mark.parametrize("seed", range(40))
def test_random_schemas_and_values_round_trip(seed: int) -> None:
    shapes = Shapes(seed)
    reg, schemas = shapes.registry()
    for schema in schemas:
        for _ in range(5):
            value = shapes.record(reg, schema)
            data = reg.encode(value)
            view = reg.view(data)
            decoded = view.decode(bind=False)
            assert canon(decoded) == canon(value)
            assert reg.encode(decoded) == data
            for i in range(len(schema.fields)):
                assert canon(view.get(i)) == canon(value.field_values[i])
            catalog = SchemaCatalog(reg.schemas())
            assert SchemaCatalog.from_bytes(catalog.to_bytes()).to_bytes() == catalog.to_bytes()


# ---------------------------------------------------------------- dataclasses


@enum_name("com.acme.trading.Side")
class Side(enum.Enum):
    BUY = 1
    SELL = 2


@navpack_type(name="Trade", type_id=1, version=1)
@dataclasses.dataclass
class Trade:
    id: int
    tradeDate: Optional[datetime.date]
    buySell: Optional[Side]
    currency1: Optional[str]
    amount1: Optional[decimal.Decimal]
    exchangeRate: Optional[decimal.Decimal]
    currency2: Optional[str]
    amount2: Optional[decimal.Decimal]
    settlementDate: Optional[datetime.date]


@navpack_type(name="Leg", type_id=3)
@dataclasses.dataclass
class Leg:
    payer: str
    notional: decimal.Decimal
    periods: list[datetime.date]
    next: Optional["Leg"] = None


@navpack_type(name="Book")
@dataclasses.dataclass
class Book:
    name: str
    count: t.Int32
    weight: t.Float32
    legs: list[Leg]
    bySide: dict[Side, Leg]
    tags: frozenset[str]
    scores: tuple[float, ...]
    stamp: t.Instant
    local: t.OffsetDateTime


def test_a_dataclass_mirroring_the_java_record_has_the_java_schema() -> None:
    reg = SchemaRegistry()
    assert reg.register(Trade) == TRADE
    trades = seed_trades()
    data = reg.encode(trades[0])
    obj = reg.decode(data)
    assert isinstance(obj, Trade) and obj.buySell is Side.BUY and obj.amount1 == decimal.Decimal("50000000.00")
    assert reg.encode(obj) == data
    assert reg.decode(data, bind=False) == trades[0]


def test_dataclasses_with_nested_records_containers_and_java_types() -> None:
    reg = SchemaRegistry()
    schema = reg.register(Book)
    assert schema.type_name == "Book" and schema.version == 1
    kinds = {f.name: (f.type, f.nullable) for f in schema.fields}
    assert kinds["count"] == (t.INT, False) and kinds["weight"] == (t.FLOAT, False)
    assert kinds["legs"][0] == t.list_of(t.record_of("Leg"))
    assert kinds["scores"] == (t.array_of(t.DOUBLE, False), True)
    leg = Leg("ACME", decimal.Decimal("1E+6"), [datetime.date(2024, 1, 2)], Leg("B", decimal.Decimal("2.50"), []))
    utc = datetime.timezone.utc
    book = Book("b", 3, 0.5, [leg], {Side.SELL: leg}, frozenset({"x"}), (1.5, -0.0),
                datetime.datetime(2024, 5, 1, 12, tzinfo=utc),
                datetime.datetime(2024, 5, 1, 12, tzinfo=datetime.timezone(datetime.timedelta(hours=-5))))
    back = reg.decode(reg.encode(book))
    assert back == book
    assert reg.view(reg.encode(book))["legs"][0]["next"]["payer"] == "B"
    assert reg.view(reg.encode(book)).to_dict()["bySide"]["SELL"]["notional"] == decimal.Decimal("1E+6")


def test_versions_are_chosen_and_old_bytes_read_into_new_classes() -> None:
    @navpack_type(name="Account")
    @dataclasses.dataclass
    class V1:
        id: int
        owner: str

    @navpack_type(name="Account")
    @dataclasses.dataclass
    class V2:
        id: int
        owner: str
        region: Optional[str] = "EU"
        limit: int = 0

    reg = SchemaRegistry()
    assert reg.register(V1).version == 1
    assert reg.register(V2).version == 2
    old = reg.encode(V1(7, "ann"))
    assert reg.decode(old) == V2(7, "ann", "EU", 0)
    assert reg.view(reg.encode(V2(8, "bob", None, 5))).decode(bind=False)["limit"] == 5

    @navpack_type(name="Account", version=1)
    @dataclasses.dataclass
    class Clash:
        id: int
        owner: int

    with pytest.raises(SchemaConflictError, match="holds a different schema for type id"):
        reg.register(Clash)


def test_bad_values_name_the_field_and_the_fix() -> None:
    reg = SchemaRegistry()
    reg.register(TRADE)
    ok = seed_trades()[0]
    with pytest.raises(NavpackValueError, match="field id of Trade must not be null"):
        reg.encode(ok.replace(id=None))
    with pytest.raises(NavpackValueError, match="field amount1 of Trade: a float cannot be written as a decimal"):
        reg.encode(ok.replace(amount1=1.5))
    with pytest.raises(NavpackValueError, match="'HOLD' is not a constant"):
        reg.encode(ok.replace(buySell="HOLD"))
    with pytest.raises(NavpackValueError, match="outside the range of a long"):
        reg.encode(ok.replace(id=1 << 63))
    with pytest.raises(NavpackValueError, match="a date is a datetime.date"):
        reg.encode(ok.replace(tradeDate=datetime.datetime(2020, 1, 1)))
    with pytest.raises(NavpackValueError, match="has no field"):
        Record(TRADE, {"idd": 1})
    with pytest.raises(SchemaError, match="has no navpack kind"):
        @navpack_type
        @dataclasses.dataclass
        class Odd:
            x: complex
        reg.register(Odd)


def test_java_values_python_cannot_hold_keep_their_bytes() -> None:
    ft = t.list_of(t.DATE_TIME)
    values = [javatime.date_time_of(javatime.MAX_EPOCH_DAY, 86_399_999_999_999), javatime.date_time_of(0, 1)]
    assert all(isinstance(v, javatime.LocalDateTime) for v in values)
    out = bytearray()
    ft.codec.write(out, values, None, 0)
    assert ft.codec.read(bytes(out), 0, len(out), None, 0)[0] == values
    assert javatime.time_of(1_500_000) == datetime.time(0, 0, 0, 1500)


def test_strings_are_written_as_java_writes_them() -> None:
    out = bytearray()
    t.STRING.codec.write(out, "a\ud800b\ud83d\ude00", None, 0)
    assert out.hex() == "07613f62f09f9880"


def test_unknown_schemas_name_id_and_version() -> None:
    reg = SchemaRegistry()
    reg.register(TRADE)
    with pytest.raises(UnknownSchemaError, match="unknown schema: type id 1 version 2 .type Trade is known"):
        reg.view(bytes.fromhex("010200"))
    asked = []
    other = SchemaRegistry(source=lambda i, v: asked.append((i, v)) or (TRADE if (i, v) == (1, 1) else None))
    assert other.view(reg.encode(seed_trades()[1]))["currency1"] == "USD"
    assert asked == [(1, 1)]
