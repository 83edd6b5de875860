"""MCP logging: the server's own log records sent to each client as ``notifications/message``, at or above
the level it set with ``logging/setLevel`` (and at or above the server's level: ``serve -v`` for debug).

Handshake-era clients only: 2026-07-28 removed ``logging/setLevel``.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from typing import Any

import anyio
import mcp_types as types
from anyio.streams.memory import MemoryObjectSendStream
from mcp.server.context import ServerRequestContext
from mcp.server.session import ServerSession

logger = logging.getLogger(__name__)

RELAYED_LOGGER = "godot_live_mcp"
_LEVELS: dict[str, int] = {
    "debug": logging.DEBUG,
    "info": logging.INFO,
    "notice": logging.INFO + 5,
    "warning": logging.WARNING,
    "error": logging.ERROR,
    "critical": logging.CRITICAL,
    "alert": logging.CRITICAL,
    "emergency": logging.CRITICAL,
}


def mcp_level(levelno: int) -> types.LoggingLevel:
    """The MCP level of a Python log level."""
    if levelno >= logging.CRITICAL:
        return "critical"
    if levelno >= logging.ERROR:
        return "error"
    if levelno >= logging.WARNING:
        return "warning"
    if levelno >= logging.INFO:
        return "info"
    return "debug"


class ClientLogRelay(logging.Handler):
    """A log handler on the ``godot_live_mcp`` logger feeding a queue that ``run`` sends to the clients."""

    def __init__(self, backlog: int = 256) -> None:
        super().__init__()
        self._clients: dict[int, tuple[ServerSession, int]] = {}
        self._backlog = backlog
        self._send: MemoryObjectSendStream[logging.LogRecord] | None = None
        self._loop_thread: int | None = None

    async def set_level(
        self, ctx: ServerRequestContext[Any], params: types.SetLevelRequestParams
    ) -> types.EmptyResult:
        """The ``logging/setLevel`` handler: remember the level for this client's connection."""
        # The session object is a per-request proxy; its connection is the stable identity.
        connection = getattr(ctx.session, "_connection", ctx.session)
        self._clients[id(connection)] = (ctx.session, _LEVELS[params.level])
        return types.EmptyResult()

    def emit(self, record: logging.LogRecord) -> None:
        send = self._send
        if send is None or not self._clients or threading.get_ident() != self._loop_thread:
            return  # not running, nobody listens, or a worker thread: the queue belongs to the event loop
        with contextlib.suppress(anyio.WouldBlock, anyio.ClosedResourceError):  # drop a burst, never stall
            send.send_nowait(record)

    async def run(self) -> None:
        """Attach to the logger and send queued records until cancelled; detach on the way out."""
        send, receive = anyio.create_memory_object_stream[logging.LogRecord](self._backlog)
        self._send, self._loop_thread = send, threading.get_ident()
        relayed = logging.getLogger(RELAYED_LOGGER)
        relayed.addHandler(self)
        try:
            with send, receive:
                async for record in receive:
                    await self._deliver(record)
        finally:
            relayed.removeHandler(self)
            self._send = None

    async def _deliver(self, record: logging.LogRecord) -> None:
        notification = types.LoggingMessageNotification(
            params=types.LoggingMessageNotificationParams(
                level=mcp_level(record.levelno), logger=record.name, data=record.getMessage()
            )
        )
        for key, (session, level) in list(self._clients.items()):
            if record.levelno < level:
                continue
            try:
                await session.send_notification(notification)
            except Exception:  # a client that went away must not stop the others
                self._clients.pop(key, None)
