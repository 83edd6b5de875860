"""Per-request work of the SDK that this server does once, or not at all (issue 22 §5.2).

On 2026-07-28 the SDK stamps every result with the server's identity, deep-copying its cached dump per
response; ours holds only strings, so a fresh top-level dict cannot alias it and the deep copy goes. The
SDK's OpenTelemetry middleware opens a span per message (and parses the trace context of every 2026-07-28
request); until a tracer provider is set nothing records it, so it is dropped then, as the SDK's
``Server.middleware`` documents ("drop it from this list to opt out"). Run the server under
``opentelemetry-instrument`` (which sets the provider before the server starts) to keep the spans.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from mcp.server.lowlevel import Server
from opentelemetry import trace

_SDK_TRACING = "OpenTelemetryMiddleware"


class StampedOnceServer(Server[Any]):
    """A low-level ``Server`` whose 2026-07-28 identity stamp is dumped once and copied flat per result."""

    @cached_property
    def _identity(self) -> dict[str, Any]:
        dumped = self.server_info.model_dump(by_alias=True, mode="json", exclude_none=True)
        assert all(isinstance(value, str) for value in dumped.values())  # flat: no icons are set
        return dumped

    @property
    def server_info_stamp(self) -> dict[str, Any]:
        return dict(self._identity)


def traces_recorded() -> bool:
    """Whether a tracer provider is set: until one is, every span is a no-op."""
    return not isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider)


def drop_unexported_tracing(server: Server[Any]) -> None:
    """Remove the SDK's per-message span when nothing would record it. Matched by name: the class lives in
    a private module; should it be renamed, tracing merely stays on (tests/unit/server/test_per_request.py
    notices)."""
    if not traces_recorded():
        server.middleware[:] = [m for m in server.middleware if type(m).__name__ != _SDK_TRACING]
