"""Determinism across fresh runs: two games started anew, stepped alike, end in the same state."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from tests.engine.runtime.conftest import PLAYER_START, STEP_PX, call, node_values

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def a_fresh_run(client: Client) -> dict[str, Any]:
    """Start the game, pause, let the player settle, then hold move_right for 60 stepped frames."""
    await call(client, "game_start")
    try:
        await call(client, "runtime_pause")
        await call(client, "runtime_step", frames=5)
        await call(client, "input_action_press", action="move_right")
        await call(client, "runtime_step", frames=60)
        return await node_values(client, "Player", "position", "velocity")
    finally:
        await call(client, "game_stop")


async def test_two_fresh_runs_stepped_alike_end_in_exactly_the_same_state(tools: Client) -> None:
    first = await a_fresh_run(tools)
    second = await a_fresh_run(tools)
    assert first == second
    position = first["position"]
    assert position["x"] == pytest.approx(PLAYER_START[0] + 60 * STEP_PX, abs=1e-3)
    assert position["y"] == PLAYER_START[1]
