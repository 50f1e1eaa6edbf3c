"""Records: :class:`RecordView`, a view over one encoded record that reads single fields without decoding
the rest, :class:`Record`, a decoded record (an immutable mapping of field names to values), and the
record writer (docs/format.md, "Record layout")."""

from __future__ import annotations

import struct
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Iterator, Optional, Sequence

from . import packed
from .codecs import (MAX_DEPTH, SKIP_DECIMAL, SKIP_LENGTH, SKIP_PACKED, SKIP_PACKED_INT, fixed, freeze,
                     skip_decimal, skip_length_prefixed)
from .errors import NavpackError, NavpackFormatError, NavpackValueError
from .packed import read_int, skip, skip_int

if TYPE_CHECKING:
    from .registry import SchemaRegistry
    from .schema import Schema

FLAG_WIDTH = 3
FLAG_NULLS = 4
FLAG_BLOCK = 3 << 3
_U16 = struct.Struct(">H")
_I32 = struct.Struct(">i")


class _Plain:
    """Reads nested records as views (what a single field read gives)."""

    __slots__ = ("registry",)

    def __init__(self, registry: "SchemaRegistry") -> None:
        self.registry = registry

    def record(self, view: "RecordView") -> Any:
        return view


class _Deep:
    """Reads nested records as :class:`Record` objects, or as the classes bound to their types."""

    __slots__ = ("registry", "bind")

    def __init__(self, registry: "SchemaRegistry", bind: bool) -> None:
        self.registry = registry
        self.bind = bind

    def record(self, view: "RecordView") -> Any:
        if self.bind:
            binding = self.registry.binding_of(view.schema.type_name)
            if binding is not None:
                return binding.decode(view, self)
        return Record(view.schema, view.decode_all(self))


def _blocks(fields: int, flags: int) -> int:
    shift = 3 - ((flags & FLAG_BLOCK) >> 3)
    return (fields + (1 << shift) - 1) >> shift


