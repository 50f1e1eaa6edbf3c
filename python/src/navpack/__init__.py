"""navpack for Python: the compact, navigable value format of navpack (docs/format.md), byte for byte as
navpack's Java code writes it, and a serializer for the Hazelcast Python client (:mod:`navpack.hazelcast`)."""

from . import javatime, types
from .classes import enum_name, navpack_type
from .errors import (NavpackError, NavpackFormatError, NavpackValueError, SchemaConflictError, SchemaError,
                     UnknownSchemaError)
from .record import Record, RecordView
from .registry import SchemaRegistry
from .schema import Field, Schema, SchemaCatalog, default_type_id, fingerprint
from .types import FieldType, Kind

__version__ = "0.1.0"

__all__ = [
    "Field", "FieldType", "Kind", "NavpackError", "NavpackFormatError", "NavpackValueError", "Record",
    "RecordView", "Schema", "SchemaCatalog", "SchemaConflictError", "SchemaError", "SchemaRegistry",
    "UnknownSchemaError", "default_type_id", "enum_name", "fingerprint", "javatime", "navpack_type", "types",
]
