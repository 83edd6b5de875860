"""Resumable HTTP streams (SEP-1699): each MCP session keeps its newest SSE events, bounded, so a
client whose stream was cut reconnects with ``Last-Event-ID`` and receives what it missed.

The SDK hands one event store to every session, while its stream ids are the clients' request ids,
which repeat from one client to the next: one shared store would replay a request of another session.
``own_event_stores`` therefore gives each session's transport a store of its own.
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from dataclasses import dataclass

from mcp.server.auth.middleware.bearer_auth import AuthorizationContext
from mcp.server.streamable_http import (
    EventCallback,
    EventId,
    EventMessage,
    EventStore,
    StreamableHTTPServerTransport,
    StreamId,
)
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp_types import JSONRPCMessage

__all__ = ["MAX_EVENTS", "MAX_EVENT_BYTES", "RETRY_MS", "SessionEvents", "own_event_stores"]

MAX_EVENTS = 512  # kept per session, the oldest forgotten first
MAX_EVENT_BYTES = 4 * 1024 * 1024  # of message JSON kept per session
RETRY_MS = 1000  # the SSE `retry` a client waits before it reconnects a cut stream


@dataclass(frozen=True)
class _Event:
    stream: StreamId
    message: JSONRPCMessage | None  # None: a stream's priming event
    size: int


class SessionEvents(EventStore):
    """One session's newest events in the order sent; a replay sends those of the same stream after
    the given id. An id no longer kept (or never given) replays nothing."""

    def __init__(self, max_events: int = MAX_EVENTS, max_bytes: int = MAX_EVENT_BYTES) -> None:
        self._events: OrderedDict[EventId, _Event] = OrderedDict()
        self._ids = itertools.count(1)
        self._max_events, self._max_bytes = max_events, max_bytes
        self._bytes = 0

    async def store_event(self, stream_id: StreamId, message: JSONRPCMessage | None) -> EventId:
        size = len(message.model_dump_json(by_alias=True, exclude_unset=True)) if message is not None else 0
        event_id = str(next(self._ids))
        self._events[event_id] = _Event(stream_id, message, size)
        self._bytes += size
        while len(self._events) > self._max_events or self._bytes > self._max_bytes:
            _id, oldest = self._events.popitem(last=False)
            self._bytes -= oldest.size
        return event_id

    async def replay_events_after(
        self, last_event_id: EventId, send_callback: EventCallback
    ) -> StreamId | None:
        last = self._events.get(last_event_id)
        if last is None:
            return None
        later = list(self._events.items())
        start = next(index for index, (event_id, _event) in enumerate(later) if event_id == last_event_id)
        for event_id, event in later[start + 1 :]:
            if event.stream == last.stream and event.message is not None:
                await send_callback(EventMessage(event.message, event_id))
        return last.stream


def own_event_stores(manager: StreamableHTTPSessionManager) -> None:
    """Give each session ``manager`` opens from now on its own ``SessionEvents``."""
    admit = manager._admit_session  # the one place the SDK makes a session's transport

    def admit_with_own_events(requestor: AuthorizationContext | None) -> StreamableHTTPServerTransport | None:
        transport = admit(requestor)
        if transport is not None:
            transport._event_store = SessionEvents()
        return transport

    manager._admit_session = admit_with_own_events  # type: ignore[method-assign]