class RecordView:
    """A view over the record in ``data[offset:offset + length]``: the header is checked when the view is
    made, fields are read one by one (``view["amount1"]``, ``view[4]``), ``decode()`` decodes them all.

    Single reads give a field in its plain form: nested records as views, enums as constant names; full
    decodes give :class:`Record` objects (or bound classes).
    """

    __slots__ = ("data", "schema", "registry", "offset", "limit", "body", "flags", "depth", "table", "bitmap",
                 "__weakref__")

    def __init__(self, data: bytes, offset: int, length: int, registry: "SchemaRegistry", depth: int = 0) -> None:
        if depth >= MAX_DEPTH:
            raise NavpackFormatError(f"records nested deeper than {MAX_DEPTH}", offset)
        b = data
        limit = offset + length
        self.data = b
        self.offset = offset
        self.limit = limit
        self.registry = registry
        self.depth = depth
        p = offset
        if limit - p >= 2 and (b[p] | b[p + 1]) < 0x40:
            type_id = b[p]
            version = b[p + 1]
            p += 2
        else:
            type_id, p = read_int(b, p, limit)
            version, p = read_int(b, p, limit)
        if type_id < 0 or version < 0:
            raise NavpackFormatError(f"negative type id {type_id} or version {version}", offset)
        schema = registry.schema(type_id, version, offset)
        self.schema = schema
        if p >= limit:
            raise NavpackFormatError("truncated record header", p)
        flags = b[p]
        p += 1
        n = len(schema.fields)
        blocks = _blocks(n, flags)
        width = flags & FLAG_WIDTH
        if flags & ~(FLAG_WIDTH | FLAG_NULLS | FLAG_BLOCK) or width == 3 or (blocks <= 1 and width != 0):
            raise NavpackFormatError(f"invalid record flags 0x{flags:x}", p - 1)
        if flags & FLAG_NULLS:
            mask = schema.not_null_mask
            if not schema.has_nullable or len(mask) > limit - p:
                raise NavpackFormatError("invalid null bitmap", p)
            for j in range(len(mask)):
                if b[p + j] & mask[j]:
                    raise NavpackFormatError("null bitmap marks a field null that cannot be null", p + j)
            p += len(mask)
        self.bitmap = p - len(schema.not_null_mask) if flags & FLAG_NULLS else -1
        table = (blocks - 1) << width if blocks > 1 else 0
        if table > limit - p:
            raise NavpackFormatError("truncated offset table", p)
        self.table = p
        self.body = p + table
        self.flags = flags

    # ------------------------------------------------------------ structure

    @property
    def length(self) -> int:
        return self.limit - self.offset

    def to_bytes(self) -> bytes:
        """The record's bytes."""
        return bytes(self.data[self.offset:self.limit])

    def _table(self) -> int:
        return self.table

    def _bitmap(self) -> int:
        return self.bitmap

    def index_of(self, name: str) -> int:
        i = self.schema.by_name.get(name)
        if i is None:
            raise KeyError(f"no field '{name}' in {self.schema.type_name} v{self.schema.version} "
                           f"(fields: {list(self.schema.field_names)})")
        return i

    def is_null(self, i: "int | str") -> bool:
        if isinstance(i, str):
            i = self.index_of(i)
        if not 0 <= i < len(self.schema.fields):
            raise IndexError(f"field index {i} outside 0..{len(self.schema.fields) - 1}")
        bm = self.bitmap
        return bm >= 0 and bool(self.data[bm + (i >> 3)] & (1 << (i & 7)))

    def _block_start(self, block: int, table: int) -> int:
        width = self.flags & FLAG_WIDTH
        e = table + ((block - 1) << width)
        b = self.data
        if width == 0:
            off = b[e]
        elif width == 1:
            off = _U16.unpack_from(b, e)[0]
        else:
            off = _I32.unpack_from(b, e)[0]
        if off < 0 or off > self.limit - self.body:
            raise NavpackFormatError(f"block offset {off} outside the record", e)
        return self.body + off

    def _skip_fields(self, p: int, start: int, end: int, bitmap: int) -> int:
        b = self.data
        limit = self.limit
        sizes = self.schema.skip_classes
        for f in range(start, end):
            if bitmap >= 0 and b[bitmap + (f >> 3)] & (1 << (f & 7)):
                continue
            size = sizes[f]
            if size > 0:
                p = fixed(p, size, limit)
            elif size == SKIP_PACKED:
                if p < limit and b[p] < 0x80:
                    p += 1
                else:
                    p = skip(b, p, limit)
            elif size == SKIP_LENGTH:
                if p < limit and b[p] < 0x40 and b[p] < limit - p:
                    p += 1 + b[p]
                else:
                    p = skip_length_prefixed(b, p, limit)
            elif size == SKIP_PACKED_INT:
                p = skip_int(b, p, limit)
            elif size == SKIP_DECIMAL:
                p = skip_decimal(b, p, limit)
            else:
                p = self.schema.codecs[f].skip(b, p, limit)
        return p

    def position(self, i: int) -> int:
        """Where the non-null field ``i`` starts. Reading a field of block j >= 1 first checks that block j-1,
        skipped from its own start, ends where the offset table says block j starts."""
        flags = self.flags
        shift = 3 - ((flags & FLAG_BLOCK) >> 3)
        block = i >> shift
        bitmap = self.bitmap
        p = self.body
        if block > 0:
            table = self.table
            previous = self.body if block == 1 else self._block_start(block - 1, table)
            end = self._skip_fields(previous, (block - 1) << shift, block << shift, bitmap)
            p = self._block_start(block, table)
            if end != p:
                raise self._mismatch(block - 1, end, p)
        return self._skip_fields(p, block << shift, i, bitmap)

    def _mismatch(self, block: int, p: int, expected: int) -> NavpackFormatError:
        shift = 3 - ((self.flags & FLAG_BLOCK) >> 3)
        first = block << shift
        last = ((block + 1) << shift) - 1
        what = f"field {first}" if first == last else f"fields {first}..{last}"
        return NavpackFormatError(f"{what} of {self.schema.type_name} end at offset {p} but the offset table says "
                                  f"field {last + 1} starts at offset {expected}", p)

    # ------------------------------------------------------------ fields

    def get(self, i: "int | str") -> Any:
        """Field ``i`` (an index or a name) in its plain form, or None; reads only what lies before it."""
        schema = self.schema
        if i.__class__ is str:
            j = schema.by_name.get(i)
            if j is None:
                self.index_of(i)  # type: ignore[arg-type]
            i = j  # type: ignore[assignment]
        elif not 0 <= i < len(schema.fields):  # type: ignore[operator]
            raise IndexError(f"field index {i} outside 0..{len(schema.fields) - 1}")
        bm = self.bitmap
        if bm >= 0 and self.data[bm + (i >> 3)] & (1 << (i & 7)):  # type: ignore[operator]
            return None
        return schema.codecs[i].read(self.data, self.position(i), self.limit,  # type: ignore[index,arg-type]
                                     self.registry.plain, self.depth)[0]

    def __getitem__(self, i: "int | str") -> Any:
        return self.get(i)

    def decode_all(self, rd: Any = None) -> list[Any]:
        """Every field, in one pass, by field index; checks every block boundary and the end."""
        if rd is None:
            rd = self.registry.plain
        schema = self.schema
        n = len(schema.fields)
        out: list[Any] = [None] * n
        b = self.data
        p = self.body
        limit = self.limit
        flags = self.flags
        bitmap = self.bitmap
        shift = 3 - ((flags & FLAG_BLOCK) >> 3)
        mask = (1 << shift) - 1
        table = self.table
        codecs = schema.codecs
        depth = self.depth
        for f in range(n):
            if f and not f & mask:
                start = self._block_start(f >> shift, table)
                if p != start:
                    raise self._mismatch((f >> shift) - 1, p, start)
            if bitmap >= 0 and b[bitmap + (f >> 3)] & (1 << (f & 7)):
                continue
            out[f], p = codecs[f].read(b, p, limit, rd, depth)
        if p != limit:
            raise NavpackFormatError(f"a record<{schema.type_name}> ends at offset {p} but its length says {limit}", p)
        return out

    def decode(self, bind: bool = True) -> Any:
        """The whole value: an instance of the class bound to its type (with ``bind``), else a :class:`Record`;
        nested records alike."""
        return _Deep(self.registry, bind).record(self)

    def to_dict(self) -> dict[str, Any]:
        """All fields by name, nested records as dicts too."""
        return self.decode(bind=False).to_dict()

    def validate(self) -> list["Schema"]:
        """Decodes every field, nested records included; returns the schemas met."""
        schemas: list["Schema"] = []

        class _Collect(_Deep):
            __slots__ = ()

            def record(self, view: "RecordView") -> Any:
                if view.schema not in schemas:
                    schemas.append(view.schema)
                return super().record(view)
        _Collect(self.registry, False).record(self)
        return schemas

    def __eq__(self, other: object) -> bool:
        if isinstance(other, RecordView):
            return self.data[self.offset:self.limit] == other.data[other.offset:other.limit]
        return NotImplemented

    def __hash__(self) -> int:
        return hash(bytes(self.data[self.offset:self.limit]))

    def __repr__(self) -> str:
        try:
            return repr(self.decode(bind=False))
        except NavpackError as e:
            return f"<{self.schema.type_name} v{self.schema.version}: {e}>"


