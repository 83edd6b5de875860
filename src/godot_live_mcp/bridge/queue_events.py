"""The editor's word on a serialized command waiting for its turn (``_queued``) and starting (``_executing``).

Whoever runs a tool call hears of them by installing a listener with ``listening_to_queue``; the
editor connection hands each event of that call's request to it. A context variable carries the
listener so the tool backends in between need not know about it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from godot_live_mcp.bridge.jsonrpc import Notification, RequestId, as_request_id
from godot_live_mcp.contract import CONTRACT

QUEUED = CONTRACT.method("queued")
EXECUTING = CONTRACT.method("executing")


@dataclass(frozen=True)
class QueueEvent:
    """Waiting behind ``position`` other commands, or (``started``) running now."""

    started: bool
    position: int = 0

    def describe(self) -> str:
        if self.started:
            return "Running in the editor."
        plural = "" if self.position == 1 else "s"
        return f"Waiting for the editor: {self.position} earlier command{plural} in the mutation queue."


QueueListener = Callable[[QueueEvent], Awaitable[None]]

_listener: ContextVar[QueueListener | None] = ContextVar("godot_live_mcp_queue_listener", default=None)


@contextmanager
def listening_to_queue(listener: QueueListener) -> Iterator[None]:
    """Editor requests made inside the block report their queue events to ``listener``."""
    token = _listener.set(listener)
    try:
        yield
    finally:
        _listener.reset(token)


def current_queue_listener() -> QueueListener | None:
    return _listener.get()


def parse_queue_event(notification: Notification) -> tuple[RequestId, QueueEvent] | None:
    """The request a ``_queued``/``_executing`` notification is about and what it says; None for others."""
    if notification.method not in (QUEUED, EXECUTING):
        return None
    request_id = as_request_id(notification.params.get("id"))
    if request_id is None:
        return None
    if notification.method == EXECUTING:
        return request_id, QueueEvent(started=True)
    position = notification.params.get("position", 0)
    return request_id, QueueEvent(False, int(position) if isinstance(position, int | float) else 0)
