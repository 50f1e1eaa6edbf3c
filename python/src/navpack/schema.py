"""Schemas, their binary form and fingerprint, and catalogs of schemas with the rules a registry applies
(docs/format.md, "Schemas"). Byte for byte what navpack's Java code writes, so fingerprints agree."""

from __future__ import annotations

import re
from typing import Iterable, Optional, Sequence

from . import packed
from .codecs import read_string, write_string
from .errors import NavpackFormatError, SchemaConflictError, SchemaError
from .packed import read_int
from .types import (MAX_TYPE_DEPTH, FieldType, Kind, array_of, compatible_across_versions, enum_of, list_of,
                    map_of, of, record_of, set_of)

BLOCK = 8
WIDE = 64
MAX_FIELDS = 65_535
_NAME = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*\Z")
_BINARY_FORM_VERSION = 1
_M64 = (1 << 64) - 1


def fingerprint(data: bytes) -> int:
    """FNV-1a 64 over ``data``, then MurmurHash3's 64-bit finaliser; unsigned."""
    h = 0xCBF29CE484222325
    for x in data:
        h = ((h ^ x) * 0x100000001B3) & _M64
    h ^= h >> 33
    h = (h * 0xFF51AFD7ED558CCD) & _M64
    h ^= h >> 33
    h = (h * 0xC4CEB9FE1A85EC53) & _M64
    h ^= h >> 33
    return h


def default_type_id(type_name: str) -> int:
    """The type id a type gets when none is chosen: 20 bits of the fingerprint of its name."""
    return fingerprint(type_name.encode("utf-8")) & 0xFFFFF


class Field:
    """One field of a schema: position, name, type and whether it may be null."""

    __slots__ = ("index", "name", "type", "nullable")

    def __init__(self, index: int, name: str, type: FieldType, nullable: bool) -> None:
        self.index = index
        self.name = name
        self.type = type
        self.nullable = nullable

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Field) and (self.index, self.name, self.type, self.nullable) == (
            other.index, other.name, other.type, other.nullable)

    def __hash__(self) -> int:
        return hash((self.index, self.name, self.type, self.nullable))

    def __repr__(self) -> str:
        return f"{self.name}: {self.type!r}{'?' if self.nullable else ''}"