class Record(Mapping[str, Any]):
    """A decoded record, or one to write: its schema and a value per field. Read fields as ``r["amount1"]``
    or ``r.amount1``; ``Record(schema, {"id": 7, ...})`` builds one (fields left out are null)."""

    __slots__ = ("_schema", "_vals")

    def __init__(self, schema: "Schema", values: "Mapping[str, Any] | Sequence[Any] | None" = None,
                 **fields: Any) -> None:
        object.__setattr__(self, "_schema", schema)
        if values is None or isinstance(values, Mapping):
            given = dict(values or {}, **fields)
            unknown = [k for k in given if k not in schema.by_name]
            if unknown:
                raise NavpackValueError(f"{schema.type_name} v{schema.version} has no field {unknown[0]!r} "
                                        f"(fields: {list(schema.field_names)})")
            vals = tuple(given.get(f.name) for f in schema.fields)
        else:
            vals = tuple(values)
            if len(vals) != len(schema.fields):
                raise NavpackValueError(f"{schema.type_name} has {len(schema.fields)} fields, not {len(vals)}")
        object.__setattr__(self, "_vals", vals)

    @property
    def schema(self) -> "Schema":
        """The schema the record was read with (or is written with)."""
        return self._schema

    @property
    def field_values(self) -> tuple[Any, ...]:
        """The values in field order."""
        return self._vals

    def __getitem__(self, name: str) -> Any:
        i = self._schema.by_name.get(name)
        if i is None:
            raise KeyError(name)
        return self._vals[i]

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        i = self._schema.by_name.get(name)
        if i is None:
            raise AttributeError(f"{self._schema.type_name} has no field {name!r}")
        return self._vals[i]

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Record is immutable: build another with replace(...)")

    def replace(self, **changes: Any) -> "Record":
        d = dict(zip(self._schema.field_names, self._vals))
        d.update(changes)
        return Record(self._schema, d)

    def __iter__(self) -> Iterator[str]:
        return iter(self._schema.field_names)

    def __len__(self) -> int:
        return len(self._vals)

    def to_dict(self) -> dict[str, Any]:
        """Fields by name, nested records (also inside lists, sets, arrays and maps) as dicts."""
        return {name: _plain(v) for name, v in zip(self._schema.field_names, self._vals)}

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Record):
            return self._schema == other._schema and self._vals == other._vals
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self._schema.key, freeze(list(self._vals))))

    def __repr__(self) -> str:
        name = self._schema.type_name.rsplit(".", 1)[-1]
        return f"{name}({', '.join(f'{k}={v!r}' for k, v in zip(self._schema.field_names, self._vals))})"


