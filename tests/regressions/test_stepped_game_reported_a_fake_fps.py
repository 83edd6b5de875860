"""Regression (issue 24): ``runtime_get_performance`` of a paused game advanced by ``runtime_step``
reported ``fps: 1.0``, a rate the game never ran at. A paused game now has no fps: the result says it
is stepped and how many frames the last step advanced."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_a_paused_stepped_game_reports_its_steps_not_an_fps(tools: Client) -> None:
    await call(tools, "game_start", {})
    try:
        await call(tools, "runtime_pause", {})
        await call(tools, "runtime_step", {"frames": 5})

        stepped = await call(tools, "runtime_get_performance", {})

        assert "fps" not in stepped, stepped
        assert (stepped["paused"], stepped["stepped"], stepped["frames_stepped"]) == (True, True, 5)
        await call(tools, "runtime_resume", {})
        running = await call(tools, "runtime_get_performance", {})
        assert running["stepped"] is False, running
        assert running["fps"] >= 0, running
    finally:
        await tools.call_tool("game_stop", {})
