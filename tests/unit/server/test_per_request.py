"""Per-request work the SDK would do on every call and this server does once or not at all (issue 22 §5.2):
counted over many calls, never timed."""

from __future__ import annotations

import copy
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from mcp import types
from mcp.server._otel import OpenTelemetryMiddleware
from opentelemetry import trace

from godot_live_mcp import __version__
from godot_live_mcp.server.per_request import StampedOnceServer, drop_unexported_tracing, traces_recorded
from tests.unit.server.test_app import serving

pytestmark = pytest.mark.anyio
CALLS = 20


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_calls_deep_copy_nothing_and_open_no_unexported_span(
    tmp_path: Path, mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    counts: Counter[str] = Counter()
    deepcopy, span = copy.deepcopy, OpenTelemetryMiddleware.__call__

    def counted_deepcopy(value: Any, *args: Any) -> Any:
        counts["deepcopy"] += 1
        return deepcopy(value, *args)

    async def counted_span(self: OpenTelemetryMiddleware, *args: Any) -> Any:
        counts["span"] += 1
        return await span(self, *args)

    async with serving(tmp_path, mode=mode) as session:
        monkeypatch.setattr(copy, "deepcopy", counted_deepcopy)
        monkeypatch.setattr(OpenTelemetryMiddleware, "__call__", counted_span)
        for _ in range(CALLS):
            assert not (await session.client.call_tool("scene_get_tree", {"max_depth": 1})).is_error
    assert counts["deepcopy"] == 0
    assert counts["span"] == (CALLS if traces_recorded() else 0)


def test_the_identity_stamp_is_fresh_and_complete() -> None:
    server = StampedOnceServer("godot-live-mcp", version=__version__)
    first = server.server_info_stamp
    first["name"] = "changed by a caller"
    assert server.server_info_stamp == {"name": "godot-live-mcp", "version": __version__}


def test_an_identity_with_icons_is_copied_deep() -> None:
    icon = types.Icon(src="https://example.org/icon.png")
    server = StampedOnceServer("godot-live-mcp", version=__version__, icons=[icon])
    server.server_info_stamp["icons"][0]["src"] = "changed by a caller"
    assert server.server_info_stamp["icons"] == [{"src": "https://example.org/icon.png"}]


def test_the_span_stays_when_a_tracer_provider_is_set(monkeypatch: pytest.MonkeyPatch) -> None:
    server = StampedOnceServer("godot-live-mcp")
    monkeypatch.setattr(trace, "get_tracer_provider", trace.NoOpTracerProvider)
    drop_unexported_tracing(server)
    assert [type(m) for m in server.middleware] == [OpenTelemetryMiddleware]
    monkeypatch.undo()
    drop_unexported_tracing(server)
    assert server.middleware == []
