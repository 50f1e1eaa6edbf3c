"""A Java member cluster on 127.0.0.1 (two members started from cli/target/navpack.jar with Hazelcast's
member starter) and this package on the Hazelcast Python client: Python writes seed trades as a dataclass
mirroring the Java record, values of every type and values of a type only Python declares; plain-name
predicates on the members answer like an in-memory oracle; a Java client (PythonPeer, in its own JVM) reads
all of it — trades and Everything values as its own classes, byte for byte — and writes values that Python
reads and decodes to the values the Java build describes in its golden files, and a value of a type Python
never registered, whose schema it learns from the catalog."""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import json
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path
from typing import Any, Iterator, Optional

import pytest

hazelcast = pytest.importorskip("hazelcast")
from hazelcast import predicate as P  # noqa: E402
from hazelcast.config import IntType  # noqa: E402

from conftest import GOLDEN, REPO, canon, need, record_from_json  # noqa: E402
from navpack import Record, Schema, SchemaRegistry, navpack_type, types as t  # noqa: E402
from navpack.hazelcast import CATALOG, CATALOG_KEY, Navpack  # noqa: E402
from test_format import Side, Trade, seed_trades  # noqa: E402

pytestmark = pytest.mark.cluster
EVERYTHING = 200
START_TIMEOUT = 120


@navpack_type(name="python.Risk")
@dataclasses.dataclass
class Risk:
    book: str
    trade: int
    pv: float
    delta: decimal.Decimal
    asOf: datetime.date
    side: Optional[Side]
    tags: list[str]
    buckets: dict[str, float]
    stamp: t.Instant


def risks() -> list[Risk]:
    utc = datetime.timezone.utc
    out = []
    for i in range(40):
        out.append(Risk(["FX", "RATES", "CREDIT"][i % 3], i, (i - 20) * 1.25, decimal.Decimal(i * 7 - 100).scaleb(-2),
                        datetime.date(2024, 1, 1) + datetime.timedelta(days=i), None if i % 5 == 0 else
                        [Side.BUY, Side.SELL][i % 2], [f"t{i % 4}", "all"], {"1y": i / 4, "5y": -i / 8},
                        datetime.datetime(2024, 6, 1, tzinfo=utc) + datetime.timedelta(minutes=i)))
    return out


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _member_xml(cluster: str, port: int, ports: list[int]) -> str:
    members = "".join(f"<member>127.0.0.1:{p}</member>" for p in ports)
    return f"""<hazelcast xmlns="http://www.hazelcast.com/schema/config">
  <cluster-name>{cluster}</cluster-name>
  <properties>
    <property name="hazelcast.phone.home.enabled">false</property>
    <property name="hazelcast.socket.bind.any">false</property>
    <property name="hazelcast.local.localAddress">127.0.0.1</property>
    <property name="hazelcast.logging.type">jdk</property>
  </properties>
  <network><port auto-increment="false">{port}</port>
    <join><auto-detection enabled="false"/><multicast enabled="false"/><tcp-ip enabled="true">{members}</tcp-ip></join>
    <interfaces enabled="true"><interface>127.0.0.1</interface></interfaces></network>
  <jet enabled="false"/>
  <map name="py.*"><in-memory-format>OBJECT</in-memory-format><metadata-policy>OFF</metadata-policy></map>
</hazelcast>
"""


def _java() -> str:
    home = os.environ.get("JAVA_HOME")
    java = str(Path(home) / "bin" / "java") if home else shutil.which("java")
    if not java or not Path(java).exists():
        pytest.skip("no java found (set JAVA_HOME)")
    return java


