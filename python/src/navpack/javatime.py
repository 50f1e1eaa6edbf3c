"""Dates and times as navpack stores them, and their Python forms.

Values decode to :mod:`datetime` objects whenever those hold them exactly: ``date`` for dates,
``time`` for times, naive ``datetime`` for date-times, a UTC ``datetime`` for instants and a ``datetime``
with a fixed ``timezone`` for offset date-times. Java's types reach further (years beyond 1..9999,
nanoseconds); such values decode to the exact types of this module, which encode back to the same bytes.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Union

_EPOCH_ORDINAL = datetime.date(1970, 1, 1).toordinal()
_MIN_DAY = datetime.date.min.toordinal() - _EPOCH_ORDINAL
_MAX_DAY = datetime.date.max.toordinal() - _EPOCH_ORDINAL
_NANOS_PER_DAY = 86_400_000_000_000
_UTC = datetime.timezone.utc
_EPOCH = datetime.datetime(1970, 1, 1, tzinfo=_UTC)
_MIN_SECOND = _MIN_DAY * 86_400
_MAX_SECOND = _MAX_DAY * 86_400 + 86_399
# Java's ranges: LocalDate years -999999999..999999999, Instant seconds -31557014167219200..31556889864403199
MIN_EPOCH_DAY = -365243219162
MAX_EPOCH_DAY = 365241780471
MIN_INSTANT_SECOND = -31557014167219200
MAX_INSTANT_SECOND = 31556889864403199
MAX_OFFSET_SECONDS = 18 * 3600


@dataclass(frozen=True, slots=True)
class LocalDate:
    """A Java ``LocalDate`` outside the years Python's ``date`` holds."""
    epoch_day: int


@dataclass(frozen=True, slots=True)
class LocalTime:
    """A Java ``LocalTime`` with a nanosecond part that Python's ``time`` cannot hold."""
    nano_of_day: int


@dataclass(frozen=True, slots=True)
class LocalDateTime:
    """A Java ``LocalDateTime`` that Python's naive ``datetime`` cannot hold exactly."""
    epoch_day: int
    nano_of_day: int


@dataclass(frozen=True, slots=True)
class Instant:
    """A Java ``Instant`` that Python's ``datetime`` cannot hold exactly."""
    epoch_second: int
    nano: int


@dataclass(frozen=True, slots=True)
class OffsetDateTime:
    """A Java ``OffsetDateTime`` that Python's ``datetime`` cannot hold exactly."""
    epoch_day: int
    nano_of_day: int
    offset_seconds: int


DateValue = Union[datetime.date, LocalDate]
TimeValue = Union[datetime.time, LocalTime]
DateTimeValue = Union[datetime.datetime, LocalDateTime]
InstantValue = Union[datetime.datetime, Instant]
OffsetDateTimeValue = Union[datetime.datetime, OffsetDateTime]


_dates: dict[int, datetime.date] = {}


def date_of(epoch_day: int) -> DateValue:
    """The date of ``epoch_day`` (days since 1970-01-01)."""
    d = _dates.get(epoch_day)
    if d is not None:
        return d
    if _MIN_DAY <= epoch_day <= _MAX_DAY:
        d = datetime.date.fromordinal(epoch_day + _EPOCH_ORDINAL)
        if len(_dates) < 4096:
            _dates[epoch_day] = d
        return d
    return LocalDate(epoch_day)


def time_of(nano_of_day: int) -> TimeValue:
    if nano_of_day % 1000:
        return LocalTime(nano_of_day)
    micros = nano_of_day // 1000
    s, us = divmod(micros, 1_000_000)
    h, s = divmod(s, 3600)
    m, s = divmod(s, 60)
    return datetime.time(h, m, s, us)


def date_time_of(epoch_day: int, nano_of_day: int) -> DateTimeValue:
    if nano_of_day % 1000 == 0 and _MIN_DAY <= epoch_day <= _MAX_DAY:
        return datetime.datetime.combine(date_of(epoch_day), time_of(nano_of_day))  # type: ignore[arg-type]
    return LocalDateTime(epoch_day, nano_of_day)


def instant_of(epoch_second: int, nano: int) -> InstantValue:
    if nano % 1000 == 0 and _MIN_SECOND <= epoch_second <= _MAX_SECOND:
        return _EPOCH + datetime.timedelta(seconds=epoch_second, microseconds=nano // 1000)
    return Instant(epoch_second, nano)


def offset_date_time_of(epoch_day: int, nano_of_day: int, offset_seconds: int) -> OffsetDateTimeValue:
    local = date_time_of(epoch_day, nano_of_day)
    if isinstance(local, datetime.datetime):
        return local.replace(tzinfo=datetime.timezone(datetime.timedelta(seconds=offset_seconds)))
    return OffsetDateTime(epoch_day, nano_of_day, offset_seconds)


# ---------------------------------------------------------------- Python values to their stored numbers

def epoch_day(d: object) -> int:
    if isinstance(d, LocalDate):
        return d.epoch_day
    if isinstance(d, datetime.date) and not isinstance(d, datetime.datetime):
        return d.toordinal() - _EPOCH_ORDINAL
    raise TypeError("a date is a datetime.date (not a datetime) or a navpack.javatime.LocalDate")


def nano_of_day(t: object) -> int:
    if isinstance(t, LocalTime):
        return t.nano_of_day
    if isinstance(t, datetime.time):
        if t.tzinfo is not None:
            raise TypeError("a time has no timezone: give a naive datetime.time")
        return ((t.hour * 60 + t.minute) * 60 + t.second) * 1_000_000_000 + t.microsecond * 1000
    raise TypeError("a time is a datetime.time or a navpack.javatime.LocalTime")


def date_time_parts(v: object) -> tuple[int, int]:
    if isinstance(v, LocalDateTime):
        return v.epoch_day, v.nano_of_day
    if isinstance(v, datetime.datetime):
        if v.tzinfo is not None:
            raise TypeError("a date-time has no timezone: give a naive datetime (instants and offset date-times "
                            "are timezone-aware)")
        return epoch_day(v.date()), nano_of_day(v.time())
    raise TypeError("a date-time is a naive datetime.datetime or a navpack.javatime.LocalDateTime")


def instant_parts(v: object) -> tuple[int, int]:
    if isinstance(v, Instant):
        return v.epoch_second, v.nano
    if isinstance(v, datetime.datetime):
        if v.tzinfo is None or v.utcoffset() is None:
            raise TypeError("an instant is a timezone-aware datetime (e.g. tzinfo=datetime.timezone.utc)")
        delta = v - _EPOCH
        return delta.days * 86_400 + delta.seconds, delta.microseconds * 1000
    raise TypeError("an instant is a timezone-aware datetime.datetime or a navpack.javatime.Instant")


def offset_date_time_parts(v: object) -> tuple[int, int, int]:
    if isinstance(v, OffsetDateTime):
        return v.epoch_day, v.nano_of_day, v.offset_seconds
    if isinstance(v, datetime.datetime):
        offset = v.utcoffset()
        if offset is None:
            raise TypeError("an offset date-time is a timezone-aware datetime")
        if offset.microseconds:
            raise TypeError("a zone offset is a whole number of seconds")
        day, nano = date_time_parts(v.replace(tzinfo=None))
        return day, nano, offset.days * 86_400 + offset.seconds
    raise TypeError("an offset date-time is a timezone-aware datetime.datetime or a navpack.javatime.OffsetDateTime")
