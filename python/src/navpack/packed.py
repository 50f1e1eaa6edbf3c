"""Packed integers, byte for byte as Coherence POF (and navpack's Java code) packs them.

The first byte holds a continuation bit (0x80), a sign bit (0x40) and the six lowest value bits; each
further byte a continuation bit and the next seven bits. A negative ``n`` is written as the sign bit plus
the bits of ``~n``. Readers refuse a packed int that runs past its limit, is longer than 5 (int) or 10
(long) bytes, or overflows its type.
"""

from __future__ import annotations

from .errors import NavpackFormatError

MAX_INT_BYTES = 5
MAX_LONG_BYTES = 10
INT_MIN = -(1 << 31)
INT_MAX = (1 << 31) - 1
LONG_MIN = -(1 << 63)
LONG_MAX = (1 << 63) - 1


def truncated(pos: int) -> NavpackFormatError:
    return NavpackFormatError("truncated packed integer", pos)


def read_int(b: bytes, p: int, limit: int) -> tuple[int, int]:
    """The packed int at ``p`` (at most 5 bytes, fits 32 bits) and the position after it."""
    if p >= limit:
        raise truncated(p)
    x = b[p]
    p += 1
    if x < 0x40:
        return x, p
    n = x & 0x3F
    negative = x & 0x40
    shift = 6
    while x & 0x80:
        if p >= limit:
            raise truncated(p)
        x = b[p]
        p += 1
        if shift == 27 and x & 0xF0:
            raise NavpackFormatError("packed int overflows 32 bits", p - 1)
        n |= (x & 0x7F) << shift
        shift += 7
    return (~n if negative else n), p


def read_long(b: bytes, p: int, limit: int) -> tuple[int, int]:
    """The packed long at ``p`` (at most 10 bytes, fits 64 bits) and the position after it."""
    if p >= limit:
        raise truncated(p)
    x = b[p]
    p += 1
    if x < 0x40:
        return x, p
    n = x & 0x3F
    negative = x & 0x40
    shift = 6
    while x & 0x80:
        if p >= limit:
            raise truncated(p)
        x = b[p]
        p += 1
        if shift == 62 and x & 0xFE:
            raise NavpackFormatError("packed long overflows 64 bits", p - 1)
        n |= (x & 0x7F) << shift
        shift += 7
    return (~n if negative else n), p


def skip(b: bytes, p: int, limit: int) -> int:
    """Position after the packed int or long at ``p`` (at most 10 bytes)."""
    start = p
    while True:
        if p >= limit:
            raise truncated(p)
        x = b[p]
        p += 1
        if x < 0x80:
            return p
        if p - start >= MAX_LONG_BYTES:
            raise NavpackFormatError(f"packed integer longer than {MAX_LONG_BYTES} bytes", start)


def skip_int(b: bytes, p: int, limit: int) -> int:
    """Position after the packed int at ``p``, whose value must fit 32 bits."""
    end = skip(b, p, limit)
    if end - p >= MAX_INT_BYTES:
        read_int(b, p, limit)
    return end


def write(out: bytearray, n: int) -> None:
    """Appends ``n`` packed; the caller checks its range."""
    if 0 <= n < 0x40:
        out.append(n)
        return
    first = 0
    if n < 0:
        first = 0x40
        n = ~n
    first |= n & 0x3F
    n >>= 6
    if n == 0:
        out.append(first)
        return
    out.append(first | 0x80)
    while n > 0x7F:
        out.append(0x80 | (n & 0x7F))
        n >>= 7
    out.append(n)


def encode(n: int) -> bytes:
    out = bytearray()
    write(out, n)
    return bytes(out)


def size(n: int) -> int:
    m = ~n if n < 0 else n
    return 1 + m.bit_length() // 7 if m >= 0x40 else 1