class Cluster:
    def __init__(self, tmp: Path) -> None:
        self.jar = need(REPO / "cli" / "target" / "navpack.jar", "the shaded navpack.jar (members' class path)")
        self.java = _java()
        self.name = f"navpack-py-{os.getpid()}-{int(time.time())}"
        self.ports = [_free_port(), _free_port()]
        self.tmp = tmp
        self.members: list[subprocess.Popen[bytes]] = []
        self.logs: list[Path] = []

    def start(self) -> None:
        for i, port in enumerate(self.ports):
            xml = self.tmp / f"member{i}.xml"
            xml.write_text(_member_xml(self.name, port, self.ports))
            log = self.tmp / f"member{i}.log"
            self.logs.append(log)
            self.members.append(subprocess.Popen(
                [self.java, "-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                 f"-Dhazelcast.config={xml}", "-Dhazelcast.phone.home.enabled=false", "-cp", str(self.jar),
                 "com.hazelcast.core.server.HazelcastMemberStarter"],
                stdout=log.open("wb"), stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL))
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            texts = [log.read_text(errors="replace") for log in self.logs]
            if all("is STARTED" in x for x in texts) and any("Members {size:2" in x for x in texts):
                return
            for m, log in zip(self.members, self.logs):
                if m.poll() is not None:
                    raise AssertionError(f"member exited with {m.returncode}:\n{log.read_text(errors='replace')[-3000:]}")
            time.sleep(0.3)
        raise AssertionError("the members did not start within "
                             f"{START_TIMEOUT} s:\n" + "\n".join(p.read_text(errors="replace")[-2000:] for p in self.logs))

    def stop(self) -> None:
        for m in self.members:
            m.terminate()
        for m in self.members:
            try:
                m.wait(20)
            except subprocess.TimeoutExpired:
                m.kill()

    def client_config(self) -> dict[str, Any]:
        return dict(cluster_name=self.name, cluster_members=[f"127.0.0.1:{p}" for p in self.ports],
                    default_int_type=IntType.LONG, cluster_connect_timeout=60.0)

    def run_java_client(self, report: Path) -> dict[str, Any]:
        classpath = os.pathsep.join([str(self.jar), str(need(REPO / "format" / "target" / "test-classes", "test classes")),
                                     str(need(REPO / "serializer" / "target" / "test-classes", "test classes"))])
        done = subprocess.run(
            [self.java, "-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", classpath,
             "-Dhazelcast.phone.home.enabled=false", "io.navpack.hazelcast.PythonPeer", self.name,
             ",".join(map(str, self.ports)), str(EVERYTHING), str(report)],
            capture_output=True, timeout=180)
        assert done.returncode == 0, done.stdout.decode(errors="replace")[-3000:] + done.stderr.decode(errors="replace")[-3000:]
        return json.loads(report.read_text())


@pytest.fixture(scope="module")
def golden() -> tuple[SchemaRegistry, dict[int, dict]]:
    reg = SchemaRegistry()
    for line in need(GOLDEN / "schemas.jsonl", "the golden schemas").read_text().splitlines():
        reg.learn(Schema.from_bytes(bytes.fromhex(json.loads(line)["hex"])))
    values = {}
    with (GOLDEN / "values.jsonl").open() as f:
        for line in f:
            if line.startswith('{"set":"everything"'):
                j = json.loads(line)
                if j["id"] < EVERYTHING:
                    values[j["id"]] = j
    return reg, values


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    c = Cluster(tmp_path_factory.mktemp("cluster"))
    try:
        c.start()
        yield c
    finally:
        c.stop()


@pytest.fixture(scope="module")
def client(cluster: Cluster, golden: tuple[SchemaRegistry, dict[int, dict]]) -> Iterator[Any]:
    nav = Navpack(Trade, Risk, registry=golden[0])
    c = nav.connect(**cluster.client_config())
    try:
        yield c
    finally:
        c.shutdown()


