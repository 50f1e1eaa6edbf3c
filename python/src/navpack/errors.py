"""The exceptions navpack raises on purpose; every one is a :class:`NavpackError`."""

from __future__ import annotations


class NavpackError(Exception):
    """Anything navpack refuses: bad bytes, a schema that cannot be used, a value that cannot be written."""


class NavpackFormatError(NavpackError, ValueError):
    """Bytes that are not a valid navpack value: truncated, corrupt, naming an unknown schema, nested too
    deeply or not matching the schema they name. ``offset`` is where the problem was found, or -1."""

    def __init__(self, problem: str, offset: int = -1) -> None:
        super().__init__(f"{problem} at offset {offset}" if offset >= 0 else problem)
        self.problem = problem
        self.offset = offset


class UnknownSchemaError(NavpackFormatError):
    """A value names a schema (type id and version) that nobody it could ask knows."""

    def __init__(self, type_id: int, version: int, offset: int = -1, hint: str = "") -> None:
        super().__init__(f"unknown schema: type id {type_id} version {version}{hint}", offset)
        self.type_id = type_id
        self.version = version


class SchemaError(NavpackError):
    """A schema or class that cannot be used: not registered, a field whose type changed between versions,
    a Python type that has no navpack kind."""


class SchemaConflictError(SchemaError):
    """A registration that breaks the catalog rules; names the schema it conflicts with and the fix."""

    def __init__(self, problem: str, existing: object = None, refused: object = None) -> None:
        super().__init__(problem + (f" [registered: {existing}; refused: {refused}]" if existing is not None else ""))
        self.problem = problem
        self.existing = existing
        self.refused = refused


class NavpackValueError(NavpackError, ValueError):
    """A Python value that cannot be written as the field's type (wrong type, out of range, a null where
    the field cannot be null). The message names the field, its type and the value's type."""
