"""One codec per kind: how its values are read, skipped and written (docs/format.md, "Field values").

Every read checks each byte against ``limit`` (the end of the enclosing record or container) and turns
anything invalid into :class:`~navpack.errors.NavpackFormatError`; nothing is allocated for a length or a
count before it is checked against the bytes that are left.
"""

from __future__ import annotations

import decimal
import enum
import struct
import uuid
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Callable

from . import javatime, packed
from .errors import NavpackError, NavpackFormatError, NavpackValueError
from .packed import read_int, read_long, skip, skip_int

if TYPE_CHECKING:
    from .types import FieldType

#: Deepest nesting of records and containers in a value.
MAX_DEPTH = 64

# How a record skips a field without calling its codec (as navpack's Java code does):
SKIP_PACKED = 0        # one packed 64-bit integer
SKIP_LENGTH = -1       # a packed length and that many bytes
SKIP_OTHER = -2        # the codec's skip
SKIP_PACKED_INT = -3   # one packed integer that must fit 32 bits
SKIP_DECIMAL = -4      # a decimal
# a positive value: a fixed size in bytes

_F32 = struct.Struct(">f")
_F64 = struct.Struct(">d")
_NANOS_PER_DAY = 86_400_000_000_000
_INT_RANGE = {2: (-128, 127), 3: (-32768, 32767), 5: (packed.INT_MIN, packed.INT_MAX),
              6: (packed.LONG_MIN, packed.LONG_MAX)}


def fixed(p: int, size: int, limit: int) -> int:
    if p > limit - size:
        raise NavpackFormatError(f"truncated input: value needs {size} bytes, {limit - p} left", p)
    return p + size


def checked_length(b: bytes, p: int, q: int, limit: int) -> int:
    """The byte length at ``p`` whose payload starts at ``q``; must fit before ``limit``."""
    n = read_int(b, p, limit)[0]
    if n < 0 or n > limit - q:
        raise NavpackFormatError(f"length {n} exceeds the {limit - q} bytes left", p)
    return n


def skip_length_prefixed(b: bytes, p: int, limit: int) -> int:
    q = skip_int(b, p, limit)
    return q + checked_length(b, p, q, limit)


def require_end(p: int, end: int, t: "FieldType") -> None:
    if p != end:
        raise NavpackFormatError(f"a {t!r} ends at offset {p} but its length says {end}", p)


def _type_name(x: object) -> str:
    return type(x).__name__


