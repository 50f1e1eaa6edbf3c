"""Byte for byte with Java, in both directions: the golden files the Java build writes (schemas, the seed
trades, 10,000 random values of every type, wide records, deep chains) decode in Python to the values Java
describes, and those values encode in Python to Java's bytes."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from conftest import GOLDEN, canon, need, record_from_json
from navpack import Schema, SchemaCatalog, SchemaRegistry, default_type_id


@pytest.fixture(scope="module")
def schemas() -> list[dict]:
    path = need(GOLDEN / "schemas.jsonl", "the golden schemas")
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.fixture(scope="module")
def registry(schemas: list[dict]) -> SchemaRegistry:
    r = SchemaRegistry()
    for s in schemas:
        r.learn(Schema.from_bytes(bytes.fromhex(s["hex"])))
    return r


def test_schemas_read_and_write_java_binary_form(schemas: list[dict]) -> None:
    assert len(schemas) >= 5
    for s in schemas:
        data = bytes.fromhex(s["hex"])
        schema = Schema.from_bytes(data)
        assert (schema.type_name, schema.type_id, schema.version) == (s["name"], s["typeId"], s["version"])
        assert schema.to_bytes() == data
        assert f"{schema.fingerprint:016x}" == s["fingerprint"]
        assert default_type_id(s["name"]) == s["defaultTypeId"]
        rebuilt = Schema(schema.type_name, schema.fields, schema.type_id, schema.version)
        assert rebuilt.to_bytes() == data


def test_catalog_binary_form(schemas: list[dict]) -> None:
    data = need(GOLDEN / "catalog.bin", "the golden catalog").read_bytes()
    catalog = SchemaCatalog.from_bytes(data)
    assert len(catalog) == len(schemas)
    assert catalog.to_bytes() == data
    assert SchemaCatalog(reversed(catalog.schemas)).to_bytes() == data


def _lines() -> list[dict]:
    path = need(GOLDEN / "values.jsonl", "the golden values")
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.fixture(scope="module")
def lines() -> list[dict]:
    return _lines()


def test_the_sets_are_all_there(lines: list[dict]) -> None:
    counts = Counter(line["set"] for line in lines)
    assert counts == {"trade": 10, "everything": 10_000, "wide": 300, "chain": 5}


@pytest.mark.parametrize("name", ["trade", "everything", "wide", "chain"])
def test_python_decodes_java_bytes_and_encodes_the_same_bytes(name: str, lines: list[dict],
                                                              registry: SchemaRegistry) -> None:
    checked = 0
    for line in lines:
        if line["set"] != name:
            continue
        data = bytes.fromhex(line["hex"])
        expected = record_from_json(line["value"], registry)
        view = registry.view(data)
        decoded = view.decode(bind=False)
        assert canon(decoded) == canon(expected), f"{name} {line['id']}: decoded value differs"
        assert registry.encode(expected) == data, f"{name} {line['id']}: Python writes other bytes"
        assert registry.encode(decoded) == data
        if checked % 7 == 0:
            # single-field reads, each from its own block, agree with the full decode
            for i in range(len(view.schema.fields)):
                assert canon(view.get(i)) == canon(decoded.field_values[i]), f"{name} {line['id']} field {i}"
        checked += 1
    assert checked > 0