def _plain(v: Any) -> Any:
    if isinstance(v, Record):
        return v.to_dict()
    if isinstance(v, RecordView):
        return v.to_dict()
    if isinstance(v, list):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items()}
    if hasattr(v, "__dataclass_fields__"):
        return {k: _plain(getattr(v, k)) for k in v.__dataclass_fields__}
    return v


# ---------------------------------------------------------------- writing

class _Writer:
    __slots__ = ("registry",)

    def __init__(self, registry: "SchemaRegistry") -> None:
        self.registry = registry


def write_record(out: bytearray, schema: "Schema", values: Sequence[Any], wr: Any, depth: int) -> None:
    """Appends a record of ``schema`` with ``values`` (one per field, in field order)."""
    if depth >= MAX_DEPTH:
        raise NavpackValueError(f"values nested deeper than {MAX_DEPTH} levels (a cycle?) at {schema.type_name}")
    fields = schema.fields
    n = len(fields)
    shift = schema.block_shift
    blocks = (n + (1 << shift) - 1) >> shift
    entries = blocks - 1 if blocks > 0 else 0
    tid = schema.type_id
    ver = schema.version
    if tid < 0x40 and ver < 0x40:
        out.append(tid)
        out.append(ver)
    else:
        packed.write(out, tid)
        packed.write(out, ver)
    flags_at = len(out)
    out.append(0)
    body = bytearray()
    offsets = []
    bitmap = None
    mask = (1 << shift) - 1
    codecs = schema.codecs
    for f in range(n):
        if f and not f & mask:
            offsets.append(len(body))
        x = values[f]
        if x is None:
            field = fields[f]
            if not field.nullable:
                raise NavpackValueError(f"field {field.name} of {schema.type_name} must not be null")
            if bitmap is None:
                bitmap = bytearray(len(schema.not_null_mask))
            bitmap[f >> 3] |= 1 << (f & 7)
        else:
            try:
                codecs[f].write(body, x, wr, depth)
            except NavpackValueError as e:
                if getattr(e, "_field_named", False):
                    raise
                err = NavpackValueError(f"field {fields[f].name} of {schema.type_name}: {e}")
                err._field_named = True  # type: ignore[attr-defined]
                raise err from None
    body_len = len(body)
    width = 0 if entries == 0 or body_len <= 0xFF else 1 if body_len <= 0xFFFF else 2
    out[flags_at] = width | (FLAG_NULLS if bitmap is not None else 0) | ((3 - shift) << 3)
    if bitmap is not None:
        out += bitmap
    for off in offsets:
        out += off.to_bytes(1 << width, "big")
    out += body


def write_nested(out: bytearray, x: Any, type_name: Optional[str], wr: Any, depth: int) -> None:
    """Appends the record ``x``: a :class:`RecordView` (its bytes), a :class:`Record` or an instance of a bound
    class; ``type_name``, when given, is the type the field expects."""
    if isinstance(x, RecordView):
        if type_name is not None and x.schema.type_name != type_name:
            raise NavpackValueError(f"a {x.schema.type_name} cannot be stored where a {type_name} is expected")
        out += x.data[x.offset:x.limit]
        return
    if isinstance(x, Record):
        schema = x.schema
        values: Sequence[Any] = x.field_values
    else:
        binding = wr.registry.binding_for(type(x))
        schema = binding.schema
        values = binding.values(x)
    if type_name is not None and schema.type_name != type_name:
        raise NavpackValueError(f"a {schema.type_name} cannot be stored where a {type_name} is expected")
    write_record(out, schema, values, wr, depth)


__all__ = ["RecordView", "Record", "write_record", "write_nested"]
