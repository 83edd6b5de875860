"""Games started for playtesting run unthrottled (--fixed-fps): stepping is as fast as the machine allows and
stays exact; free-running play is paced by the game itself. (Timings are bench/stepping.py's business.)"""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from tests.engine.runtime.conftest import call, error_code, node_values

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FRAMES = 600
# Where 600 frames of move_right take the player from x = 160 (200 / 60 px a frame, in float32 arithmetic).
AFTER_600_FRAMES_X = 2160.037


async def level_state(client: Client) -> dict[str, Any]:
    player = await node_values(client, "Player", "position", "velocity")
    level = await call(
        client, "execute_code", code="[GameState.score, tree.get_nodes_in_group('coins').size()]"
    )
    return {**player, "score_and_coins_left": level["value"]}


async def play_600_frames(client: Client) -> dict[str, Any]:
    """From a fresh start: run right, jump at frame 30 (catching the first coin), run on off the level."""
    await call(client, "game_start")
    try:
        start = (await call(client, "runtime_pause"))["game_frame"]
        await call(client, "input_action_press", action="move_right")
        await call(client, "runtime_step", frames=30)
        await call(client, "input_action_tap", action="jump")
        stepped = await call(client, "runtime_step", frames=FRAMES - 30)
        assert stepped["game_frame"] == start + FRAMES
        return await level_state(client)
    finally:
        await call(client, "game_stop")


async def test_600_stepped_frames_from_two_fresh_starts_end_in_identical_states(tools: Client) -> None:
    first = await play_600_frames(tools)
    second = await play_600_frames(tools)

    assert first == second
    assert first["score_and_coins_left"] == [1, 1], "the jump caught the first coin, not the second"
    assert first["position"]["x"] == pytest.approx(AFTER_600_FRAMES_X, abs=1e-3)


async def test_free_running_speed_is_the_games_own_pace_and_resets_on_the_next_resume(game: Client) -> None:
    fast = await call(game, "runtime_resume", speed=4)
    assert (fast["paused"], fast["speed"]) == (False, 4.0)
    flat_out = await call(game, "runtime_resume", speed=0)
    assert flat_out["speed"] == 0.0
    await call(game, "runtime_pause")
    normal = await call(game, "runtime_resume")
    assert normal["speed"] == 1.0
    await call(game, "runtime_pause")
    assert error_code(await game.call_tool("runtime_resume", {"speed": -1})) == "INVALID_PARAMS"
