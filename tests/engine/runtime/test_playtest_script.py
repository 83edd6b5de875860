"""runtime_playtest on a running game: a script with a mistake is refused before any frame runs, a
failing assertion says what it saw, and an input recording saved as .json plays back as a script."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from godot_live_mcp.contract import ErrorCode
from tests.engine.runtime.conftest import PLAYER_START, STEP_PX, call, error_code, error_text
from tests.engine.runtime.playtest_scripts import events

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

RECORDING = "user://mcp_recordings/playtest_walk.json"


async def game_frame(game: Client) -> int:
    return int((await call(game, "runtime_get_performance"))["game_frame"])


async def reset(game: Client) -> None:
    await call(game, "runtime_pause")
    await call(game, "input_action_release", action="move_right")
    await call(
        game, "runtime_set_property", node_path="Player", property="position", value=list(PLAYER_START)
    )
    await call(game, "runtime_step", frames=2)


@pytest.mark.parametrize(
    ("script", "code", "message"),
    [
        (
            {"steps": [{"do": "step", "frames": 2}, {"do": "fly"}]},
            ErrorCode.INVALID_PARAMS,
            "steps[1]: needs",
        ),
        (
            {"steps": [{"do": "hold", "action": "move_right"}]},
            ErrorCode.INVALID_PARAMS,
            "hold needs 'frames'",
        ),
        ({"steps": [{"do": "press", "action": "fly"}]}, ErrorCode.NOT_FOUND, "steps[0].action"),
        ({"steps": [{"do": "step", "frames": 1, "speed": 2}]}, ErrorCode.INVALID_PARAMS, "takes no 'speed'"),
        ({"steps": [{"do": "assert", "condition": "$Player.x >"}]}, "PARSE_ERROR", "steps[0].condition"),
        (
            {"watch": ["OS.get_name()"], "steps": [{"do": "step", "frames": 1}]},
            ErrorCode.INVALID_PARAMS,
            "watch[0]",
        ),
        (
            {"steps": [{"do": "step", "frames": 99_999}, {"do": "hold", "key": "A", "frames": 2}]},
            "INVALID_PARAMS",
            "at most",
        ),
        (
            {"signals": [{"node": "Nobody", "signal": "x"}], "steps": [{"do": "step", "frames": 1}]},
            ErrorCode.NOT_FOUND,
            "signals[0]",
        ),
        (
            {"steps": [{"do": "set", "node": "Player", "setting": "game/x", "value": 1}]},
            ErrorCode.INVALID_PARAMS,
            "set needs 'node' with 'property', or 'setting'",
        ),
        (
            {"steps": [{"do": "set", "setting": "game/nothing", "value": 1}]},
            ErrorCode.NOT_FOUND,
            "steps[0].setting",
        ),
    ],
)
async def test_a_script_with_a_mistake_is_refused_before_any_frame_runs(
    game: Client, script: dict[str, Any], code: str, message: str
) -> None:
    await call(game, "runtime_pause")
    before = await game_frame(game)
    refused = await game.call_tool("runtime_playtest", {"script": script})
    assert error_code(refused) == code, error_text(refused)
    assert message in error_text(refused)
    assert await game_frame(game) == before


async def test_a_failing_assertion_reports_the_value_it_compared(game: Client) -> None:
    await reset(game)
    script = {
        "steps": [
            {"do": "hold", "action": "move_right", "frames": 6},
            {"do": "assert", "condition": "$Player.position.x > 300"},
        ]
    }
    result = await call(game, "runtime_playtest", script=script)
    assert result["passed"] is False
    assert result["assertions"] == [
        {
            "frame": 6,
            "condition": "$Player.position.x > 300",
            "passed": False,
            "seen": str(PLAYER_START[0] + 20),
        }
    ]
    assert events(result, "input") == [(0, "press move_right"), (6, "release move_right")]


async def test_a_recording_saved_as_json_plays_back_as_a_playtest_to_the_same_place(game: Client) -> None:
    await reset(game)
    await call(game, "input_record", phase="start")
    await call(game, "input_action_press", action="move_right")
    await call(game, "runtime_step", frames=12)
    await call(game, "input_action_release", action="move_right")
    await call(game, "runtime_step", frames=3)
    saved = await call(game, "input_record", phase="stop", path=RECORDING)
    assert (saved["path"], saved["length_frames"]) == (RECORDING, 15)
    live = (await call(game, "runtime_get_node", node_path="Player", names=["position"]))["properties"][0]

    await reset(game)
    result = await call(game, "runtime_playtest", path=RECORDING)
    played = (await call(game, "runtime_get_node", node_path="Player", names=["position"]))["properties"][0]
    assert result["frames"] == 15
    assert events(result, "input") == [(0, "press move_right"), (12, "release move_right")]
    assert played == live
    assert live["value"]["x"] == pytest.approx(PLAYER_START[0] + 12 * STEP_PX, abs=1e-3)


async def test_a_playtest_reports_its_progress_step_by_step(game: Client) -> None:
    seen: list[tuple[float, float | None, str | None]] = []

    async def on_progress(progress: float, total: float | None, message: str | None) -> None:
        seen.append((progress, total, message))

    steps = [{"do": "step", "frames": 2}, {"do": "step", "frames": 2}, {"do": "assert", "condition": "true"}]
    played = await game.call_tool(
        "runtime_playtest", {"script": {"steps": steps}}, progress_callback=on_progress
    )
    assert not played.is_error, error_text(played)
    assert seen == [(0, 3, "Step 1 of 3."), (1, 3, "Step 2 of 3."), (2, 3, "Step 3 of 3.")]


async def test_a_run_stopped_part_way_gives_its_timeline_and_why(game: Client) -> None:
    await reset(game)
    steps = [
        {"do": "press", "action": "move_right"},
        {"do": "step", "frames": 60},
        {"do": "tap", "action": "jump"},
        {"do": "step_until", "condition": "$Coin1.position.x > 9999", "max_frames": 60},  # the coin is taken
        {"do": "assert", "condition": "true"},
    ]
    result = await call(game, "runtime_playtest", script={"steps": steps})
    await call(game, "input_action_release", action="move_right")
    stopped = result["stopped"]
    assert (result["passed"], stopped["step"], stopped["code"]) == (False, 3, "EXECUTION_ERROR")
    assert stopped["error"].startswith(f"steps[3].condition failed at frame {result['frames']}:")
    assert events(result, "input") == [(0, "press move_right"), (60, "tap jump")]
    assert result["assertions"] == []


async def test_a_set_step_changes_a_property_at_once_and_a_missing_node_stops_the_run(game: Client) -> None:
    await reset(game)
    steps = [
        {"do": "set", "node": "Player", "property": "position", "value": [300, 400]},
        {"do": "set", "setting": "application/config/name", "value": "Swept"},
        {"do": "assert", "condition": "$Player.position.x == 300"},
        {"do": "set", "node": "Nobody", "property": "speed", "value": 1},
    ]
    result = await call(game, "runtime_playtest", script={"steps": steps})
    assert events(result, "set") == [
        (0, "Player.position = (300.0, 400.0)"),
        (0, 'application/config/name = "Swept"'),
    ]
    assert [entry["passed"] for entry in result["assertions"]] == [True]  # set at once, no frame run
    assert (result["frames"], result["stopped"]["step"], result["stopped"]["code"]) == (0, 3, "NOT_FOUND")
    assert result["stopped"]["error"].startswith("steps[3].node")
