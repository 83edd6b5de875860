"""Keeps one live editor connection: find, connect, fetch the catalogue, reconnect with backoff.

While disconnected, ``call`` fails at once (``EDITOR_NOT_RUNNING`` before any editor was reached,
``EDITOR_DISCONNECTED`` after); nothing waits for the editor to come back. The catalogue goes with the
connection, so the editor's tools leave the list while it is away and come back with it. Before the
first connection, the project's cached catalogue (``catalog_cache.py``) stands in, so the tools are
listed at once.
"""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Iterator, Mapping
from dataclasses import dataclass

import anyio
from anyio.streams.memory import MemoryObjectReceiveStream, MemoryObjectSendStream

from godot_live_mcp.bridge.catalog import Catalog, parse_catalog
from godot_live_mcp.bridge.catalog_cache import CatalogCache
from godot_live_mcp.bridge.jsonrpc import JsonValue, Notification
from godot_live_mcp.bridge.peer_connection import PeerConnection, connect_peer
from godot_live_mcp.bridge.queue_events import UNHEARD, CallListeners
from godot_live_mcp.bridge.reply import CommandReply, read_reply
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError
from godot_live_mcp.instances.instance import EditorInstance

logger = logging.getLogger(__name__)

# Called with each catalogue fetched, and with None when the editor is gone.
CatalogListener = Callable[[Catalog | None], Awaitable[None]]
NotificationListener = Callable[[Notification], None]
CATALOG_CHANGED = CONTRACT.method("catalog_changed")
# While no editor is registered, the registry (local files) is read this often: an editor that appears is
# reached within this delay. Connection failures back off as usual.
_NOT_RUNNING_POLL_S = 0.5
_WITHDRAW_WAIT_S = 2.0
# Causes a call is told in their own code: the fix is theirs (a version gap names the command).
_SAID_AS_IS = (ErrorCode.EDITOR_DISCONNECTED, ErrorCode.VERSION_UNSUPPORTED)


class EditorSource(ABC):
    """Supplies the editor to connect to; the link asks again after every disconnection."""

    @abstractmethod
    async def find(self) -> EditorInstance:
        """The editor to talk to now; raises ``ToolError`` saying why not (``EDITOR_NOT_RUNNING`` when
        none is registered)."""

    def starting(self) -> str | None:
        """What the editor being started for this server is doing (a sentence), None when none is."""
        return None


@dataclass(frozen=True)
class Backoff:
    """Capped exponential delays between reconnection attempts."""

    initial_s: float = 0.2
    factor: float = 2.0
    cap_s: float = 5.0

    def delays(self) -> Iterator[float]:
        delay = self.initial_s
        while True:
            yield delay
            delay = min(delay * self.factor, self.cap_s)