class Schema:
    """One version of a record type: type name, type id, version and ordered fields.

    Build one with ``Schema("Trade", [("id", LONG), ("currency", STRING), ...], type_id=1, version=1)``;
    a field is ``(name, type)`` (nullable unless the kind is primitive) or ``(name, type, nullable)``.
    """

    __slots__ = ("type_name", "type_id", "version", "fields", "by_name", "block_shift", "has_nullable",
                 "not_null_mask", "skip_classes", "codecs", "binary", "fingerprint", "field_names", "__weakref__",
                 "_binding_cache")

    def __init__(self, type_name: str, fields: Iterable["Field | tuple"] = (), type_id: Optional[int] = None,
                 version: int = 1) -> None:
        if not isinstance(type_name, str) or not type_name:
            raise SchemaError("type name must not be empty")
        if type_id is None:
            type_id = default_type_id(type_name)
        if not 0 <= type_id <= packed.INT_MAX:
            raise SchemaError(f"type id of {type_name} must be 0..2^31-1: {type_id}")
        if not 0 <= version <= packed.INT_MAX:
            raise SchemaError(f"version of {type_name} must be 0..2^31-1: {version}")
        self.type_name = type_name
        self.type_id = type_id
        self.version = version
        fs: list[Field] = []
        for f in fields:
            if isinstance(f, Field):
                name, t, nullable = f.name, f.type, f.nullable
            else:
                name, t = f[0], f[1]
                nullable = f[2] if len(f) > 2 else not t.kind.is_primitive
            if not isinstance(name, str) or not _NAME.match(name):
                raise SchemaError(f"field name {name} of {type_name} is not a Java identifier")
            if not isinstance(t, FieldType):
                raise SchemaError(f"field {name} of {type_name}: {t!r} is not a FieldType")
            if len(fs) == MAX_FIELDS:
                raise SchemaError(f"{type_name} has more than {MAX_FIELDS} fields")
            fs.append(Field(len(fs), name, t, bool(nullable)))
        self.fields: tuple[Field, ...] = tuple(fs)
        self.by_name: dict[str, int] = {}
        for f in fs:
            if f.name in self.by_name:
                raise SchemaError(f"type {type_name} has two fields named {f.name}")
            self.by_name[f.name] = f.index
        self.field_names = tuple(f.name for f in fs)
        n = len(fs)
        self.block_shift = 0 if n > WIDE else 3
        self.has_nullable = any(f.nullable for f in fs)
        mask = bytearray((n + 7) >> 3)
        for f in fs:
            if not f.nullable:
                mask[f.index >> 3] |= 1 << (f.index & 7)
        for bit in range(n, len(mask) * 8):
            mask[bit >> 3] |= 1 << (bit & 7)
        self.not_null_mask = bytes(mask)
        self.codecs = tuple(f.type.codec for f in fs)
        self.skip_classes = tuple(c.skip_class for c in self.codecs)
        self.binary = self._encode()
        self.fingerprint = fingerprint(self.binary)
        self._binding_cache: dict = {}

    @property
    def key(self) -> tuple[int, int]:
        return (self.type_id, self.version)

    def field(self, name: str) -> Optional[Field]:
        i = self.by_name.get(name)
        return None if i is None else self.fields[i]

    def index_of(self, name: str) -> int:
        return self.by_name.get(name, -1)

    def with_version(self, version: int) -> "Schema":
        return self if version == self.version else Schema(self.type_name, self.fields, self.type_id, version)

    def same_fields_as(self, other: "Schema") -> bool:
        return self.type_id == other.type_id and self.type_name == other.type_name and self.fields == other.fields

    def referenced_types(self) -> list[str]:
        out: list[str] = []

        def walk(t: Optional[FieldType]) -> None:
            if t is None:
                return
            if t.kind == Kind.RECORD and t.name not in out:
                out.append(t.name)  # type: ignore[arg-type]
            walk(t.element)
            walk(t.key)
        for f in self.fields:
            walk(f.type)
        return out

    # ------------------------------------------------------------ binary form

    def _encode(self) -> bytes:
        out = bytearray([_BINARY_FORM_VERSION])
        write_string(out, self.type_name)
        packed.write(out, self.type_id)
        packed.write(out, self.version)
        packed.write(out, len(self.fields))
        for f in self.fields:
            write_string(out, f.name)
            out.append(1 if f.nullable else 0)
            write_type(out, f.type)
        return bytes(out)

    def to_bytes(self) -> bytes:
        """The canonical binary form, which clusters exchange and the fingerprint hashes."""
        return self.binary

    @staticmethod
    def from_bytes(data: "bytes | bytearray | memoryview", offset: int = 0, length: Optional[int] = None) -> "Schema":
        """Reads a schema from its binary form; bad input raises :class:`NavpackFormatError`."""
        b = bytes(data)
        limit = len(b) if length is None else offset + length
        if offset < 0 or limit > len(b) or limit < offset:
            raise NavpackFormatError(f"range {offset}+{length} outside {len(b)} bytes")
        p = offset
        if p >= limit:
            raise NavpackFormatError("truncated input: expected a byte", p)
        if b[p] != _BINARY_FORM_VERSION:
            raise NavpackFormatError(f"unsupported schema form {b[p]}", offset)
        p += 1
        type_name, p = read_string(b, p, limit)
        type_id, p = read_int(b, p, limit)
        version, p = read_int(b, p, limit)
        at = p
        n, p = read_int(b, p, limit)
        if not 0 <= n <= min(MAX_FIELDS, limit - p):
            raise NavpackFormatError(f"field count {n} outside 0..{min(MAX_FIELDS, limit - p)}", at)
        fields = []
        try:
            for _ in range(n):
                name, p = read_string(b, p, limit)
                if p >= limit:
                    raise NavpackFormatError("truncated input: expected a byte", p)
                flags = b[p]
                p += 1
                if flags & ~1:
                    raise NavpackFormatError(f"unknown field flags {flags}", p - 1)
                t, p = read_type(b, p, limit, 0)
                fields.append((name, t, flags == 1))
            if p != limit:
                raise NavpackFormatError(f"{limit - p} bytes after the schema", p)
            return Schema(type_name, fields, type_id, version)
        except SchemaError as e:
            raise NavpackFormatError(f"invalid schema: {e}", p) from e

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Schema) and other.fingerprint == self.fingerprint
                                 and other.binary == self.binary)

    def __hash__(self) -> int:
        return self.fingerprint

    def __repr__(self) -> str:
        return (f"{self.type_name}#{self.type_id} v{self.version} [{', '.join(map(repr, self.fields))}] "
                f"fp={self.fingerprint:x}")


