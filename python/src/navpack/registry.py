"""The schemas one process knows, by type id and version, and the Python classes bound to them."""

from __future__ import annotations

import threading
from typing import Any, Callable, Optional, Sequence, Union

from .classes import ClassBinding, is_navpack_type, proposed_schema, type_info
from .errors import NavpackError, SchemaError, UnknownSchemaError
from .record import Record, RecordView, _Plain, _Writer, write_nested
from .schema import Schema, SchemaCatalog

#: Asked for a schema this registry does not hold: ``(type_id, version) -> Schema | None``.
SchemaSource = Callable[[int, int], Optional[Schema]]
#: Agrees schemas created here: ``[(schema, choose_version)] -> [agreed Schema | SchemaError]``.
SchemaPublisher = Callable[[Sequence[tuple[Schema, bool]]], Sequence[Union[Schema, SchemaError]]]


class SchemaRegistry:
    """Schemas by type id and version, with the rules of :class:`SchemaCatalog`, and the dataclasses bound
    to their types. A ``source`` supplies schemas not known here (the cluster); a ``publisher`` agrees every
    schema created here before it is registered (the cluster's catalog) and may choose its version."""

    def __init__(self, source: Optional[SchemaSource] = None, publisher: Optional[SchemaPublisher] = None) -> None:
        self._table: dict[tuple[int, int], Schema] = {}
        self._catalog = SchemaCatalog()
        self._lock = threading.RLock()
        self.source = source
        self.publisher = publisher
        self._bindings: dict[type, ClassBinding] = {}
        self._by_type_name: dict[str, ClassBinding] = {}
        self._writer = _Writer(self)
        #: How single-field reads give nested records: as views.
        self.plain = _Plain(self)

    # ------------------------------------------------------------ lookups

    def schemas(self) -> tuple[Schema, ...]:
        return self._catalog.schemas

    def local(self, type_id: int, version: int) -> Optional[Schema]:
        return self._table.get((type_id, version))

    def find(self, type_id: int, version: int) -> Optional[Schema]:
        """The schema, asking the source when it is not known here; None when nobody knows it."""
        s = self._table.get((type_id, version))
        if s is None and self.source is not None:
            fetched = self.source(type_id, version)
            if fetched is not None:
                if fetched.key != (type_id, version):
                    raise SchemaError(f"schema source answered {fetched} when asked for type id {type_id} "
                                      f"version {version}")
                s = self.accept(fetched)
        return s

    def schema(self, type_id: int, version: int, offset: int = -1) -> Schema:
        s = self._table.get((type_id, version))
        if s is not None:
            return s
        s = self.find(type_id, version)
        if s is None:
            name = self._catalog.type_name(type_id)
            raise UnknownSchemaError(type_id, version, offset,
                                     f" (type {name} is known in other versions)" if name else "")
        return s

    def versions(self, type_name: str) -> list[Schema]:
        return [s for s in self._catalog.schemas if s.type_name == type_name]

    def latest(self, type_name: str) -> Schema:
        """The newest version of a type known here."""
        v = self.versions(type_name)
        if not v:
            raise SchemaError(f"no schema of type {type_name} is known here")
        return v[-1]

    # ------------------------------------------------------------ registration

    def register(self, item: "Schema | type", choose_version: Optional[bool] = None) -> Schema:
        """Registers a schema created here, or a :func:`navpack_type` dataclass (and the navpack classes its
        fields name); the publisher, if any, agrees it first. A class without a declared version, or
        ``choose_version=True``, gets its version chosen. Returns the registered schema."""
        if isinstance(item, type):
            return self._register_class(item).schema
        return self._register(item, bool(choose_version))

    def _register(self, proposal: Schema, choose_version: bool) -> Schema:
        if not choose_version:
            existing = self._table.get(proposal.key)
            if existing is not None and existing == proposal:
                return existing
        local = self._catalog.admit(proposal, choose_version, "this process")
        if self._table.get(local.key) is local:
            return local
        if self.publisher is None:
            return self.learn(local)
        answer = self.publisher([(proposal, choose_version)])[0]
        if isinstance(answer, Exception):
            raise answer
        return self.accept(answer)

    def learn(self, schema: Schema) -> Schema:
        """Registers a schema that comes from elsewhere, under the rules, without publishing it."""
        with self._lock:
            existing = self._table.get(schema.key)
            if existing is not None and existing == schema:
                return existing
            self._catalog.admit(schema, False, "this process")
            self._add(schema)
            return schema

    def accept(self, agreed: Schema) -> Schema:
        """Registers a schema the publisher's side agreed (the authority): replaces a different one here."""
        with self._lock:
            replaced = self._table.get(agreed.key)
            if replaced is not None and replaced == agreed:
                return replaced
            self._add(agreed)
            if replaced is not None:
                for cls, b in list(self._bindings.items()):
                    if b.schema is replaced:
                        del self._bindings[cls]
            return agreed

    def _add(self, schema: Schema) -> None:
        table = dict(self._table)
        table[schema.key] = schema
        self._table = table
        self._catalog = self._catalog.with_schema(schema)

    # ------------------------------------------------------------ classes

    def _register_class(self, cls: type) -> ClassBinding:
        b = self._bindings.get(cls)
        if b is not None:
            return b
        from .classes import class_fields
        for _, spec in class_fields(cls):
            for nested in spec.nested:
                if nested is not cls:
                    self._register_class(nested)
        info = type_info(cls)
        # no lock is held while the publisher waits for the cluster (whose answers may need this registry)
        schema = self._register(proposed_schema(cls), info.version is None)
        with self._lock:
            b = self._bindings.get(cls)
            if b is None:
                b = ClassBinding(cls, schema)
                self._bindings[cls] = b
                self._by_type_name[schema.type_name] = b
            return b

    def binding_for(self, cls: type) -> ClassBinding:
        """The binding a value of ``cls`` is written with; a navpack dataclass is registered on first use."""
        b = self._bindings.get(cls)
        if b is not None:
            return b
        if is_navpack_type(cls):
            return self._register_class(cls)
        raise NavpackError(f"a {cls.__qualname__} cannot be written as a navpack record: give a Record, a "
                           "RecordView or an instance of a @navpack_type dataclass")

    def binding_of(self, type_name: str) -> Optional[ClassBinding]:
        """The class bound to a type name here, if any: what full decodes return for its values."""
        return self._by_type_name.get(type_name)

    def bound_classes(self) -> list[type]:
        return list(self._bindings)

    # ------------------------------------------------------------ values

    def encode(self, value: Any) -> bytes:
        """A record as bytes: a :class:`Record`, a :class:`RecordView` or an instance of a navpack dataclass."""
        out = bytearray()
        write_nested(out, value, None, self._writer, 0)
        return bytes(out)

    def view(self, data: "bytes | bytearray | memoryview", offset: int = 0, length: Optional[int] = None) -> RecordView:
        """A view over the record in ``data`` (copied when it is not ``bytes``); the header is checked now."""
        b = data if isinstance(data, bytes) else bytes(data)
        if length is None:
            length = len(b) - offset
        if offset < 0 or length < 0 or offset > len(b) - length:
            raise ValueError(f"range {offset}+{length} outside {len(b)} bytes")
        return RecordView(b, offset, length, self, 0)

    def decode(self, data: "bytes | bytearray | memoryview", bind: bool = True) -> Any:
        """The whole value in ``data``: an instance of the bound class, else a :class:`Record`."""
        return self.view(data).decode(bind)

    def new(self, type_name: str, values: Any = None, **fields: Any) -> Record:
        """A :class:`Record` of the newest known version of ``type_name``, to write."""
        return Record(self.latest(type_name), values, **fields)
