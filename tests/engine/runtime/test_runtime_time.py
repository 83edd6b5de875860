"""Time control: pause, exact steps, stepping until a condition, time scale, and determinism."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from mcp.client import Client

from godot_live_mcp.contract import ErrorCode
from tests.engine.harness import expect_editor_error
from tests.engine.runtime.conftest import (
    PLAYER_START,
    STEP_PX,
    call,
    error_code,
    node_values,
    player_position,
)

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

# Where 30 frames of move_right take the player from x = 160 (float32 arithmetic, every run).
AFTER_30_FRAMES_X = 259.999878


async def reset_player(game: Client) -> None:
    """Pause and put the player back at its start, at rest, with no action held."""
    await call(game, "runtime_pause")
    for action in ("move_right", "move_left", "jump"):
        await call(game, "input_action_release", action=action)
    await call(
        game, "runtime_set_property", node_path="Player", property="position", value=list(PLAYER_START)
    )
    await call(game, "runtime_set_property", node_path="Player", property="velocity", value=[0, 0])
    await call(game, "runtime_step", frames=2)  # settle on the floor


async def test_step_runs_exactly_the_frames_asked_for_and_leaves_the_game_paused(game: Client) -> None:
    paused = await call(game, "runtime_pause")
    assert paused["paused"] is True
    stepped = await call(game, "runtime_step", frames=5)
    assert stepped["frames_stepped"] == 5
    assert stepped["game_frame"] == paused["game_frame"] + 5
    assert stepped["paused"] is True
    assert (await call(game, "runtime_get_performance"))["game_frame"] == stepped["game_frame"]


async def test_pressing_move_right_for_30_stepped_frames_moves_the_player_100_px(game: Client) -> None:
    await reset_player(game)
    x0, y0 = await player_position(game)
    await call(game, "input_action_press", action="move_right")
    await call(game, "runtime_step", frames=30)
    await call(game, "input_action_release", action="move_right")
    x, y = await player_position(game)
    assert x0 == PLAYER_START[0]
    assert x == pytest.approx(AFTER_30_FRAMES_X, abs=1e-4)
    assert x - x0 == pytest.approx(30 * STEP_PX, abs=1e-3)
    assert y == y0


async def test_the_same_steps_from_the_same_start_give_the_same_state(game: Client) -> None:
    runs = []
    for _ in range(2):
        await reset_player(game)
        await call(game, "input_action_press", action="move_right")
        await call(game, "runtime_step", frames=20)
        await call(game, "input_action_tap", action="jump")
        await call(game, "runtime_step", frames=40)
        runs.append(await node_values(game, "Player", "position", "velocity"))
    assert runs[0] == runs[1]
    assert runs[0]["position"]["y"] != PLAYER_START[1]  # it jumped: a real trajectory, not a rest


async def test_step_until_stops_at_the_first_frame_the_condition_holds(game: Client) -> None:
    await reset_player(game)
    await call(game, "input_action_press", action="move_right")
    result = await call(
        game, "runtime_step_until", condition="get_node('Player').position.x > 200", max_frames=100
    )
    await call(game, "input_action_release", action="move_right")
    assert result["condition_met"] is True
    assert result["frames_stepped"] == 13  # 12 frames reach 199.99996, the 13th passes 200
    x, _ = await player_position(game)
    assert 200 < x < 200 + STEP_PX


async def test_step_until_gives_up_after_max_frames(game: Client) -> None:
    result = await call(
        game, "runtime_step_until", condition="get_node('Player').position.x > 99999", max_frames=4
    )
    assert result == {**result, "condition_met": False, "frames_stepped": 4, "paused": True}


async def test_step_until_refuses_a_condition_that_does_not_parse_or_fails(game: Client) -> None:
    expect_editor_error(r'Node not found: "Nobody"')
    unparsable = await game.call_tool("runtime_step_until", {"condition": "get_node('Player').position.x >"})
    assert error_code(unparsable) == "PARSE_ERROR"
    failing = await game.call_tool("runtime_step_until", {"condition": "get_node('Nobody').position.x > 1"})
    assert error_code(failing) == "EXECUTION_ERROR"


async def test_step_refuses_zero_frames(game: Client) -> None:
    assert error_code(await game.call_tool("runtime_step", {"frames": 0})) == ErrorCode.INVALID_PARAMS


async def test_time_scale_is_set_and_refused_out_of_range(game: Client) -> None:
    assert (await call(game, "runtime_set_time_scale", scale=0.5))["time_scale"] == 0.5
    assert (await call(game, "runtime_set_time_scale", scale=1))["time_scale"] == 1.0
    assert (
        error_code(await game.call_tool("runtime_set_time_scale", {"scale": -1})) == ErrorCode.INVALID_PARAMS
    )


async def test_resume_lets_the_game_run_again(game: Client) -> None:
    await call(game, "runtime_pause")
    resumed = await call(game, "runtime_resume")
    assert resumed["paused"] is False
    await call(game, "runtime_pause")


async def wait_for_frames_past(game: Client, frame: int) -> None:
    """Until the game has run past ``frame``; the caller bounds the wait."""
    while True:
        if (await call(game, "runtime_get_performance"))["game_frame"] > frame:
            return
        await anyio.sleep(0.02)  # pacing only: the game's own frame count decides


@pytest.mark.parametrize("ending", ["runtime_resume", "runtime_pause"])
async def test_resume_or_pause_ends_a_step_in_progress_with_the_frames_it_ran(
    game: Client, ending: str
) -> None:
    start = (await call(game, "runtime_pause"))["game_frame"]
    stepped: dict[str, Any] = {}

    async def step() -> None:  # stepping runs unthrottled: this many frames take several seconds
        stepped.update(await call(game, "runtime_step", frames=100_000))

    with anyio.fail_after(15):  # the step's own budget is minutes: only the ending can answer sooner
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(step)
            await wait_for_frames_past(game, start)
            ended = await call(game, ending)
    assert 0 < stepped["frames_stepped"] < 100_000
    assert stepped["frames_stepped"] == stepped["game_frame"] - start
    assert stepped["paused"] is ended["paused"] is (ending == "runtime_pause")
    await call(game, "runtime_pause")