def test_python_writes_and_members_answer_plain_name_queries_like_an_oracle(client: Any, golden: Any) -> None:
    reg, values = golden
    trades = client.get_map("py.trades").blocking()
    seed = seed_trades()
    for r in seed:
        trades.put(r["id"], reg.decode(reg.encode(r)))
    assert isinstance(trades.get(1), Trade)
    everything = client.get_map("py.everything").blocking()
    everything.put_all({i: record_from_json(j["value"], reg) for i, j in values.items()})
    risk = client.get_map("py.risk").blocking()
    mine = {f"r{x.trade}": x for x in risks()}
    risk.put_all(mine)
    assert risk.get("r3") == mine["r3"]
    catalog = client.get_map(CATALOG).blocking().get(CATALOG_KEY)
    assert catalog is not None and b"python.Risk" in bytes(catalog)

    def check(m: Any, objects: dict[Any, Any], pred: Any, oracle: Any) -> int:
        expected = {k for k, v in objects.items() if oracle(v)}
        assert set(m.key_set(pred)) == expected, pred
        return len(expected)

    by_id = {r["id"]: r for r in seed}
    hits = 0
    hits += check(trades, by_id, P.equal("currency1", "EUR"), lambda r: r["currency1"] == "EUR")
    hits += check(trades, by_id, P.greater("amount1", decimal.Decimal(12_000_000)),
                  lambda r: r["amount1"] > 12_000_000)
    hits += check(trades, by_id, P.sql("currency1 = 'EUR' and amount1 > 12000000"),
                  lambda r: r["currency1"] == "EUR" and r["amount1"] > 12_000_000)
    hits += check(trades, by_id, P.equal("buySell", "BUY"), lambda r: r["buySell"] == "BUY")
    hits += check(trades, by_id, P.between("tradeDate", datetime.date(2014, 7, 22), datetime.date(2014, 7, 25)),
                  lambda r: datetime.date(2014, 7, 22) <= r["tradeDate"] <= datetime.date(2014, 7, 25))
    hits += check(risk, mine, P.equal("book", "FX"), lambda r: r.book == "FX")
    hits += check(risk, mine, P.sql("book = 'RATES' and pv > 0"), lambda r: r.book == "RATES" and r.pv > 0)
    hits += check(risk, mine, P.less_or_equal("delta", decimal.Decimal("-0.5")), lambda r: r.delta <= decimal.Decimal("-0.5"))
    hits += check(risk, mine, P.equal("side", "SELL"), lambda r: r.side is Side.SELL)
    hits += check(risk, mine, P.sql("tags[any] = 't1'"), lambda r: "t1" in r.tags)
    hits += check(risk, mine, P.and_(P.greater_or_equal("asOf", datetime.date(2024, 1, 20)), P.less("trade", 30)),
                  lambda r: r.asOf >= datetime.date(2024, 1, 20) and r.trade < 30)
    assert hits > 40
    values_back = risk.values(P.equal("book", "CREDIT"))
    assert sorted(v.trade for v in values_back) == sorted(x.trade for x in mine.values() if x.book == "CREDIT")


def test_java_reads_what_python_wrote_and_python_reads_what_java_wrote(cluster: Cluster, client: Any, golden: Any,
                                                                       tmp_path: Path) -> None:
    reg, values = golden
    report = cluster.run_java_client(tmp_path / "java.json")
    assert report["tradesRead"] == 10 and report["tradesEqual"] == 10
    assert report["everythingRead"] == EVERYTHING and report["everythingEqual"] == EVERYTHING, report["everythingDiffer"]
    mine = {f"r{x.trade}": x for x in risks()}
    assert set(report["risk"]) == set(mine)
    for key, described in report["risk"].items():
        assert canon(record_from_json(described, reg)) == canon(reg.decode(reg.encode(mine[key]), bind=False))

    java_trades = client.get_map("java.trades").blocking()
    by_id = {r["id"]: r for r in seed_trades()}
    for k in range(1, 11):
        got = java_trades.get(k)
        assert isinstance(got, Trade)
        assert reg.encode(got) == reg.encode(by_id[k])
    # Flat: a type this client never registered, learned from the catalog's update when the Java client added it
    flat = client.get_map("java.flat").blocking().get(1)
    assert isinstance(flat, Record) and flat.schema.type_name == "Flat"
    assert isinstance(flat["trade"], Trade) or flat["trade"] is None   # nested values of a bound type: the class
    assert canon(reg.decode(reg.encode(flat), bind=False)) == canon(record_from_json(report["flat"], reg))
    java_everything = client.get_map("java.everything").blocking()
    got_all = java_everything.get_all(list(range(EVERYTHING)))
    assert len(got_all) == EVERYTHING
    for seed_no, value in got_all.items():
        expected = record_from_json(values[seed_no]["value"], reg)
        assert isinstance(value, Record)
        assert canon(value) == canon(expected)
        assert reg.encode(value).hex() == values[seed_no]["hex"]


def test_the_python_example_of_the_user_guide_runs(cluster: Cluster) -> None:
    import re
    import sys
    import types
    guide = (REPO / "docs" / "user-guide.md").read_text(encoding="utf-8")
    at = guide.index("<!-- snippet: python-example -->")
    code = re.search(r"```python\n(.*?)```", guide[at:], re.S)
    assert code is not None
    members = ", ".join(f'"127.0.0.1:{p}"' for p in cluster.ports)
    text = code.group(1).replace('cluster_name="dev"', f'cluster_name="{cluster.name}"') \
        .replace('["127.0.0.1:5701"]', f"[{members}]")
    assert text.count(cluster.name) == 2
    module = types.ModuleType("user_guide_example")
    sys.modules[module.__name__] = module
    try:
        exec(compile(text, "docs/user-guide.md#python-example", "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
