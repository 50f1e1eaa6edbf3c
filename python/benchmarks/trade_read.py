"""Reading the seed trade in Python: navpack's single-field reads and full decodes against the Hazelcast Python
client's Compact decode of the same trade, in one run, through the client's own serialization service.

    python benchmarks/trade_read.py [--repeat 15] [--number 20000]

Each case reads the ten seed trades in turn; a figure is the mean time per read over ``--repeat`` timed runs of
``--number`` reads each (after one untimed run), with the standard deviation across runs. The ratios divide
Compact's full decode by each case. docs/benchmarks.md ("Python client") records a run.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import decimal
import platform
import statistics
import sys
import timeit
from pathlib import Path
from typing import Any, Callable, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import hazelcast  # noqa: E402
from hazelcast.config import Config  # noqa: E402
from hazelcast.serialization.api import CompactReader, CompactSerializer, CompactWriter  # noqa: E402
from hazelcast.serialization.compact import SchemaNotReplicatedError  # noqa: E402
from hazelcast.serialization.service import SerializationServiceV1  # noqa: E402

from navpack import SchemaRegistry  # noqa: E402
from navpack.hazelcast import Navpack  # noqa: E402
from test_format import Trade, seed_trades  # noqa: E402


@dataclasses.dataclass
class CompactTrade:
    """The seed trade as a Compact value: the same fields, the enum as its name."""
    id: int
    tradeDate: Optional[datetime.date]
    buySell: Optional[str]
    currency1: Optional[str]
    amount1: Optional[decimal.Decimal]
    exchangeRate: Optional[decimal.Decimal]
    currency2: Optional[str]
    amount2: Optional[decimal.Decimal]
    settlementDate: Optional[datetime.date]


class CompactTradeSerializer(CompactSerializer[CompactTrade]):
    def read(self, r: CompactReader) -> CompactTrade:
        return CompactTrade(r.read_int64("id"), r.read_date("tradeDate"), r.read_string("buySell"),
                            r.read_string("currency1"), r.read_decimal("amount1"), r.read_decimal("exchangeRate"),
                            r.read_string("currency2"), r.read_decimal("amount2"), r.read_date("settlementDate"))

    def write(self, w: CompactWriter, t: CompactTrade) -> None:
        w.write_int64("id", t.id)
        w.write_date("tradeDate", t.tradeDate)
        w.write_string("buySell", t.buySell)
        w.write_string("currency1", t.currency1)
        w.write_decimal("amount1", t.amount1)
        w.write_decimal("exchangeRate", t.exchangeRate)
        w.write_string("currency2", t.currency2)
        w.write_decimal("amount2", t.amount2)
        w.write_date("settlementDate", t.settlementDate)

    def get_type_name(self) -> str:
        return "Trade"

    def get_class(self) -> type:
        return CompactTrade


def services() -> tuple[Any, Any, Any, SchemaRegistry]:
    """Serialization services as a client builds them: Compact, navpack read as objects, navpack read as views."""
    compact_config = Config()
    compact_config.compact_serializers = [CompactTradeSerializer()]
    compact = SerializationServiceV1(compact_config)
    reg = SchemaRegistry()
    reg.register(Trade)
    out = []
    for mode in ("object", "view"):
        config = Config()
        config.custom_serializers = Navpack(Trade, registry=reg, read_mode=mode).custom_serializers()  # type: ignore
        out.append(SerializationServiceV1(config))
    return compact, out[0], out[1], reg


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--number", type=int, default=20_000)
    args = ap.parse_args()
    compact, nav_object, nav_view, reg = services()
    records = seed_trades()
    trades = [reg.decode(reg.encode(r)) for r in records]
    compact_data = []
    for t in trades:
        ct = CompactTrade(**dataclasses.asdict(t) | {"buySell": t.buySell.name if t.buySell else None})
        try:
            compact_data.append(compact.to_data(ct))
        except SchemaNotReplicatedError as e:
            # what the client does once the cluster has the schema
            compact.compact_stream_serializer.register_schema_to_type(e.schema, e.clazz)
            compact_data.append(compact.to_data(ct))
    nav_data = [nav_object.to_data(t) for t in trades]
    raw = [reg.encode(t) for t in trades]
    assert all(compact.to_object(d).amount1 == t.amount1 for d, t in zip(compact_data, trades))
    assert all(nav_object.to_object(d) == t for d, t in zip(nav_data, trades))
    assert all(nav_view.to_object(d)["amount1"] == t.amount1 for d, t in zip(nav_data, trades))

    def cycle(fn: Callable[[Any], Any], items: list[Any]) -> Callable[[], Any]:
        n = len(items)
        state = [0]

        def run() -> Any:
            i = state[0]
            state[0] = i + 1 if i + 1 < n else 0
            return fn(items[i])
        return run

    cases = [
        ("Compact: to_object, whole trade (baseline)", cycle(compact.to_object, compact_data)),
        ("navpack: to_object, whole trade as the dataclass", cycle(nav_object.to_object, nav_data)),
        ("navpack: decode bytes, whole trade as the dataclass", cycle(reg.decode, raw)),
        ("navpack: decode bytes, whole trade as a Record", cycle(lambda b: reg.decode(b, bind=False), raw)),
        ("navpack: to_object as a view, then amount1", cycle(lambda d: nav_view.to_object(d)["amount1"], nav_data)),
        ("navpack: view of the bytes, then amount1", cycle(lambda b: reg.view(b)["amount1"], raw)),
        ("navpack: view of the bytes, then settlementDate (block 1)",
         cycle(lambda b: reg.view(b)["settlementDate"], raw)),
        ("navpack: view of the bytes, then currency1", cycle(lambda b: reg.view(b)["currency1"], raw)),
    ]
    print(f"Python {platform.python_version()} ({platform.python_implementation()}), hazelcast-python-client "
          f"{hazelcast.__version__}, {args.repeat} runs of {args.number} reads, ten seed trades in turn")
    results = []
    for name, fn in cases:
        fn()
        times = [t / args.number * 1e6 for t in timeit.repeat(fn, number=args.number, repeat=args.repeat)]
        results.append((name, statistics.mean(times), statistics.stdev(times)))
    base = results[0][1]
    print("| case | µs per read | ± (sd) | Compact decode ÷ case |")
    print("|---|---|---|---|")
    for name, mean, sd in results:
        print(f"| {name} | {mean:.2f} | {sd:.2f} | {base / mean:.2f} × |")


if __name__ == "__main__":
    main()
