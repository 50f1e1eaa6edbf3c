"""A Python client with navpack: stores sensor readings in the map `readings` of a running cluster, queries them on
the members by their fields' plain names, reads one field of a value without decoding the rest, and checks every
answer against the same readings filtered here in memory.

    python readings.py [--cluster 127.0.0.1:5701] [--cluster-name dev] [COUNT]

Needs the navpack package with the Hazelcast Python client: pip install 'python/navpack-<version>-py3-none-any.whl[hazelcast]'
(from the distribution's directory). Exit code 0 when every answer is right, 1 otherwise.
"""

import argparse
import dataclasses
import datetime
import decimal
import random
import sys

from hazelcast import predicate
from hazelcast.config import IntType

from navpack import navpack_type
from navpack.hazelcast import Navpack


@navpack_type(name="example.Reading")   # a type only Python declares: the cluster registers it for every member
@dataclasses.dataclass
class Reading:
    id: int
    sensor: str
    site: str
    celsius: decimal.Decimal
    at: datetime.date
    tags: list[str]


def generate(count: int) -> list[Reading]:
    rnd = random.Random(42)
    sites = ["Oslo", "Lyon", "Porto"]
    return [Reading(i, f"s-{rnd.randrange(50)}", rnd.choice(sites), decimal.Decimal(rnd.randrange(-200, 400)).scaleb(-1),
                    datetime.date(2026, 1, 1) + datetime.timedelta(days=rnd.randrange(200)),
                    rnd.sample(["indoor", "outdoor", "roof", "cellar"], 2)) for i in range(1, count + 1)]


def check(query: str, got: set, expected: set) -> bool:
    right = got == expected
    print(f"{query:36} {'right' if right else f'WRONG: expected {sorted(expected)}, got {sorted(got)}'} ({len(got)})")
    return right


def main() -> int:
    args = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    args.add_argument("--cluster", default="127.0.0.1:5701")
    args.add_argument("--cluster-name", default="dev")
    args.add_argument("count", nargs="?", type=int, default=1000)
    a = args.parse_args()

    readings = generate(a.count)
    client = Navpack(Reading).connect(cluster_name=a.cluster_name, cluster_members=a.cluster.split(","),
                                      default_int_type=IntType.LONG)
    try:
        m = client.get_map("readings").blocking()
        m.clear()
        m.put_all({r.id: r for r in readings})
        print(f"stored {m.size():,} readings in the map 'readings'")
        right = check("site = 'Oslo' and celsius > 25",
                      set(m.key_set(predicate.sql("site = 'Oslo' and celsius > 25"))),
                      {r.id for r in readings if r.site == "Oslo" and r.celsius > 25})
        right &= check("tags[any] = 'roof'", set(m.key_set(predicate.equal("tags[any]", "roof"))),
                       {r.id for r in readings if "roof" in r.tags})
        first = m.get(1)
        right &= check("get(1)", {first.sensor}, {readings[0].sensor})
    finally:
        client.shutdown()

    views = Navpack(read_mode="view").connect(cluster_name=a.cluster_name, cluster_members=a.cluster.split(","),
                                              default_int_type=IntType.LONG)
    try:
        view = views.get_map("readings").blocking().get(1)      # one field read from the bytes, the rest left alone
        right &= check("view of 1: celsius", {view["celsius"]}, {readings[0].celsius})
    finally:
        views.shutdown()
    print("every answer equals the readings filtered in memory" if right else "WRONG ANSWERS (see above)")
    return 0 if right else 1


if __name__ == "__main__":
    sys.exit(main())
