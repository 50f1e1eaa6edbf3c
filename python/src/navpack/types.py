"""Field types: a :class:`Kind` plus what the kind needs (element, key and value types of containers, the
type name of a nested record, the name and constants of an enum). Immutable, equal when structurally equal.

The constants and factories here are also usable as ``typing.Annotated`` metadata on dataclass fields, and
the aliases at the end (``Int32``, ``Float32``, ``Instant``...) name the Java types Python has no own type for.
"""

from __future__ import annotations

import datetime
import enum
from typing import Annotated, Any, Optional

from .errors import SchemaError


class Kind(enum.IntEnum):
    """What a field holds; the value is the byte that names the kind in a schema's binary form."""

    BOOLEAN = 1
    BYTE = 2
    SHORT = 3
    CHAR = 4
    INT = 5
    LONG = 6
    FLOAT = 7
    DOUBLE = 8
    STRING = 9
    DECIMAL = 10
    BIG_INTEGER = 11
    DATE = 12
    TIME = 13
    DATE_TIME = 14
    INSTANT = 15
    OFFSET_DATE_TIME = 16
    UUID = 17
    ENUM = 18
    BYTES = 19
    RECORD = 20
    LIST = 21
    SET = 22
    ARRAY = 23
    MAP = 24

    @property
    def is_primitive(self) -> bool:
        """True for the kinds a Java primitive can hold (boolean to double): not nullable unless declared so."""
        return self <= Kind.DOUBLE

    @property
    def is_collection(self) -> bool:
        return self in (Kind.LIST, Kind.SET, Kind.ARRAY)


#: Deepest nesting of lists, sets, arrays and maps inside one another in one field type.
MAX_TYPE_DEPTH = 32


class FieldType:
    """The type of a field, a container element, or a map key or value."""

    __slots__ = ("kind", "name", "constants", "element", "element_nullable", "key", "depth", "_hash", "codec",
                 "_binary")

    kind: Kind
    name: Optional[str]
    constants: tuple[str, ...]
    element: Optional["FieldType"]
    element_nullable: bool
    key: Optional["FieldType"]

    def __init__(self, kind: Kind, name: Optional[str] = None, constants: tuple[str, ...] = (),
                 element: Optional["FieldType"] = None, element_nullable: bool = False,
                 key: Optional["FieldType"] = None) -> None:
        self.kind = kind
        self.name = name
        self.constants = constants
        self.element = element
        self.element_nullable = element_nullable
        self.key = key
        self.depth = 1 + max(element.depth if element is not None else 0, key.depth if key is not None else 0)
        if self.depth > MAX_TYPE_DEPTH + 1:
            raise SchemaError(f"a field type may nest at most {MAX_TYPE_DEPTH} lists, sets, arrays and maps inside "
                              f"one another; this {kind.name.lower()} nests {self.depth - 1}: hold deeper "
                              "structures in nested records")
        self._hash = hash((kind, name, constants, element, element_nullable, key))
        self._binary: Optional[bytes] = None
        from .codecs import codec_for  # codecs need the types; built once per type
        self.codec = codec_for(self)

    @property
    def is_primitive_array(self) -> bool:
        """An array that Java holds as a primitive array (``int[]``): no null elements, no bitmap."""
        return self.kind == Kind.ARRAY and not self.element_nullable and self.element is not None \
            and self.element.kind.is_primitive

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, FieldType):
            return NotImplemented
        return (self._hash == other._hash and self.kind == other.kind and self.name == other.name
                and self.constants == other.constants and self.element == other.element
                and self.element_nullable == other.element_nullable and self.key == other.key)

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        k = self.kind
        if k == Kind.ENUM:
            return f"enum<{self.name}>{list(self.constants)}"
        if k == Kind.RECORD:
            return f"record<{self.name}>"
        if k in (Kind.LIST, Kind.SET):
            return f"{k.name.lower()}<{self.element!r}>"
        if k == Kind.ARRAY:
            return f"array<{self.element!r}{'?' if self.element_nullable else ''}>"
        if k == Kind.MAP:
            return f"map<{self.key!r},{self.element!r}>"
        return k.name.lower()


def _scalar(kind: Kind) -> FieldType:
    return FieldType(kind)


