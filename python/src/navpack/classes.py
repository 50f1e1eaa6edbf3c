"""Python classes as navpack types: a dataclass marked with :func:`navpack_type` gets a schema from its fields
(in declaration order, like a Java record's components) and is written and read as that type.

Field annotations map to kinds: ``bool`` boolean, ``int`` long, ``float`` double, ``str`` string, ``Decimal``
decimal, ``date`` date, ``time`` time, ``datetime`` date-time, ``UUID`` uuid, ``bytes`` bytes, an ``Enum``
class enum (by constant name), another navpack dataclass a nested record, ``list[T]`` list, ``set[T]`` and
``frozenset[T]`` set, ``tuple[T, ...]`` array, ``dict[K, V]`` map; ``Annotated[T, FieldType]`` (or the aliases
of :mod:`navpack.types`: ``Int32``, ``Float32``, ``Instant``...) picks any other kind. As in Java, fields of the
primitive kinds (boolean, numbers but decimals and big integers) cannot be null unless ``Optional``; every other
field may be null.
"""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import enum
import typing
import uuid
from typing import Any, Callable, Optional

from . import types as t
from .errors import SchemaError
from .types import FieldType, Kind

_IDENTITY: Callable[[Any], Any] = lambda v: v  # noqa: E731

_SIMPLE: dict[Any, FieldType] = {
    bool: t.BOOLEAN, int: t.LONG, float: t.DOUBLE, str: t.STRING, decimal.Decimal: t.DECIMAL,
    datetime.date: t.DATE, datetime.time: t.TIME, datetime.datetime: t.DATE_TIME, uuid.UUID: t.UUID,
    bytes: t.BYTES,
}


@dataclasses.dataclass(frozen=True)
class TypeInfo:
    name: str
    type_id: Optional[int]
    version: Optional[int]


def navpack_type(cls: Optional[type] = None, *, name: Optional[str] = None, type_id: Optional[int] = None,
                 version: Optional[int] = None) -> Any:
    """Marks a dataclass as a navpack type (``@navpack_type(name="Trade", type_id=1, version=1)``).

    Without ``name`` the type is named after the class (``module.Class``), without ``type_id`` the id is a
    20-bit hash of the name, and without ``version`` the version is chosen where the schema is registered
    (the version that already has exactly these fields, or the next one).
    """
    def mark(c: type) -> type:
        if not dataclasses.is_dataclass(c):
            c = dataclasses.dataclass(c)
        c.__navpack__ = TypeInfo(name or f"{c.__module__}.{c.__qualname__}", type_id, version)  # type: ignore
        return c
    return mark(cls) if cls is not None else mark


def enum_name(name: str) -> Callable[[type], type]:
    """Gives a Python ``Enum`` the enum name of its schema (Java uses the enum's class name, e.g.
    ``com.acme.trading.Side``); without it the name is the Python class's qualified name."""
    def mark(c: type) -> type:
        c.__navpack_enum__ = name  # type: ignore[attr-defined]
        return c
    return mark


def type_info(cls: type) -> TypeInfo:
    info = getattr(cls, "__navpack__", None)
    if not isinstance(info, TypeInfo) or cls.__dict__.get("__navpack__") is not info:
        raise SchemaError(f"{cls.__qualname__} is not a navpack type: mark the dataclass with @navpack_type")
    return info


def is_navpack_type(cls: Any) -> bool:
    return isinstance(cls, type) and isinstance(cls.__dict__.get("__navpack__"), TypeInfo)


class FieldSpec(typing.NamedTuple):
    type: FieldType
    nullable: bool
    convert: Callable[[Any], Any]
    nested: tuple[type, ...]


def _optional_inner(hint: Any) -> Optional[Any]:
    if typing.get_origin(hint) in (typing.Union, getattr(__import__("types"), "UnionType", None)):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(args) == 1 and len(typing.get_args(hint)) == 2:
            return args[0]
    return None


def field_spec(hint: Any, where: str) -> FieldSpec:
    """The field type, nullability and decode conversion of a dataclass field annotation."""
    inner = _optional_inner(hint)
    if inner is not None:
        spec = field_spec(inner, where)
        return FieldSpec(spec.type, True, spec.convert, spec.nested)
    ft, convert, nested = _type_of(hint, where)
    return FieldSpec(ft, not ft.kind.is_primitive, convert, nested)


def _nullable_conv(c: Callable[[Any], Any]) -> Callable[[Any], Any]:
    if c is _IDENTITY:
        return c
    return lambda v: None if v is None else c(v)