class EditorLink:
    """The server's view of "the editor": run ``run()`` in a task group, then ``call()`` freely."""

    def __init__(
        self,
        source: EditorSource,
        *,
        backoff: Backoff | None = None,
        read_only: bool = False,
        cache: CatalogCache | None = None,
    ) -> None:
        self.source = source
        self._cache = cache
        self._provisional = False
        self.read_only = read_only  # told to the editor on auth (its dock shows it); enforced by the server
        self._backoff = backoff or Backoff()
        self._listeners: list[CatalogListener] = []
        self._notification_listeners: list[NotificationListener] = []
        self._connection: PeerConnection | None = None
        self._instance: EditorInstance | None = None
        self._catalog: Catalog | None = None
        self._problem = ToolError(
            ErrorCode.EDITOR_NOT_RUNNING, "The server has not reached a Godot editor yet."
        )
        self._first_attempt = anyio.Event()
        self._cache_consulted = anyio.Event()
        self._connected = anyio.Event()
        # Set while no catalogue is being handed to the listeners (a call waits for its tools to be in).
        self._settled = anyio.Event()
        self._settled.set()
        self._closed = False
        self._scope: anyio.CancelScope | None = None

    @property
    def connected(self) -> bool:
        return self._connection is not None and not self._connection.closed

    @property
    def instance(self) -> EditorInstance | None:
        """The editor of the current (or last) connection."""
        return self._instance

    @property
    def catalog(self) -> Catalog | None:
        """The catalogue of the editor connected now (None while there is none)."""
        return self._catalog

    @property
    def problem(self) -> ToolError:
        """The error a call gets now, naming the last failure and its fix: ``EDITOR_NOT_RUNNING`` while no
        editor has been reached yet, ``EDITOR_DISCONNECTED`` otherwise."""
        cause = self._problem
        never_connected = self._instance is None and cause.code == ErrorCode.EDITOR_NOT_RUNNING
        if cause.code in _SAID_AS_IS or never_connected:
            return ToolError(cause.code, cause.message, cause.hint)
        message = f"Not connected to a Godot editor ({cause.code}): {cause.message}"
        return ToolError(ErrorCode.EDITOR_DISCONNECTED, message, cause.hint)

    def add_catalog_listener(self, listener: CatalogListener) -> None:
        """Call ``listener`` with every catalogue fetched (on each connection and on ``catalog.changed``),
        and with None when the connection is lost."""
        self._listeners.append(listener)

    def add_notification_listener(self, listener: NotificationListener) -> None:
        """Call ``listener`` with every notice of the editor other than ``catalog.changed``."""
        self._notification_listeners.append(listener)

    async def wait_first_attempt(self, timeout_s: float) -> bool:
        """Wait (bounded) until the first connection attempt has succeeded or failed."""
        with anyio.move_on_after(timeout_s):
            await self._first_attempt.wait()
        return self._first_attempt.is_set()

    @property
    def first_attempt_done(self) -> bool:
        return self._first_attempt.is_set()

    async def wait_for_tools(self, timeout_s: float) -> None:
        """Wait (bounded) until there is a list to give: the cached tools, or else the outcome of the
        first connection attempt."""
        with anyio.move_on_after(timeout_s):
            await self._cache_consulted.wait()
            if not self._provisional:
                await self._first_attempt.wait()

    async def wait_settled(self, timeout_s: float) -> None:
        """Wait (bounded) until the catalogue being published has reached every listener."""
        with anyio.move_on_after(timeout_s):
            await self._settled.wait()

    async def wait_connected(self, timeout_s: float) -> bool:
        with anyio.move_on_after(timeout_s):
            await self._connected.wait()
        return self.connected

    async def call(
        self,
        method: str,
        params: Mapping[str, JsonValue] | None,
        timeout_s: float,
        listeners: CallListeners = UNHEARD,
    ) -> CommandReply:
        """Run one editor command; fails fast with ``EDITOR_DISCONNECTED`` while there is no connection.
        Its queue events and progress reports go to ``listeners``."""
        connection = self._connection
        if connection is None or connection.closed:
            raise self.problem
        result = await connection.request(
            method,
            params,
            timeout_s=timeout_s,
            on_queue=listeners.on_queue,
            on_progress=listeners.on_progress,
        )
        return read_reply(result, method, connection.endpoint.peer_name)

    def close(self) -> None:
        """Drop the connection and never connect again (the server is stopping): ``run()`` returns."""
        self._closed = True
        if self._scope is not None:
            self._scope.cancel()

    async def run(self) -> None:
        """Connect and stay connected until cancelled or closed."""
        with anyio.CancelScope() as self._scope:
            await self._publish_cached()
            await self._keep_connected()

    async def _keep_connected(self) -> None:
        delays = self._backoff.delays()
        while not self._closed:
            try:
                await self._serve_one_connection()
                logger.warning("%s", self._problem.message)  # the editor closed the connection
                delays = self._backoff.delays()
            except ToolError as error:
                self._note_problem(error)
            except Exception as error:  # a bug must not end the link: log it, back off, try again
                logger.exception("unexpected failure while connecting to the editor")
                self._note_problem(ToolError(ErrorCode.INTERNAL, f"Unexpected failure: {error}"))
            finally:
                self._first_attempt.set()
            await self._withdraw_catalog()
            not_running = self._problem.code == ErrorCode.EDITOR_NOT_RUNNING
            await anyio.sleep(_NOT_RUNNING_POLL_S if not_running else next(delays))

    async def _serve_one_connection(self) -> None:
        instance = await self.source.find()
        changes, stale = anyio.create_memory_object_stream[int](1)
        with changes, stale:
            async with connect_peer(
                instance.endpoint, on_notification=self._notified(changes), read_only=self.read_only
            ) as connection:
                raw = await fetch_catalog(connection)
                # Attached before its tools are published: a call may follow the tool list at once.
                self._attach(instance, connection)
                try:
                    await self._publish_fetched(raw, connection)
                    self._first_attempt.set()
                    async with anyio.create_task_group() as tasks:
                        tasks.start_soon(self._refresh_on_change, connection, stale)
                        await connection.wait_closed()
                        tasks.cancel_scope.cancel()
                finally:
                    self._detach()

    def _attach(self, instance: EditorInstance, connection: PeerConnection) -> None:
        self._instance, self._connection = instance, connection
        self._connected.set()
        self._problem = ToolError(
            ErrorCode.EDITOR_DISCONNECTED, f"Lost the connection to {instance.describe()}."
        )
        logger.info(
            "connected to %s: Godot %s, addon %s",
            instance.describe(),
            connection.identity.godot_version,
            connection.identity.plugin_version,
        )

    def _detach(self) -> None:
        self._connection = None
        self._connected = anyio.Event()

    def _note_problem(self, error: ToolError) -> None:
        if error.message != self._problem.message:
            logger.warning("%s: %s", error.code, error.message)
        self._problem = error

    async def _publish_cached(self) -> None:
        try:
            # Off the event loop: a never-served project reads other projects' files to borrow from.
            cached = await anyio.to_thread.run_sync(self._cache.load) if self._cache is not None else None
            if cached is not None and self._catalog is None:
                logger.info("listing %d cached commands until the editor connects", len(cached.commands))
                await self._publish(cached, provisional=True)
        finally:
            self._cache_consulted.set()

    async def _publish_fetched(self, raw: JsonValue, connection: PeerConnection) -> None:
        """Publish the editor's catalogue, then keep it for the next session (after: a call that
        follows the tool list must not wait for the disk)."""
        await self._publish(_parsed(raw))
        if self._cache is not None:
            await anyio.to_thread.run_sync(self._cache.save, raw, connection.identity.plugin_version)

    def _unsettle(self) -> None:
        """From now until the next publish ends, a call for a tool not in the table waits for it."""
        if self._settled.is_set():
            self._settled = anyio.Event()

    async def _publish(self, catalog: Catalog | None, *, provisional: bool = False) -> None:
        self._unsettle()
        settled = self._settled
        self._catalog = None if provisional else catalog
        self._provisional = provisional
        if catalog is not None:
            logger.info("catalogue version %d: %d commands", catalog.version, len(catalog.commands))
        try:
            for listener in self._listeners:
                await listener(catalog)
        finally:
            settled.set()

    async def _withdraw_catalog(self) -> None:
        """The editor is gone: its tools go too (bounded, so a client that stopped reading cannot hold
        the link)."""
        if self._catalog is not None:  # cached tools stay listed until an editor connects
            with anyio.move_on_after(_WITHDRAW_WAIT_S):
                await self._publish(None)

    async def _refresh_on_change(
        self, connection: PeerConnection, stale: MemoryObjectReceiveStream[int]
    ) -> None:
        async for _version in stale:
            try:
                await self._publish_fetched(await fetch_catalog(connection), connection)
            except ToolError as error:
                logger.warning("could not refresh the catalogue: %s", error.message)
                self._settled.set()  # nothing comes: calls waiting for new tools answer now

    def _notified(self, changes: MemoryObjectSendStream[int]) -> Callable[[Notification], None]:
        def on_notification(notification: Notification) -> None:
            if notification.method != CATALOG_CHANGED:
                logger.debug("editor notification %s %s", notification.method, notification.params)
                for listener in self._notification_listeners:
                    listener(notification)
                return
            version = notification.params.get("catalog_version", 0)
            # A call that arrives after this notice and names a new tool waits for the refresh (the
            # editor sends the notice before the answer of the call that changed its commands).
            self._unsettle()
            # WouldBlock: a refresh is already due, and it will fetch the newest catalogue.
            try:
                changes.send_nowait(int(version) if isinstance(version, int | float) else 0)
            except anyio.WouldBlock:
                pass
            except (anyio.ClosedResourceError, anyio.BrokenResourceError):
                self._settled.set()  # the connection is going: no refresh will come

        return on_notification


async def request_catalog(connection: PeerConnection) -> Catalog:
    """The catalogue the peer publishes now (``mcp.catalog``); ``PROTOCOL_ERROR`` when it is unreadable."""
    return _parsed(await fetch_catalog(connection))


async def fetch_catalog(connection: PeerConnection) -> JsonValue:
    """The peer's ``mcp.catalog`` answer as it came."""
    return await connection.request(
        CONTRACT.method("catalog"), None, timeout_s=CONTRACT.answer_wait_s(CONTRACT.timeouts_ms["default"])
    )


def _parsed(result: JsonValue) -> Catalog:
    try:
        return parse_catalog(result)
    except ValueError as error:
        raise ToolError(ErrorCode.PROTOCOL_ERROR, f"The editor's catalogue is unreadable: {error}") from error
