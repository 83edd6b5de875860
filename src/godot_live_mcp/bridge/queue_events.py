"""A peer's word on one request while it runs: a serialized command waiting for its turn (``_queued``)
and starting (``_executing``), and how far a long command got (``_progress``: scan percent, frames
stepped).

Whoever runs a tool call hears of them through the ``CallListeners`` it passes down with the call (tool
backend, link, connection); the connection hands each event of that call's request to them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeGuard

from godot_live_mcp.bridge.jsonrpc import Notification, RequestId, as_request_id
from godot_live_mcp.contract import CONTRACT

QUEUED = CONTRACT.method("queued")
EXECUTING = CONTRACT.method("executing")
PROGRESS = CONTRACT.method("progress")


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


@dataclass(frozen=True)
class ProgressEvent:
    """How far a running command got: ``done`` of ``total`` (None when unknown), and what it does now."""

    done: float
    total: float | None = None
    message: str = ""


CallEvent = QueueEvent | ProgressEvent
QueueListener = Callable[[QueueEvent], Awaitable[None]]
ProgressListener = Callable[[ProgressEvent], Awaitable[None]]


@dataclass(frozen=True)
class CallListeners:
    """Who hears one call's events on its way: its place in the queue (``on_queue``) and its command's
    own progress (``on_progress``). Passed down the call path with the call; None hears nothing."""

    on_queue: QueueListener | None = None
    on_progress: ProgressListener | None = None


UNHEARD = CallListeners()
"""The listeners of a call nobody follows (the server's own look-ups: game status, open scenes)."""


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


def parse_progress_event(notification: Notification) -> tuple[RequestId, ProgressEvent] | None:
    """The request a ``_progress`` notification is about and how far it got; None for others."""
    params = notification.params
    request_id = as_request_id(params.get("id"))
    done, total, message = params.get("progress"), params.get("total"), params.get("message")
    if notification.method != PROGRESS or request_id is None or not _is_number(done):
        return None
    known_total = float(total) if _is_number(total) and total > 0 else None
    return request_id, ProgressEvent(float(done), known_total, message if isinstance(message, str) else "")


def parse_call_event(notification: Notification) -> tuple[RequestId, CallEvent] | None:
    """A queue or progress event about one request; None for every other notification."""
    return parse_queue_event(notification) or parse_progress_event(notification)


def _is_number(value: object) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool)