def write_type(out: bytearray, t: FieldType) -> None:
    out.append(int(t.kind))
    k = t.kind
    if k == Kind.ENUM:
        write_string(out, t.name)  # type: ignore[arg-type]
        packed.write(out, len(t.constants))
        for c in t.constants:
            write_string(out, c)
    elif k == Kind.RECORD:
        write_string(out, t.name)  # type: ignore[arg-type]
    elif k in (Kind.LIST, Kind.SET):
        write_type(out, t.element)  # type: ignore[arg-type]
    elif k == Kind.ARRAY:
        out.append(1 if t.element_nullable else 0)
        write_type(out, t.element)  # type: ignore[arg-type]
    elif k == Kind.MAP:
        write_type(out, t.key)  # type: ignore[arg-type]
        write_type(out, t.element)  # type: ignore[arg-type]


def read_type(b: bytes, p: int, limit: int, depth: int) -> tuple[FieldType, int]:
    if depth > MAX_TYPE_DEPTH:
        raise NavpackFormatError(f"field type nests more than {MAX_TYPE_DEPTH} lists, sets, arrays and maps", p)
    if p >= limit:
        raise NavpackFormatError("truncated input: expected a byte", p)
    code = b[p]
    if not 1 <= code <= 24:
        raise NavpackFormatError(f"unknown field kind code {code}", p)
    kind = Kind(code)
    p += 1
    if kind == Kind.ENUM:
        name, p = read_string(b, p, limit)
        at = p
        n, p = read_int(b, p, limit)
        if not 0 <= n <= limit - p:
            raise NavpackFormatError(f"enum constant count {n} outside 0..{limit - p}", at)
        constants = []
        for _ in range(n):
            c, p = read_string(b, p, limit)
            constants.append(c)
        return enum_of(name, constants), p
    if kind == Kind.RECORD:
        name, p = read_string(b, p, limit)
        return record_of(name), p
    if kind in (Kind.LIST, Kind.SET):
        e, p = read_type(b, p, limit, depth + 1)
        return (list_of(e) if kind == Kind.LIST else set_of(e)), p
    if kind == Kind.ARRAY:
        if p >= limit:
            raise NavpackFormatError("truncated input: expected a byte", p)
        nullable = b[p] == 1
        e, p = read_type(b, p + 1, limit, depth + 1)
        return array_of(e, nullable), p
    if kind == Kind.MAP:
        k, p = read_type(b, p, limit, depth + 1)
        v, p = read_type(b, p, limit, depth + 1)
        return map_of(k, v), p
    return of(kind), p


