"""Slow and unauthenticated peers of the HTTP transport, bounded at the connection.

uvicorn's h11 protocol has a keep-alive timeout but no time limit for a request's headers or body, so a
peer that sends a byte now and then holds its connection forever. ``guarded_protocol`` returns a
subclass that adds both limits and a cap on the connections that have not yet shown the bearer token:
beyond the cap, the one that has waited longest is closed to make room, so a slow flood cannot keep a
client with the token out, and a connection that has shown it is never counted again.
"""

from __future__ import annotations

import asyncio
import hmac
from dataclasses import dataclass
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from godot_live_mcp.server.http_log import RefusalLog

__all__ = ["MAX_HEADER_BYTES", "ConnectionGuard", "GuardLimits", "guarded_protocol"]

MAX_HEADER_BYTES = 16 * 1024  # h11's own default, stated: a request line and headers longer get a 400


@dataclass(frozen=True)
class GuardLimits:
    header_timeout_s: float = 5.0  # from the connection, or the next request's first byte, to the headers
    body_timeout_s: float = 15.0  # from the end of the headers to the end of the body
    max_unauthenticated: int = 32  # connections that have not yet sent a request with the token


class ConnectionGuard:
    """The connections still without the token, oldest first, and what was refused (rate-limited log)."""

    def __init__(self, token: str, limits: GuardLimits, log: RefusalLog) -> None:
        self.limits, self.log = limits, log
        self._expected = f"Bearer {token}".encode()
        self._waiting: dict[_GuardedProtocol, None] = {}  # insertion order: the oldest first

    def admit(self, connection: _GuardedProtocol) -> None:
        self._waiting[connection] = None
        while len(self._waiting) > self.limits.max_unauthenticated:
            oldest = next(iter(self._waiting))
            self.forget(oldest)
            self.log.note("closed to make room for newer connections (too many without the token)")
            oldest.close_now()

    def shows_token(self, headers: list[tuple[bytes, bytes]]) -> bool:
        values = [value for name, value in headers if name.lower() == b"authorization"]
        return len(values) == 1 and hmac.compare_digest(values[0].strip(), self._expected)

    def forget(self, connection: _GuardedProtocol) -> None:
        self._waiting.pop(connection, None)


class _GuardedProtocol(H11Protocol):
    guard: ConnectionGuard  # set on the subclass made by guarded_protocol

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.conn = _WatchedConnection(
            self._on_event, self.config.h11_max_incomplete_event_size or MAX_HEADER_BYTES
        )
        self._timer: asyncio.TimerHandle | None = None
        self._authenticated = False
        self._awaiting_headers = True

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm(self.guard.limits.header_timeout_s, "too slow sending the request headers")
        self.guard.admit(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self.guard.forget(self)
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        # An idle connection is uvicorn's keep-alive timeout's; the next request's first byte arms ours.
        self._awaiting_headers = True
        super().on_response_complete()

    def data_received(self, data: bytes) -> None:
        if self._awaiting_headers and self._timer is None:
            self._arm(self.guard.limits.header_timeout_s, "too slow sending the request headers")
        super().data_received(data)

    def close_now(self) -> None:
        self._disarm()
        if not self.transport.is_closing():
            self.transport.close()

    def _on_event(self, event: object) -> None:
        if isinstance(event, h11.Request):
            self._awaiting_headers = False
            self._disarm()
            self._arm(self.guard.limits.body_timeout_s, "too slow sending the request body")
            if self.guard.shows_token(list(event.headers)):
                self._authenticated = True
                self.guard.forget(self)  # authenticated: never counted again
            elif not self._authenticated:
                self.guard.log.note("requests without the token")
        elif isinstance(event, h11.EndOfMessage):
            self._disarm()

    def _arm(self, seconds: float, reason: str) -> None:
        self._disarm()
        self._timer = self.loop.call_later(seconds, self._expire, reason)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _expire(self, reason: str) -> None:
        self._timer = None
        self.guard.log.note(reason)
        self.guard.forget(self)
        self.close_now()


class _WatchedConnection(h11.Connection):
    """h11's server side, telling the protocol of each event as uvicorn takes it."""

    def __init__(self, on_event: Any, max_incomplete_event_size: int) -> None:
        super().__init__(h11.SERVER, max_incomplete_event_size=max_incomplete_event_size)
        self._on_event = on_event

    def next_event(self) -> Any:
        event = super().next_event()
        self._on_event(event)
        return event


def guarded_protocol(guard: ConnectionGuard) -> type[H11Protocol]:
    """The uvicorn ``http`` protocol class of one server, bound to its guard."""
    return type("GuardedH11Protocol", (_GuardedProtocol,), {"guard": guard})