def _type_of(hint: Any, where: str) -> tuple[FieldType, Callable[[Any], Any], tuple[type, ...]]:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Annotated:
        declared = [a for a in args[1:] if isinstance(a, FieldType)]
        if not declared:
            return _type_of(args[0], where)
        try:
            base, conv, nested = _type_of(args[0], where)
        except SchemaError:
            return declared[0], _IDENTITY, ()
        return declared[0], (conv if base.kind == declared[0].kind else _IDENTITY), nested
    inner = _optional_inner(hint)
    if inner is not None:
        ft, conv, nested = _type_of(inner, where)
        return ft, _nullable_conv(conv), nested
    if hint in _SIMPLE:
        return _SIMPLE[hint], _IDENTITY, ()
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        name = getattr(hint, "__navpack_enum__", None) or f"{hint.__module__}.{hint.__qualname__}"
        members = hint

        def to_enum(v: Any) -> Any:
            try:
                return members[v]
            except KeyError:
                raise SchemaError(f"{where}: constant {v} is not in the Python enum {members.__qualname__}") from None
        return t.enum_of(name, [m.name for m in hint]), to_enum, ()
    if is_navpack_type(hint):
        return t.record_of(type_info(hint).name), _IDENTITY, (hint,)
    if origin in (list, typing.List):
        e, conv, nested = _element(args, where)
        return t.list_of(e.type), (_IDENTITY if conv is _IDENTITY else lambda v: [conv(x) for x in v]), nested
    if origin in (set, frozenset, typing.Set, typing.FrozenSet):
        e, conv, nested = _element(args, where)
        kind = frozenset if origin in (frozenset, typing.FrozenSet) else set
        return t.set_of(e.type), lambda v: kind(conv(x) for x in v), nested
    if origin in (tuple, typing.Tuple):
        if len(args) != 2 or args[1] is not Ellipsis:
            raise SchemaError(f"{where}: an array is annotated tuple[T, ...], not {hint}")
        e, conv, nested = _element(args[:1], where)
        return t.array_of(e.type, e.nullable), lambda v: tuple(conv(x) for x in v), nested
    if origin in (dict, typing.Dict):
        if len(args) != 2:
            raise SchemaError(f"{where}: a map is annotated dict[K, V]")
        k, kconv, kn = _element(args[:1], where)
        v, vconv, vn = _element(args[1:], where)
        if kconv is _IDENTITY and vconv is _IDENTITY:
            return t.map_of(k.type, v.type), _IDENTITY, kn + vn
        return t.map_of(k.type, v.type), lambda m: {kconv(a): vconv(b) for a, b in m.items()}, kn + vn
    raise SchemaError(f"{where}: the Python type {hint!r} has no navpack kind; annotate it as "
                      "Annotated[T, <a navpack.types FieldType>] or use a supported type")


def _element(args: tuple[Any, ...], where: str) -> tuple[FieldSpec, Callable[[Any], Any], tuple[type, ...]]:
    if len(args) != 1:
        raise SchemaError(f"{where}: a container annotation needs its element type")
    spec = field_spec(args[0], where)
    return spec, _nullable_conv(spec.convert), spec.nested


def class_fields(cls: type) -> list[tuple[str, FieldSpec]]:
    """The fields of a navpack dataclass, in declaration order, with their specs."""
    hints = typing.get_type_hints(cls, include_extras=True)
    out = []
    for f in dataclasses.fields(cls):
        out.append((f.name, field_spec(hints[f.name], f"field {f.name} of {cls.__qualname__}")))
    return out


def proposed_schema(cls: type) -> Any:
    """The schema ``cls`` declares (its version is 1 when the class gives none: the registry chooses it)."""
    from .schema import Schema
    info = type_info(cls)
    fields = [(name, spec.type, spec.nullable) for name, spec in class_fields(cls)]
    return Schema(info.name, fields, info.type_id, info.version if info.version is not None else 1)


class ClassBinding:
    """How instances of one dataclass are written (as ``schema``) and how values of any version of its type
    become instances: fields matched by name, fields the bytes lack take the dataclass default (or 0, False,
    None), fields the class lacks are skipped."""

    def __init__(self, cls: type, schema: Any) -> None:
        self.cls = cls
        self.schema = schema
        specs = dict(class_fields(cls))
        self.specs = specs
        self.names = [f.name for f in schema.fields]
        self.defaults: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.default is not dataclasses.MISSING:
                self.defaults[f.name] = f.default
            elif f.default_factory is not dataclasses.MISSING:
                self.defaults[f.name] = f.default_factory
            else:
                spec = specs[f.name]
                self.defaults[f.name] = _zero(spec.type) if not spec.nullable else None
        self._plans: dict[Any, list[tuple[int, str, Callable[[Any], Any]]]] = {}

    def values(self, obj: Any) -> list[Any]:
        return [getattr(obj, n) for n in self.names]

    def _plan(self, writer: Any) -> list[tuple[int, str, Callable[[Any], Any]]]:
        plan = self._plans.get(writer)
        if plan is None:
            plan = []
            for name, spec in self.specs.items():
                i = writer.by_name.get(name)
                if i is None:
                    continue
                wt = writer.fields[i].type
                if not t.compatible_across_versions(wt, spec.type):
                    raise SchemaError(f"field {name} of {writer.type_name} is a {wt!r} in version {writer.version} "
                                      f"but a {spec.type!r} in {self.cls.__qualname__}: a field keeps its type in "
                                      "every version of its type")
                plan.append((i, name, spec.convert))
            self._plans[writer] = plan
        return plan

    def decode(self, view: Any, rd: Any) -> Any:
        values = view.decode_all(rd)
        kwargs: dict[str, Any] = {}
        for i, name, convert in self._plan(view.schema):
            v = values[i]
            kwargs[name] = convert(v) if v is not None and convert is not _IDENTITY else v
        for name, d in self.defaults.items():
            if name not in kwargs:
                kwargs[name] = d() if callable(d) and not isinstance(d, type) else d
            elif kwargs[name] is None and not self.specs[name].nullable:
                kwargs[name] = _zero(self.specs[name].type)
        return self.cls(**kwargs)


def _zero(ft: FieldType) -> Any:
    k = ft.kind
    if k == Kind.BOOLEAN:
        return False
    if k in (Kind.FLOAT, Kind.DOUBLE):
        return 0.0
    if k == Kind.CHAR:
        return "\x00"
    if k.is_primitive:
        return 0
    return None
