"""Regression (issue 23): ``runtime_screenshot`` of a game a headless editor ran headless restarted it on a
private display without being asked: the score and held keys were gone and the picture showed the first
frame. Now it is refused with the call that restarts it, and the game runs on untouched."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.runtime.conftest import call, error_code, error_text

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_a_headless_game_is_not_restarted_without_asking_and_keeps_its_state(tools: Client) -> None:
    await call(tools, "game_start")
    try:
        await call(tools, "runtime_pause")
        await call(tools, "input_action_press", action="move_right")
        await call(tools, "runtime_step", frames=10)
        await call(tools, "execute_code", code="GameState.score = 3")
        before = await call(tools, "game_status")
        frame = (await call(tools, "runtime_get_performance"))["game_frame"]

        refused = await tools.call_tool("runtime_screenshot", {})

        assert error_code(refused) == "HEADLESS_UNSUPPORTED"
        assert "runtime_screenshot with restart: true" in error_text(refused)
        after = await call(tools, "game_status")
        assert (after["game"]["pid"], after["game"]["display"]) == (before["game"]["pid"], "none")
        assert (await call(tools, "runtime_get_performance"))["game_frame"] == frame
        assert (await call(tools, "execute_code", code="GameState.score"))["value"] == 3
        held = await call(tools, "execute_code", code="Input.is_action_pressed('move_right')")
        assert held["value"] is True
    finally:
        await tools.call_tool("game_stop", {})