class Codec:
    """Reads, skips and writes the values of one field type."""

    __slots__ = ("type", "skip_class")
    skip_class: int

    def __init__(self, t: "FieldType", skip_class: int = SKIP_OTHER) -> None:
        self.type = t
        self.skip_class = skip_class

    def skip(self, b: bytes, p: int, limit: int) -> int:
        raise NotImplementedError

    def read(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[Any, int]:
        """The non-null value at ``p`` and the position after it."""
        raise NotImplementedError

    def write(self, out: bytearray, x: Any, wr: Any, depth: int) -> None:
        """Appends the non-null value ``x``."""
        raise NotImplementedError

    def bad(self, x: object, why: str = "") -> NavpackValueError:
        return NavpackValueError(f"a {_type_name(x)} cannot be written as a {self.type!r}{': ' + why if why else ''}")


# ---------------------------------------------------------------- primitives

class BooleanCodec(Codec):
    __slots__ = ()

    def __init__(self, t: "FieldType") -> None:
        super().__init__(t, 1)

    def skip(self, b: bytes, p: int, limit: int) -> int:
        return fixed(p, 1, limit)

    def read(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[Any, int]:
        fixed(p, 1, limit)
        v = b[p]
        if v & ~1:
            raise NavpackFormatError(f"boolean byte {v - 256 if v > 127 else v} is neither 0 nor 1", p)
        return v == 1, p + 1

    def write(self, out: bytearray, x: Any, wr: Any, depth: int) -> None:
        if x is True:
            out.append(1)
        elif x is False:
            out.append(0)
        else:
            raise self.bad(x)


class ByteCodec(Codec):
    __slots__ = ()

    def __init__(self, t: "FieldType") -> None:
        super().__init__(t, 1)

    def skip(self, b: bytes, p: int, limit: int) -> int:
        return fixed(p, 1, limit)

    def read(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[Any, int]:
        fixed(p, 1, limit)
        v = b[p]
        return (v - 256 if v > 127 else v), p + 1

    def write(self, out: bytearray, x: Any, wr: Any, depth: int) -> None:
        _check_int(self, x, -128, 127)
        out.append(x & 0xFF)


def _check_int(c: Codec, x: Any, lo: int, hi: int) -> None:
    if type(x) is not int and not (isinstance(x, int) and not isinstance(x, bool)):
        raise c.bad(x)
    if not lo <= x <= hi:
        raise NavpackValueError(f"{x} is outside the range of a {c.type!r} ({lo}..{hi})")


class IntCodec(Codec):
    """short, int and long: packed integers, range-checked by kind."""

    __slots__ = ("lo", "hi", "is_long")

    def __init__(self, t: "FieldType") -> None:
        self.is_long = t.kind == 6
        super().__init__(t, SKIP_PACKED if self.is_long else SKIP_PACKED_INT)
        self.lo, self.hi = _INT_RANGE[t.kind]

    def skip(self, b: bytes, p: int, limit: int) -> int:
        return skip(b, p, limit) if self.is_long else skip_int(b, p, limit)

    def read(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[Any, int]:
        if self.is_long:
            return read_long(b, p, limit)
        v, q = read_int(b, p, limit)
        if not self.lo <= v <= self.hi:
            raise NavpackFormatError(f"short value {v} out of range", p)
        return v, q

    def write(self, out: bytearray, x: Any, wr: Any, depth: int) -> None:
        if type(x) is not int:
            _check_int(self, x, self.lo, self.hi)
        elif not self.lo <= x <= self.hi:
            raise NavpackValueError(f"{x} is outside the range of a {self.type!r} ({self.lo}..{self.hi})")
        if 0 <= x < 0x40:
            out.append(x)
        else:
            packed.write(out, x)


class CharCodec(Codec):
    __slots__ = ()

    def __init__(self, t: "FieldType") -> None:
        super().__init__(t, SKIP_PACKED_INT)

    def skip(self, b: bytes, p: int, limit: int) -> int:
        return skip_int(b, p, limit)

    def read(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[Any, int]:
        v, q = read_int(b, p, limit)
        if not 0 <= v <= 0xFFFF:
            raise NavpackFormatError(f"char value {v} out of range", p)
        return chr(v), q

    def write(self, out: bytearray, x: Any, wr: Any, depth: int) -> None:
        if not isinstance(x, str) or len(x) != 1 or ord(x) > 0xFFFF:
            raise self.bad(x, "a char is a string of one character up to U+FFFF")
        packed.write(out, ord(x))


class FloatCodec(Codec):
    __slots__ = ("st",)

    def __init__(self, t: "FieldType") -> None:
        self.st = _F32 if t.kind == 7 else _F64
        super().__init__(t, self.st.size)

    def skip(self, b: bytes, p: int, limit: int) -> int:
        return fixed(p, self.st.size, limit)

    def read(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[Any, int]:
        n = self.st.size
        fixed(p, n, limit)
        return self.st.unpack_from(b, p)[0], p + n

    def write(self, out: bytearray, x: Any, wr: Any, depth: int) -> None:
        if not isinstance(x, (float, int)) or isinstance(x, bool):
            raise self.bad(x)
        try:
            out += self.st.pack(x)
        except (OverflowError, struct.error) as e:
            raise NavpackValueError(f"{x!r} does not fit a {self.type!r}: {e}") from None


# ---------------------------------------------------------------- length-prefixed

class StringCodec(Codec):
    __slots__ = ()

    def __init__(self, t: "FieldType") -> None:
        super().__init__(t, SKIP_LENGTH)

    def skip(self, b: bytes, p: int, limit: int) -> int:
        return skip_length_prefixed(b, p, limit)

    def read(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[Any, int]:
        if p < limit:
            n = b[p]
            if n < 0x40 and n < limit - p:
                q = p + 1 + n
                return b[p + 1:q].decode("utf-8", "replace"), q
        q = skip_int(b, p, limit)
        n = checked_length(b, p, q, limit)
        return b[q:q + n].decode("utf-8", "replace"), q + n

    def write(self, out: bytearray, x: Any, wr: Any, depth: int) -> None:
        if not isinstance(x, str):
            raise self.bad(x)
        write_string(out, x)


def utf8(s: str) -> bytes:
    """UTF-8 as Java writes it: an unpaired surrogate becomes '?', a surrogate pair one 4-byte character."""
    try:
        return s.encode("utf-8")
    except UnicodeEncodeError:
        out = []
        i = 0
        n = len(s)
        while i < n:
            c = ord(s[i])
            if 0xD800 <= c <= 0xDBFF and i + 1 < n and 0xDC00 <= ord(s[i + 1]) <= 0xDFFF:
                out.append(chr(0x10000 + ((c - 0xD800) << 10) + (ord(s[i + 1]) - 0xDC00)))
                i += 2
                continue
            out.append("?" if 0xD800 <= c <= 0xDFFF else s[i])
            i += 1
        return "".join(out).encode("utf-8")


def write_string(out: bytearray, s: str) -> None:
    data = utf8(s)
    n = len(data)
    if n < 0x40:
        out.append(n)
    else:
        packed.write(out, n)
    out += data


def read_string(b: bytes, p: int, limit: int) -> tuple[str, int]:
    q = skip_int(b, p, limit)
    n = checked_length(b, p, q, limit)
    return b[q:q + n].decode("utf-8", "replace"), q + n


class BytesCodec(Codec):
    __slots__ = ()

    def __init__(self, t: "FieldType") -> None:
        super().__init__(t, SKIP_LENGTH)

    def skip(self, b: bytes, p: int, limit: int) -> int:
        return skip_length_prefixed(b, p, limit)

    def read(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[Any, int]:
        q = skip_int(b, p, limit)
        n = checked_length(b, p, q, limit)
        return bytes(b[q:q + n]), q + n

    def write(self, out: bytearray, x: Any, wr: Any, depth: int) -> None:
        if not isinstance(x, (bytes, bytearray, memoryview)):
            raise self.bad(x)
        data = bytes(x)
        packed.write(out, len(data))
        out += data


def big_integer_at(b: bytes, p: int, limit: int) -> tuple[int, int]:
    q = skip_int(b, p, limit)
    n = checked_length(b, p, q, limit)
    if n == 0:
        raise NavpackFormatError("big integer with no bytes", p)
    return int.from_bytes(b[q:q + n], "big", signed=True), q + n


def write_big_integer(out: bytearray, v: int) -> None:
    bits = (v if v >= 0 else ~v).bit_length()
    data = v.to_bytes(bits // 8 + 1, "big", signed=True)
    packed.write(out, len(data))
    out += data


class BigIntegerCodec(Codec):
    __slots__ = ()

    def __init__(self, t: "FieldType") -> None:
        super().__init__(t, SKIP_LENGTH)

    def skip(self, b: bytes, p: int, limit: int) -> int:
        return skip_length_prefixed(b, p, limit)

    def read(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[Any, int]:
        return big_integer_at(b, p, limit)

    def write(self, out: bytearray, x: Any, wr: Any, depth: int) -> None:
        if not isinstance(x, int) or isinstance(x, bool):
            raise self.bad(x)
        write_big_integer(out, x)


# ---------------------------------------------------------------- numbers and times

_decimal_cache: dict[tuple[int, int], decimal.Decimal] = {}


class DecimalCodec(Codec):
    """``h = scale << 4 | z``; for z = 0..14 a packed long ``m`` and the unscaled value ``m * 10**z``; for
    z = 15 the unscaled value as a big integer."""

    __slots__ = ()

    def __init__(self, t: "FieldType") -> None:
        super().__init__(t, SKIP_DECIMAL)

    def skip(self, b: bytes, p: int, limit: int) -> int:
        return skip_decimal(b, p, limit)

    def read(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[Any, int]:
        return decimal_at(b, p, limit)

    def write(self, out: bytearray, x: Any, wr: Any, depth: int) -> None:
        if isinstance(x, int) and not isinstance(x, bool):
            x = decimal.Decimal(x)
        elif not isinstance(x, decimal.Decimal):
            raise self.bad(x)
        write_decimal(out, x)


def decimal_at(b: bytes, p: int, limit: int) -> tuple[decimal.Decimal, int]:
    h, q = read_long(b, p, limit)
    scale = h >> 4
    if not packed.INT_MIN <= scale <= packed.INT_MAX:
        raise NavpackFormatError(f"decimal scale {scale} out of range", p)
    z = h & 15
    if z == 15:
        unscaled, end = big_integer_at(b, q, limit)
    else:
        m, end = read_long(b, q, limit)
        key = (h, m)
        d = _decimal_cache.get(key)
        if d is not None:
            return d, end
        unscaled = m * 10 ** z if z else m
        d = decimal.Decimal(f"{unscaled}E{-scale}")
        if len(_decimal_cache) < 4096:
            _decimal_cache[key] = d
        return d, end
    return decimal.Decimal(f"{unscaled}E{-scale}"), end


def skip_decimal(b: bytes, p: int, limit: int) -> int:
    h, q = read_long(b, p, limit)
    return skip_length_prefixed(b, q, limit) if h & 15 == 15 else skip(b, q, limit)


def write_decimal(out: bytearray, d: decimal.Decimal) -> None:
    sign, digits, exponent = d.as_tuple()
    if not isinstance(exponent, int):
        raise NavpackValueError(f"{d} is not a finite decimal: navpack stores Java BigDecimal values")
    scale = -exponent
    if not packed.INT_MIN <= scale <= packed.INT_MAX:
        raise NavpackValueError(f"the scale of {d} is outside Java's int range")
    unscaled = int("".join(map(str, digits))) if digits else 0
    if sign and unscaled:
        unscaled = -unscaled
    if (unscaled if unscaled >= 0 else ~unscaled).bit_length() > 63:
        packed.write(out, (scale << 4) | 15)
        write_big_integer(out, unscaled)
        return
    z = 0
    while z < 14 and unscaled != 0 and unscaled % 10 == 0:
        unscaled //= 10
        z += 1
    packed.write(out, (scale << 4) | z)
    packed.write(out, unscaled)


def _day(v: int, p: int) -> int:
    if not javatime.MIN_EPOCH_DAY <= v <= javatime.MAX_EPOCH_DAY:
        raise NavpackFormatError(f"epoch day {v} out of range", p)
    return v


def _nano_at(b: bytes, p: int, limit: int) -> tuple[int, int]:
    nano, q = read_int(b, p, limit)
    if not 0 <= nano < 1_000_000_000:
        raise NavpackFormatError(f"nanosecond {nano} out of range", p)
    return nano, q


def time_at(b: bytes, p: int, limit: int) -> tuple[int, int]:
    """Nano of day and end of the time at ``p``."""
    s, q = read_long(b, p, limit)
    seconds = s >> 1
    if not 0 <= seconds < 86_400:
        raise NavpackFormatError(f"second of day {seconds} out of range", p)
    nano = 0
    if s & 1:
        nano, q = _nano_at(b, q, limit)
    return seconds * 1_000_000_000 + nano, q


def _write_flagged_seconds(out: bytearray, seconds: int, nano: int) -> None:
    packed.write(out, seconds * 2 + (1 if nano else 0))
    if nano:
        packed.write(out, nano)


def _check_day(day: int) -> int:
    if not javatime.MIN_EPOCH_DAY <= day <= javatime.MAX_EPOCH_DAY:
        raise NavpackValueError(f"epoch day {day} is outside Java's LocalDate range")
    return day


def _check_nano_of_day(nano: int) -> int:
    if not 0 <= nano < _NANOS_PER_DAY:
        raise NavpackValueError(f"nano of day {nano} is outside 0..86399999999999")
    return nano


def _converted(c: Codec, convert: Callable[[Any], Any], x: Any) -> Any:
    try:
        return convert(x)
    except TypeError as e:
        raise c.bad(x, str(e)) from None


class DateCodec(Codec):
    __slots__ = ()

    def __init__(self, t: "FieldType") -> None:
        super().__init__(t, SKIP_PACKED)

    def skip(self, b: bytes, p: int, limit: int) -> int:
        return skip(b, p, limit)

    def read(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[Any, int]:
        v, q = read_long(b, p, limit)
        return javatime.date_of(_day(v, p)), q

    def write(self, out: bytearray, x: Any, wr: Any, depth: int) -> None:
        packed.write(out, _check_day(_converted(self, javatime.epoch_day, x)))


class TimeCodec(Codec):
    __slots__ = ()

    def __init__(self, t: "FieldType") -> None:
        super().__init__(t, SKIP_OTHER)

    def skip(self, b: bytes, p: int, limit: int) -> int:
        return skip_flagged_seconds(b, p, limit)

    def read(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[Any, int]:
        nano, q = time_at(b, p, limit)
        return javatime.time_of(nano), q

    def write(self, out: bytearray, x: Any, wr: Any, depth: int) -> None:
        nano = _check_nano_of_day(_converted(self, javatime.nano_of_day, x))
        _write_flagged_seconds(out, nano // 1_000_000_000, nano % 1_000_000_000)


def skip_flagged_seconds(b: bytes, p: int, limit: int) -> int:
    s, q = read_long(b, p, limit)
    return skip_int(b, q, limit) if s & 1 else q


def date_time_at(b: bytes, p: int, limit: int) -> tuple[int, int, int]:
    day, q = read_long(b, p, limit)
    _day(day, p)
    nano, q = time_at(b, q, limit)
    return day, nano, q


def skip_date_time(b: bytes, p: int, limit: int) -> int:
    return skip_flagged_seconds(b, skip(b, p, limit), limit)


def _write_date_time(out: bytearray, day: int, nano: int) -> None:
    packed.write(out, _check_day(day))
    _check_nano_of_day(nano)
    _write_flagged_seconds(out, nano // 1_000_000_000, nano % 1_000_000_000)


class DateTimeCodec(Codec):
    __slots__ = ()

    def __init__(self, t: "FieldType") -> None:
        super().__init__(t, SKIP_OTHER)

    def skip(self, b: bytes, p: int, limit: int) -> int:
        return skip_date_time(b, p, limit)

    def read(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[Any, int]:
        day, nano, q = date_time_at(b, p, limit)
        return javatime.date_time_of(day, nano), q

    def write(self, out: bytearray, x: Any, wr: Any, depth: int) -> None:
        day, nano = _converted(self, javatime.date_time_parts, x)
        _write_date_time(out, day, nano)


class InstantCodec(Codec):
    __slots__ = ()

    def __init__(self, t: "FieldType") -> None:
        super().__init__(t, SKIP_OTHER)

    def skip(self, b: bytes, p: int, limit: int) -> int:
        return skip_flagged_seconds(b, p, limit)

    def read(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[Any, int]:
        s, q = read_long(b, p, limit)
        nano = 0
        if s & 1:
            nano, q = _nano_at(b, q, limit)
        seconds = s >> 1
        if not javatime.MIN_INSTANT_SECOND <= seconds <= javatime.MAX_INSTANT_SECOND:
            raise NavpackFormatError("instant out of range", p)
        return javatime.instant_of(seconds, nano), q

    def write(self, out: bytearray, x: Any, wr: Any, depth: int) -> None:
        seconds, nano = _converted(self, javatime.instant_parts, x)
        if not javatime.MIN_INSTANT_SECOND <= seconds <= javatime.MAX_INSTANT_SECOND or not 0 <= nano < 10 ** 9:
            raise NavpackValueError(f"{x!r} is outside Java's Instant range")
        _write_flagged_seconds(out, seconds, nano)


def _int32(v: int) -> int:
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v & 0x80000000 else v


class OffsetDateTimeCodec(Codec):
    __slots__ = ()

    def __init__(self, t: "FieldType") -> None:
        super().__init__(t, SKIP_OTHER)

    def skip(self, b: bytes, p: int, limit: int) -> int:
        return skip_int(b, skip_date_time(b, p, limit), limit)

    def read(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[Any, int]:
        day, nano, q = date_time_at(b, p, limit)
        k, end = read_int(b, q, limit)
        seconds = _int32((k >> 1) * 900) if k & 1 == 0 else k >> 1
        if not -javatime.MAX_OFFSET_SECONDS <= seconds <= javatime.MAX_OFFSET_SECONDS:
            raise NavpackFormatError(f"zone offset of {seconds} seconds out of range", q)
        return javatime.offset_date_time_of(day, nano, seconds), end

    def write(self, out: bytearray, x: Any, wr: Any, depth: int) -> None:
        day, nano, offset = _converted(self, javatime.offset_date_time_parts, x)
        if not -javatime.MAX_OFFSET_SECONDS <= offset <= javatime.MAX_OFFSET_SECONDS:
            raise NavpackValueError(f"zone offset of {offset} seconds is outside Java's -18:00..+18:00")
        _write_date_time(out, day, nano)
        packed.write(out, (offset // 900) << 1 if offset % 900 == 0 else (offset << 1) | 1)


class UuidCodec(Codec):
    __slots__ = ()

    def __init__(self, t: "FieldType") -> None:
        super().__init__(t, 16)

    def skip(self, b: bytes, p: int, limit: int) -> int:
        return fixed(p, 16, limit)

    def read(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[Any, int]:
        fixed(p, 16, limit)
        return uuid.UUID(bytes=bytes(b[p:p + 16])), p + 16

    def write(self, out: bytearray, x: Any, wr: Any, depth: int) -> None:
        if not isinstance(x, uuid.UUID):
            raise self.bad(x)
        out += x.bytes


# ---------------------------------------------------------------- named kinds

class EnumCodec(Codec):
    """The constant's position in the schema's constant list; read as the constant's name."""

    __slots__ = ("index",)

    def __init__(self, t: "FieldType") -> None:
        super().__init__(t, SKIP_PACKED_INT)
        self.index = {c: i for i, c in enumerate(t.constants)}

    def skip(self, b: bytes, p: int, limit: int) -> int:
        return skip_int(b, p, limit)

    def index_at(self, b: bytes, p: int, limit: int) -> tuple[int, int]:
        i, q = read_int(b, p, limit)
        n = len(self.type.constants)
        if not 0 <= i < n:
            raise NavpackFormatError(f"enum index {i} outside the {n} constants of {self.type.name}", p)
        return i, q

    def read(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[Any, int]:
        i, q = self.index_at(b, p, limit)
        return self.type.constants[i], q

    def write(self, out: bytearray, x: Any, wr: Any, depth: int) -> None:
        name = x.name if isinstance(x, enum.Enum) else x
        i = self.index.get(name) if isinstance(name, str) else None
        if i is None:
            raise NavpackValueError(f"{x!r} is not a constant of {self.type!r}")
        packed.write(out, i)


class RecordCodec(Codec):
    """A packed length, then a record with its own header (so nested types evolve on their own)."""

    __slots__ = ()

    def __init__(self, t: "FieldType") -> None:
        super().__init__(t, SKIP_LENGTH)

    def skip(self, b: bytes, p: int, limit: int) -> int:
        return skip_length_prefixed(b, p, limit)

    def view_at(self, b: bytes, p: int, limit: int, registry: Any, depth: int) -> Any:
        from .record import RecordView
        if p < limit and b[p] < 0x40 and b[p] < limit - p:
            n = b[p]
            q = p + 1
        else:
            q = skip_int(b, p, limit)
            n = checked_length(b, p, q, limit)
        view = RecordView(b, q, n, registry, depth + 1)
        if view.schema.type_name != self.type.name:
            raise NavpackFormatError(f"nested value is a {view.schema.type_name} where the schema expects a "
                                     f"{self.type.name}", q)
        return view

    def read(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[Any, int]:
        view = self.view_at(b, p, limit, rd.registry, depth)
        return rd.record(view), view.limit

    def write(self, out: bytearray, x: Any, wr: Any, depth: int) -> None:
        from .record import write_nested
        start = len(out)
        write_nested(out, x, self.type.name, wr, depth + 1)
        n = len(out) - start
        out[start:start] = packed.encode(n)


# ---------------------------------------------------------------- containers

class ContainerCodec(Codec):
    """A packed length, then ``count << 1 | hasBitmap``, the null bitmap when there is one, then the
    non-null elements (keys and values of a map) in order."""

    __slots__ = ("element", "slots")

    def __init__(self, t: "FieldType", slots: int) -> None:
        super().__init__(t, SKIP_LENGTH)
        assert t.element is not None
        self.element: Codec = t.element.codec
        self.slots = slots

    def skip(self, b: bytes, p: int, limit: int) -> int:
        return skip_length_prefixed(b, p, limit)

    def header(self, b: bytes, p: int, limit: int, depth: int) -> tuple[int, int, int, int]:
        """First element, end, count and the bitmap's position (-1 for none)."""
        if depth >= MAX_DEPTH:
            raise NavpackFormatError(f"values nested deeper than {MAX_DEPTH}", p)
        q = skip_int(b, p, limit)
        end = q + checked_length(b, p, q, limit)
        word, _ = read_int(b, q, end)
        if word < 0:
            raise NavpackFormatError("negative element count", q)
        count = word >> 1
        q = skip_int(b, q, end)
        bitmap = -1
        if word & 1:
            if not self.type.element_nullable:
                raise NavpackFormatError(f"null bitmap in a {self.type!r} whose elements cannot be null", q)
            bitmap_len = (count * self.slots + 7) >> 3
            if bitmap_len > end - q:
                raise NavpackFormatError(f"null bitmap of {bitmap_len} bytes exceeds the {end - q} left", q)
            bitmap = q
            q += bitmap_len
        elif count * self.slots > end - q:
            raise NavpackFormatError(f"{count} elements cannot fit in {end - q} bytes", q)
        return q, end, count, bitmap

    def read_elements(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[list[Any], int]:
        q, end, count, bitmap = self.header(b, p, limit, depth)
        read = self.element.read
        if bitmap < 0:
            out = []
            append = out.append
            d = depth + 1
            for _ in range(count):
                v, q = read(b, q, end, rd, d)
                append(v)
        else:
            out = [None] * count
            for i in range(count):
                if not b[bitmap + (i >> 3)] & (1 << (i & 7)):
                    out[i], q = read(b, q, end, rd, depth + 1)
        require_end(q, end, self.type)
        return out, end

    def read(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[Any, int]:
        return self.read_elements(b, p, limit, rd, depth)

    def write(self, out: bytearray, x: Any, wr: Any, depth: int) -> None:
        if depth >= MAX_DEPTH:
            raise NavpackValueError(f"values nested deeper than {MAX_DEPTH} levels (a cycle?)")
        if isinstance(x, (str, bytes, bytearray, memoryview, Mapping)) or not hasattr(x, "__iter__"):
            raise self.bad(x)
        items = x if isinstance(x, (list, tuple)) else list(x)
        count = len(items)
        body = bytearray()
        nullable = self.type.element_nullable
        bitmap = bytearray((count + 7) >> 3) if nullable else None
        write = self.element.write
        any_null = False
        for i, e in enumerate(items):
            if e is None:
                if bitmap is None:
                    raise NavpackValueError(f"element {i} of a {self.type!r} must not be null")
                bitmap[i >> 3] |= 1 << (i & 7)
                any_null = True
            else:
                write(body, e, wr, depth + 1)
        head = bytearray()
        packed.write(head, (count << 1) | 1 if any_null else count << 1)
        if any_null:
            head += bitmap  # type: ignore[operator]
        packed.write(out, len(head) + len(body))
        out += head
        out += body


class MapCodec(ContainerCodec):
    __slots__ = ("key",)

    def __init__(self, t: "FieldType") -> None:
        super().__init__(t, 2)
        assert t.key is not None
        self.key: Codec = t.key.codec

    def read(self, b: bytes, p: int, limit: int, rd: Any, depth: int) -> tuple[Any, int]:
        q, end, count, bitmap = self.header(b, p, limit, depth)
        out: dict[Any, Any] = {}
        kread = self.key.read
        vread = self.element.read
        d = depth + 1
        for i in range(count):
            k = v = None
            if bitmap < 0 or not b[bitmap + (i >> 2)] & (1 << ((2 * i) & 7)):
                k, q = kread(b, q, end, rd, d)
            if bitmap < 0 or not b[bitmap + (i >> 2)] & (1 << ((2 * i + 1) & 7)):
                v, q = vread(b, q, end, rd, d)
            out[freeze(k)] = v
        require_end(q, end, self.type)
        return out, end

    def write(self, out: bytearray, x: Any, wr: Any, depth: int) -> None:
        if depth >= MAX_DEPTH:
            raise NavpackValueError(f"values nested deeper than {MAX_DEPTH} levels (a cycle?)")
        if isinstance(x, Mapping):
            entries = list(x.items())
        elif isinstance(x, (list, tuple)):
            entries = list(x)
        else:
            raise self.bad(x, "a map is a Mapping or a list of (key, value) pairs")
        count = len(entries)
        body = bytearray()
        bitmap = bytearray((2 * count + 7) >> 3)
        any_null = False
        kwrite = self.key.write
        vwrite = self.element.write
        for i, entry in enumerate(entries):
            try:
                k, v = entry
            except (TypeError, ValueError):
                raise self.bad(x, "a map is a Mapping or a list of (key, value) pairs") from None
            for slot, part, write in ((2 * i, k, kwrite), (2 * i + 1, v, vwrite)):
                if part is None:
                    bitmap[slot >> 3] |= 1 << (slot & 7)
                    any_null = True
                else:
                    write(body, part, wr, depth + 1)
        head = bytearray()
        packed.write(head, (count << 1) | 1 if any_null else count << 1)
        if any_null:
            head += bitmap
        packed.write(out, len(head) + len(body))
        out += head
        out += body


def freeze(k: Any) -> Any:
    """A map key as a dict can hold it: lists become tuples, maps tuples of pairs."""
    if isinstance(k, list):
        return tuple(freeze(e) for e in k)
    if isinstance(k, dict):
        return tuple((freeze(a), freeze(b)) for a, b in k.items())
    return k


def codec_for(t: "FieldType") -> Codec:
    k = int(t.kind)
    if k == 1:
        return BooleanCodec(t)
    if k == 2:
        return ByteCodec(t)
    if k in (3, 5, 6):
        return IntCodec(t)
    if k == 4:
        return CharCodec(t)
    if k in (7, 8):
        return FloatCodec(t)
    if k == 9:
        return StringCodec(t)
    if k == 10:
        return DecimalCodec(t)
    if k == 11:
        return BigIntegerCodec(t)
    if k == 12:
        return DateCodec(t)
    if k == 13:
        return TimeCodec(t)
    if k == 14:
        return DateTimeCodec(t)
    if k == 15:
        return InstantCodec(t)
    if k == 16:
        return OffsetDateTimeCodec(t)
    if k == 17:
        return UuidCodec(t)
    if k == 18:
        return EnumCodec(t)
    if k == 19:
        return BytesCodec(t)
    if k == 20:
        return RecordCodec(t)
    if k in (21, 22, 23):
        return ContainerCodec(t, 1)
    if k == 24:
        return MapCodec(t)
    raise NavpackError(f"no codec for kind {k}")
