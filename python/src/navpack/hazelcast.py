"""navpack for the Hazelcast Python client: a ``StreamSerializer`` with navpack's type id (``0x4E50``), and the
cluster's schema catalog as the source and the agreement of schemas, the way navpack's Java clients use it.

* Reading: the client keeps every schema of the catalog (the map ``__navpack.schemas``, key ``catalog``): it
  reads the catalog when it is attached and follows the entry's updates. A schema still unknown when a value
  is read is asked of the catalog, then of every member (navpack's ``Find`` task).
* Writing: a dataclass declared with :func:`navpack.navpack_type` is registered when the client is attached
  (or when it is first written): a member registers it as its own registry would — agreed in the catalog,
  which chooses its version when the class declares none, and given to every member — so Java clients read
  the values and members query them by plain field names.
* When a member asks for a schema nobody has (the topic ``__navpack.schemas.missing``), the client publishes
  it again if it holds it; after a reconnection it publishes again every schema it created.

Members need navpack-serializer on their class path, as for Java clients; nothing else.

.. code-block:: python

    nav = Navpack(Trade)                        # the dataclasses this client writes
    client = nav.connect(cluster_name="dev", cluster_members=["127.0.0.1:5701"])
    trades = client.get_map("trades").blocking()
    trades.put(1, Trade(...))
"""

from __future__ import annotations

import logging
import struct
import threading
from typing import Any, Literal, Optional, Sequence, Union

from hazelcast.errors import HazelcastSerializationError
from hazelcast.serialization.api import IdentifiedDataSerializable, StreamSerializer

from .errors import NavpackError, NavpackFormatError, SchemaConflictError, SchemaError
from .record import Record, RecordView
from .registry import SchemaRegistry
from .schema import Schema, SchemaCatalog

TYPE_ID = 0x4E50
"""Hazelcast type id of every navpack value ("NP")."""
FACTORY_ID = 0x4E50
"""Factory id of navpack's schema tasks on members (``io.navpack.hazelcast.schemas.ForeignSchemaTasks``)."""
CATALOG = "__navpack.schemas"
CATALOG_KEY = "catalog"
EXECUTOR = "__navpack"
MISSING = "__navpack.schemas.missing"
_PUBLISH = 1
_FIND = 2
_REACTOR = "hazelcast-reactor"
_I32 = struct.Struct(">i")
_log = logging.getLogger("navpack")

ReadMode = Literal["object", "record", "view"]


class NavpackSerializationError(HazelcastSerializationError):
    """A navpack value the client cannot read or write; ``__cause__`` is the :class:`~navpack.NavpackError`."""


class _Publish(IdentifiedDataSerializable):
    def __init__(self, proposals: Sequence[tuple[Schema, bool]] = ()) -> None:
        self.proposals = list(proposals)

    def write_data(self, out: Any) -> None:
        out.write_int(len(self.proposals))
        for schema, choose in self.proposals:
            out.write_byte_array(bytearray(schema.to_bytes()))
            out.write_boolean(choose)

    def read_data(self, inp: Any) -> None:
        raise NotImplementedError("only members read schema publications")

    def get_factory_id(self) -> int:
        return FACTORY_ID

    def get_class_id(self) -> int:
        return _PUBLISH


class _Find(IdentifiedDataSerializable):
    def __init__(self, type_id: int = 0, version: int = 0) -> None:
        self.type_id = type_id
        self.version = version

    def write_data(self, out: Any) -> None:
        out.write_int(self.type_id)
        out.write_int(self.version)

    def read_data(self, inp: Any) -> None:
        raise NotImplementedError("only members read schema look-ups")

    def get_factory_id(self) -> int:
        return FACTORY_ID

    def get_class_id(self) -> int:
        return _FIND


def _answers(data: bytes, proposals: Sequence[tuple[Schema, bool]]) -> list[Union[Schema, SchemaError]]:
    """The members' answers to a publication (see ``ForeignSchemaTasks``)."""
    p = 0

    def chunk() -> bytes:
        nonlocal p
        n = _I32.unpack_from(data, p)[0]
        p += 4
        b = data[p:p + n]
        p += n
        return b
    n = _I32.unpack_from(data, p)[0]
    p += 4
    if n != len(proposals):
        raise NavpackError(f"{n} answers to {len(proposals)} schema proposals")
    out: list[Union[Schema, SchemaError]] = []
    for schema, _ in proposals:
        kind = data[p]
        p += 1
        if kind == 0:
            out.append(Schema.from_bytes(chunk()))
        elif kind == 1:
            problem = chunk().decode("utf-8")
            out.append(SchemaConflictError(problem, Schema.from_bytes(chunk()), schema))
        else:
            out.append(SchemaError(chunk().decode("utf-8")))
    return out