BOOLEAN = _scalar(Kind.BOOLEAN)
BYTE = _scalar(Kind.BYTE)
SHORT = _scalar(Kind.SHORT)
CHAR = _scalar(Kind.CHAR)
INT = _scalar(Kind.INT)
LONG = _scalar(Kind.LONG)
FLOAT = _scalar(Kind.FLOAT)
DOUBLE = _scalar(Kind.DOUBLE)
STRING = _scalar(Kind.STRING)
DECIMAL = _scalar(Kind.DECIMAL)
BIG_INTEGER = _scalar(Kind.BIG_INTEGER)
DATE = _scalar(Kind.DATE)
TIME = _scalar(Kind.TIME)
DATE_TIME = _scalar(Kind.DATE_TIME)
INSTANT = _scalar(Kind.INSTANT)
OFFSET_DATE_TIME = _scalar(Kind.OFFSET_DATE_TIME)
UUID = _scalar(Kind.UUID)
BYTES = _scalar(Kind.BYTES)

SCALARS: dict[Kind, FieldType] = {t.kind: t for t in (
    BOOLEAN, BYTE, SHORT, CHAR, INT, LONG, FLOAT, DOUBLE, STRING, DECIMAL, BIG_INTEGER, DATE, TIME, DATE_TIME,
    INSTANT, OFFSET_DATE_TIME, UUID, BYTES)}


def of(kind: Kind) -> FieldType:
    """The type of a kind that needs nothing but its kind (not enum, record or a container)."""
    t = SCALARS.get(kind)
    if t is None:
        raise SchemaError(f"{kind.name} needs more than a kind: use its factory")
    return t


def _require_name(name: Any, what: str) -> str:
    if not isinstance(name, str) or not name:
        raise SchemaError(f"{what} must not be empty")
    return name


def enum_of(name: str, constants: "list[str] | tuple[str, ...]") -> FieldType:
    """An enum, stored as the position of its constant in ``constants``."""
    _require_name(name, "enum name")
    c = tuple(constants)
    if not c:
        raise SchemaError(f"enum {name} has no constants")
    if len(set(c)) != len(c):
        raise SchemaError(f"enum {name} lists a constant twice: {list(c)}")
    return FieldType(Kind.ENUM, name=name, constants=c)


def record_of(type_name: str) -> FieldType:
    """A nested record of type ``type_name``."""
    return FieldType(Kind.RECORD, name=_require_name(type_name, "record type name"))


def list_of(element: FieldType) -> FieldType:
    """A list whose elements may be null."""
    return FieldType(Kind.LIST, element=element, element_nullable=True)


def set_of(element: FieldType) -> FieldType:
    """A set whose elements may be null; kept in stored order."""
    return FieldType(Kind.SET, element=element, element_nullable=True)


def array_of(element: FieldType, element_nullable: bool) -> FieldType:
    """An array; with a primitive element kind and ``element_nullable=False`` Java holds it as ``int[]`` etc."""
    return FieldType(Kind.ARRAY, element=element, element_nullable=element_nullable)


def map_of(key: FieldType, value: FieldType) -> FieldType:
    """A map; keys and values may be null."""
    return FieldType(Kind.MAP, element=value, element_nullable=True, key=key)


def compatible_across_versions(a: FieldType, b: FieldType) -> bool:
    """Whether a field may have type ``a`` in one version of its type and ``b`` in another."""
    if a.kind != b.kind:
        return False
    if a.kind == Kind.RECORD:
        return a.name == b.name
    if a.kind == Kind.ARRAY and a.element_nullable != b.element_nullable:
        return False
    if a.element is not None and b.element is not None and not compatible_across_versions(a.element, b.element):
        return False
    if a.key is not None and b.key is not None and not compatible_across_versions(a.key, b.key):
        return False
    return True


# ---------------------------------------------------------------- aliases for dataclass fields

Int8 = Annotated[int, BYTE]
"""A Java ``byte`` (-128..127)."""
Int16 = Annotated[int, SHORT]
"""A Java ``short``."""
Int32 = Annotated[int, INT]
"""A Java ``int``."""
Int64 = Annotated[int, LONG]
"""A Java ``long`` (what a plain ``int`` annotation gives)."""
BigInt = Annotated[int, BIG_INTEGER]
"""A Java ``BigInteger``."""
Char = Annotated[str, CHAR]
"""A Java ``char``: a one-character string up to U+FFFF."""
Float32 = Annotated[float, FLOAT]
"""A Java ``float``."""
Instant = Annotated[datetime.datetime, INSTANT]
"""A Java ``Instant``: a timezone-aware datetime (decoded in UTC)."""
OffsetDateTime = Annotated[datetime.datetime, OFFSET_DATE_TIME]
"""A Java ``OffsetDateTime``: a timezone-aware datetime that keeps its offset."""
