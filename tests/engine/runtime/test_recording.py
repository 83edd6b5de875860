"""input_record and input_replay: a recorded session replays to the same end state every time."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from godot_live_mcp.contract import ErrorCode
from tests.engine.runtime.conftest import PLAYER_START, call, error_code, node_values

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

RECORDING = "user://mcp_recordings/runtime_test_walk.tres"


async def reset(game: Client) -> None:
    await call(game, "runtime_pause")
    for action in ("move_right", "jump"):
        await call(game, "input_action_release", action=action)
    await call(
        game, "runtime_set_property", node_path="Player", property="position", value=list(PLAYER_START)
    )
    await call(game, "runtime_set_property", node_path="Player", property="velocity", value=[0, 0])
    await call(game, "runtime_step", frames=2)


async def player_state(game: Client) -> dict[str, Any]:
    return await node_values(game, "Player", "position", "velocity")


async def test_a_recorded_walk_and_jump_replays_to_the_same_end_state(game: Client) -> None:
    await reset(game)
    await call(game, "input_record", phase="start")
    await call(game, "input_action_press", action="move_right")
    await call(game, "runtime_step", frames=10)
    await call(game, "input_action_tap", action="jump")
    await call(game, "runtime_step", frames=20)
    await call(game, "input_action_release", action="move_right")
    await call(game, "runtime_step", frames=10)
    saved = await call(game, "input_record", phase="stop", path=RECORDING)
    live = await player_state(game)
    assert saved["path"] == RECORDING
    assert saved["events"] == 4  # press, tap press, tap release, release
    assert saved["length_frames"] == 40

    replays = []
    for _ in range(2):
        await reset(game)
        replayed = await call(game, "input_replay", path=RECORDING)
        assert replayed["frames_stepped"] == 40
        assert replayed["events_replayed"] == 4
        replays.append(await player_state(game))
    assert replays[0] == replays[1] == live
    assert live["position"]["x"] > PLAYER_START[0]


async def test_record_and_replay_refuse_what_they_cannot_do(game: Client) -> None:
    assert error_code(await game.call_tool("input_record", {"phase": "stop"})) == "INVALID_STATE"
    missing = await game.call_tool("input_replay", {"path": "user://mcp_recordings/none.tres"})
    assert error_code(missing) == ErrorCode.NOT_FOUND
    escaping = await game.call_tool("input_replay", {"path": "res://../outside.tres"})
    assert error_code(escaping) == "PATH_DENIED"
