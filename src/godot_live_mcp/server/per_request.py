"""SDK work per request that this server does once, or not at all (issue 22 §5.2): the 2026-07-28
identity stamp is dumped once and copied per result, flat while it holds only strings (ours does: no
icons), deep otherwise, so no result can alias it; the OpenTelemetry span per message goes while no
tracer provider is set (the SDK's ``Server.middleware``: "drop it from this list to opt out").
``opentelemetry-instrument`` sets one before the server starts, and then the spans stay."""

from __future__ import annotations

import copy
from functools import cached_property
from typing import Any

from mcp.server.lowlevel import Server
from opentelemetry import trace


class StampedOnceServer(Server[Any]):
    @cached_property
    def _identity(self) -> dict[str, Any]:
        return self.server_info.model_dump(by_alias=True, mode="json", exclude_none=True)

    @cached_property
    def _identity_is_flat(self) -> bool:
        return all(isinstance(value, str) for value in self._identity.values())

    @property
    def server_info_stamp(self) -> dict[str, Any]:
        identity = self._identity
        return dict(identity) if self._identity_is_flat else copy.deepcopy(identity)


def traces_recorded() -> bool:
    return not isinstance(trace.get_tracer_provider(), trace.ProxyTracerProvider)


def drop_unexported_tracing(server: Server[Any]) -> None:
    """Matched by name (its module is private): renamed, tracing merely stays on, and a test notices."""
    if not traces_recorded():
        server.middleware[:] = [m for m in server.middleware if type(m).__name__ != "OpenTelemetryMiddleware"]