def _on_reactor() -> bool:
    return threading.current_thread().name == _REACTOR


class Navpack:
    """navpack in one Hazelcast Python client: its schema registry, the classes it writes, the serializer.

    ``read_mode`` says what reading a value returns: ``"object"`` (default) an instance of the class bound to
    its type, else a :class:`~navpack.Record`; ``"record"`` always a ``Record``; ``"view"`` a
    :class:`~navpack.RecordView`, which reads single fields without decoding the rest.
    """

    def __init__(self, *classes: type, registry: Optional[SchemaRegistry] = None, read_mode: ReadMode = "object",
                 timeout: float = 30.0) -> None:
        if read_mode not in ("object", "record", "view"):
            raise ValueError(f"read_mode is 'object', 'record' or 'view', not {read_mode!r}")
        self.registry = registry if registry is not None else SchemaRegistry()
        self.classes = list(classes)
        self.read_mode = read_mode
        self.timeout = timeout
        self.client: Any = None
        self._lock = threading.Lock()
        self._disconnected = False

    # ------------------------------------------------------------ configuration

    def serializer(self) -> type:
        """The ``StreamSerializer`` class for ``custom_serializers`` (bound to this object)."""
        nav = self

        class NavpackSerializer(StreamSerializer):
            def write(self, out: Any, obj: Any) -> None:
                nav._write(out, obj)

            def read(self, inp: Any) -> Any:
                return nav._read(inp)

            def get_type_id(self) -> int:
                return TYPE_ID

            def destroy(self) -> None:
                pass
        return NavpackSerializer

    def custom_serializers(self) -> dict[type, type]:
        """``custom_serializers`` for the client: the declared classes, :class:`Record` and :class:`RecordView`."""
        s = self.serializer()
        return {c: s for c in [*self.classes, Record, RecordView]}

    def configure(self, **client_config: Any) -> dict[str, Any]:
        """The keyword arguments of ``HazelcastClient`` with navpack's serializers added."""
        config = dict(client_config)
        config["custom_serializers"] = {**config.get("custom_serializers", {}), **self.custom_serializers()}
        return config

    def connect(self, **client_config: Any) -> Any:
        """A new ``HazelcastClient`` with navpack, attached (see :meth:`attach`)."""
        from hazelcast import HazelcastClient
        client = HazelcastClient(**self.configure(**client_config))
        try:
            self.attach(client)
        except BaseException:
            client.shutdown()
            raise
        return client

    def attach(self, client: Any) -> None:
        """Joins a client configured with :meth:`configure`: learns the catalog, publishes the schemas the registry
        held before that the catalog lacks, follows the catalog, listens for schemas members miss, and registers
        the declared classes with the cluster."""
        self.client = client
        self.registry.source = self._fetch
        self.registry.publisher = self._publish
        catalog = client.get_map(CATALOG).blocking().get(CATALOG_KEY)
        self._learn(catalog)
        held = {s.key for s in SchemaCatalog.from_bytes(bytes(catalog)).schemas} if catalog is not None else set()
        before = [s for s in self.registry.schemas() if s.key not in held]
        if before:
            # schemas this registry learned before it was attached (files, another cluster): agreed now
            for answer in self._publish([(s, False) for s in before]):
                if isinstance(answer, Exception):
                    raise answer
                self.registry.accept(answer)
        client.get_map(CATALOG).add_entry_listener(
            include_value=True, key=CATALOG_KEY, added_func=self._catalog_event,
            updated_func=self._catalog_event).result()
        client.get_topic(MISSING).add_listener(self._missing).result()
        client.lifecycle_service.add_listener(self._lifecycle)
        for c in self.classes:
            self.registry.register(c)

    # ------------------------------------------------------------ catalog

    def _learn(self, value: Any) -> None:
        if value is None:
            return
        for s in SchemaCatalog.from_bytes(bytes(value)).schemas:
            self.registry.accept(s)

    def _catalog_event(self, event: Any) -> None:
        try:
            self._learn(event.value)
        except NavpackError as e:
            _log.warning("navpack: cannot read the schema catalog: %s", e)

    def refresh(self) -> None:
        """Reads the catalog again (blocking)."""
        self._learn(self.client.get_map(CATALOG).blocking().get(CATALOG_KEY))

    def _fetch(self, type_id: int, version: int) -> Optional[Schema]:
        """The registry's source: the catalog, then every member. On the client's I/O thread nothing may wait:
        the catalog is read in the background and the read fails naming the schema; it succeeds once the
        catalog has been read (values of agreed schemas are known earlier, from the catalog's updates)."""
        if self.client is None:
            return None
        if _on_reactor():
            def done(f: Any) -> None:
                try:
                    self._learn(f.result())
                except Exception as e:  # noqa: BLE001 - a background refresh
                    _log.debug("navpack: catalog refresh failed: %s", e)
            self.client.get_map(CATALOG).get(CATALOG_KEY).add_done_callback(done)
            return None
        self.refresh()
        s = self.registry.local(type_id, version)
        if s is not None:
            return s
        answers = self.client.get_executor(EXECUTOR).blocking().execute_on_all_members(_Find(type_id, version))
        for a in answers:
            if a is not None:
                return Schema.from_bytes(bytes(a))
        return None

    def _publish(self, proposals: Sequence[tuple[Schema, bool]]) -> list[Union[Schema, SchemaError]]:
        if self.client is None:
            raise NavpackError("this Navpack is not attached to a client: call attach(client) or connect(...)")
        if _on_reactor():
            raise SchemaError("navpack cannot agree a schema with the cluster on the client's I/O thread (inside a "
                              "callback): register the class first (Navpack(Trade), or navpack.registry.register)")
        answer = self.client.get_executor(EXECUTOR).blocking().execute_on_key_owner(CATALOG_KEY, _Publish(proposals))
        if answer is None:
            raise NavpackError("the cluster did not answer a schema publication: is navpack-serializer on the "
                               "members' class path?")
        return _answers(bytes(answer), proposals)

    def _missing(self, message: Any) -> None:
        key = message.message
        if not isinstance(key, int):
            return
        s = self.registry.local(key >> 32, key & 0xFFFFFFFF)
        if s is not None:
            threading.Thread(target=self._republish, args=([s],), name="navpack-republish", daemon=True).start()

    def _republish(self, schemas: Sequence[Schema]) -> None:
        try:
            for a in self._publish([(s, False) for s in schemas]):
                if isinstance(a, Exception):
                    _log.warning("navpack: the cluster refused a schema this client holds: %s", a)
        except Exception as e:  # noqa: BLE001 - background work
            _log.warning("navpack: could not publish schemas again: %s", e)

    def _lifecycle(self, state: str) -> None:
        if state == "DISCONNECTED":
            self._disconnected = True
        elif state == "CONNECTED" and self._disconnected:
            self._disconnected = False
            own = [self.registry.binding_for(c).schema for c in self.registry.bound_classes()]
            threading.Thread(target=self._republish, args=(own,), name="navpack-republish", daemon=True).start()

    # ------------------------------------------------------------ values

    def _write(self, out: Any, obj: Any) -> None:
        try:
            if isinstance(obj, RecordView):
                for s in obj.validate():
                    self.registry.register(s)
            elif isinstance(obj, Record):
                self.registry.register(obj.schema)
            data = self.registry.encode(obj)
        except NavpackError as e:
            raise NavpackSerializationError(f"navpack cannot write a {type(obj).__name__}: {e}") from e
        n = len(data)
        more = n >> 6
        out.write_byte((n & 0x3F) | (0x80 if more else 0))
        while more:
            nxt = more >> 7
            out.write_byte((more & 0x7F) | (0x80 if nxt else 0))
            more = nxt
        out.write_from(data)

    def _read(self, inp: Any) -> Any:
        try:
            data = read_value(inp)
            view = self.registry.view(data)
            if self.read_mode == "view":
                return view
            return view.decode(bind=self.read_mode == "object")
        except NavpackError as e:
            raise NavpackSerializationError(f"navpack cannot read a value: {e}") from e


def read_value(inp: Any) -> bytes:
    """The bytes of one value from a Hazelcast input: a packed length, then the record."""
    size = inp.size()
    at = inp.position()
    if at >= size:
        raise NavpackFormatError("the input ends within the value's length")
    x = inp.read_byte() & 0xFF
    if x & 0x40:
        raise NavpackFormatError("negative value length")
    n = x & 0x3F
    shift = 6
    while x & 0x80:
        if shift > 27 or inp.position() >= size:
            raise NavpackFormatError("value length longer than 5 bytes" if shift > 27 else
                                     "the input ends within the value's length")
        x = inp.read_byte() & 0xFF
        n |= (x & 0x7F) << shift
        shift += 7
    left = size - inp.position()
    if n > left:
        raise NavpackFormatError(f"value of {n} bytes but only {left} left", inp.position())
    buf = bytearray(n)
    inp.read_into(buf)
    return bytes(buf)


__all__ = ["Navpack", "NavpackSerializationError", "TYPE_ID", "FACTORY_ID", "CATALOG", "CATALOG_KEY", "EXECUTOR",
           "MISSING", "read_value"]