class SchemaCatalog:
    """An immutable set of schemas, one per type id and version, and the rules for adding one.

    Binary form: ``0x01 packed(count) (packed(length) schema)*``, in the order of type id and version.
    """

    def __init__(self, schemas: Iterable[Schema] = ()) -> None:
        ordered = sorted(schemas, key=lambda s: (s.type_id, s.version))
        self.schemas: tuple[Schema, ...] = tuple(ordered)
        self.by_key: dict[tuple[int, int], Schema] = {}
        self.by_id: dict[int, list[Schema]] = {}
        self.id_by_name: dict[str, int] = {}
        for s in ordered:
            if s.key in self.by_key:
                raise SchemaError(f"two schemas for type id {s.type_id} version {s.version}")
            self.by_key[s.key] = s
            self.by_id.setdefault(s.type_id, []).append(s)
            self.id_by_name.setdefault(s.type_name, s.type_id)

    def __len__(self) -> int:
        return len(self.schemas)

    def get(self, type_id: int, version: int) -> Optional[Schema]:
        return self.by_key.get((type_id, version))

    def versions(self, type_id: int) -> Sequence[Schema]:
        return self.by_id.get(type_id, [])

    def type_name(self, type_id: int) -> Optional[str]:
        v = self.by_id.get(type_id)
        return v[0].type_name if v else None

    def highest_version(self, type_id: int) -> int:
        v = self.by_id.get(type_id)
        return v[-1].version if v else 0

    def with_schema(self, schema: Schema) -> "SchemaCatalog":
        return SchemaCatalog([s for s in self.schemas if s.key != schema.key] + [schema])

    def admit(self, proposal: Schema, choose_version: bool, holder: str) -> Schema:
        """What this catalog holds for ``proposal`` under the rules: an equal schema it holds, or the schema
        to add (with its version chosen when ``choose_version``). Raises :class:`SchemaConflictError`."""
        owner = self.type_name(proposal.type_id)
        if owner is not None and owner != proposal.type_name:
            raise SchemaConflictError(
                f"type id {proposal.type_id} already belongs to {owner} in {holder}, so {proposal.type_name} cannot "
                "use it: give one of the two types another id (type_id=...; without one, the id is a hash of the "
                "type name)", self.versions(proposal.type_id)[0], proposal)
        tid = self.id_by_name.get(proposal.type_name)
        if tid is not None and tid != proposal.type_id:
            raise SchemaConflictError(
                f"type {proposal.type_name} already has type id {tid} in {holder}, not {proposal.type_id}: declare "
                f"id {tid} for it (type_id={tid}) or give the type another name", self.versions(tid)[0], proposal)
        if choose_version:
            for s in self.versions(proposal.type_id):
                if s.same_fields_as(proposal):
                    return s
            candidate = proposal.with_version(self.highest_version(proposal.type_id) + 1)
        else:
            existing = self.get(proposal.type_id, proposal.version)
            if existing is not None:
                if existing == proposal:
                    return existing
                highest = self.highest_version(proposal.type_id)
                raise SchemaConflictError(
                    f"{holder} holds a different schema for type id {proposal.type_id} version {proposal.version} "
                    f"(type {proposal.type_name}). Fix: leave the version out so that navpack gives these fields a "
                    f"version of their own, or declare version {highest + 1} (the highest version of "
                    f"{proposal.type_name} is {highest})", existing, proposal)
            candidate = proposal
        for f in candidate.fields:
            for other in self.versions(candidate.type_id):
                o = other.field(f.name)
                if o is not None and not compatible_across_versions(o.type, f.type):
                    raise SchemaConflictError(
                        f"field {f.name} of {candidate.type_name} (type id {candidate.type_id}) is a {o.type!r} in "
                        f"version {other.version} but a {f.type!r} in version {candidate.version}, which is being "
                        "registered: a field keeps its type in every version of its type. Fix: give the field of "
                        "the new type another name, or give the changed type another type name and id",
                        other, candidate)
        return candidate

    def to_bytes(self) -> bytes:
        out = bytearray([_BINARY_FORM_VERSION])
        packed.write(out, len(self.schemas))
        for s in self.schemas:
            packed.write(out, len(s.binary))
            out += s.binary
        return bytes(out)

    @staticmethod
    def from_bytes(data: "bytes | bytearray | memoryview") -> "SchemaCatalog":
        b = bytes(data)
        limit = len(b)
        if not b:
            raise NavpackFormatError("truncated input: expected a byte", 0)
        if b[0] != _BINARY_FORM_VERSION:
            raise NavpackFormatError(f"unsupported schema catalog form {b[0]}", 0)
        n, p = read_int(b, 1, limit)
        if not 0 <= n <= limit - p:
            raise NavpackFormatError(f"schema count {n} outside 0..{limit - p}", 1)
        out = []
        for _ in range(n):
            at = p
            length, p = read_int(b, p, limit)
            if not 0 <= length <= limit - p:
                raise NavpackFormatError(f"schema length {length} exceeds the {limit - p} bytes left", at)
            out.append(Schema.from_bytes(b, p, length))
            p += length
        if p != limit:
            raise NavpackFormatError(f"{limit - p} bytes after the schema catalog", p)
        try:
            return SchemaCatalog(out)
        except SchemaError as e:
            raise NavpackFormatError(f"invalid schema catalog: {e}", 0) from e

    def __repr__(self) -> str:
        return f"SchemaCatalog{list(self.schemas)}"

