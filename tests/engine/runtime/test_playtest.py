"""runtime_playtest is deterministic: the same script on a fresh game gives the same timeline byte for
byte, through the editor channel and from a game started without an editor (-- --playtest)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client import Client

from tests.engine.harness import EngineEditor
from tests.engine.runtime.conftest import call
from tests.engine.runtime.playtest_scripts import (
    COIN_FRAME,
    COIN_JUMP,
    LANDING_FRAME,
    events,
    playtest_from_the_command_line,
)
from tests.engine.runtime.playtest_scripts import imported as imported  # a fixture

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def playtest_on_a_fresh_game(client: Client, script: dict[str, Any]) -> str:
    """The result of script on a game started for it, as the bytes a caller compares."""
    await call(client, "game_start")
    try:
        return json.dumps(await call(client, "runtime_playtest", script=script), sort_keys=True)
    finally:
        await call(client, "game_stop")


async def test_a_playtest_on_two_fresh_games_gives_byte_identical_results(tools: Client) -> None:
    first = await playtest_on_a_fresh_game(tools, COIN_JUMP)
    second = await playtest_on_a_fresh_game(tools, COIN_JUMP)
    assert first == second
    result = json.loads(first)
    assert (result["passed"], result["frames"], result["errors"]) == (True, LANDING_FRAME, 0)
    assert events(result, "signal") == [
        (COIN_FRAME, "Coin1.collected(1)"),
        (COIN_FRAME, "/root/GameState.score_changed(1)"),
    ]
    assert (COIN_FRAME, "GameState.score = 1") in events(result, "watch")
    assert [entry["passed"] for entry in result["assertions"]] == [True, True]


async def test_a_game_started_without_an_editor_runs_the_script_alike_twice(
    imported: EngineEditor, tmp_path: Path
) -> None:
    code, first = await playtest_from_the_command_line(imported, COIN_JUMP, tmp_path)
    again, second = await playtest_from_the_command_line(imported, COIN_JUMP, tmp_path)
    assert (code, again) == (0, 0)
    assert first == second
    result = json.loads(first)
    assert (result["passed"], result["frames"]) == (True, LANDING_FRAME)
    assert (COIN_FRAME, "Coin1.collected(1)") in events(result, "signal")


async def test_the_command_line_exit_code_says_failed_or_not_run(
    imported: EngineEditor, tmp_path: Path
) -> None:
    failing = {"steps": [{"do": "step", "frames": 3}, {"do": "assert", "condition": "GameState.score == 5"}]}
    code, text = await playtest_from_the_command_line(imported, failing, tmp_path)
    assert code == 1
    assert json.loads(text)["assertions"] == [
        {"frame": 3, "condition": "GameState.score == 5", "passed": False, "seen": "0"}
    ]
    code, text = await playtest_from_the_command_line(imported, {"steps": [{"do": "fly"}]}, tmp_path)
    assert code == 2
    refused = json.loads(text)
    assert refused["passed"] is False
    assert refused["error"]["code"] == "INVALID_PARAMS"
    assert refused["error"]["error"].startswith("steps[0]:")
    past = {"steps": [{"do": "step", "frames": 5}, {"at": 2, "do": "assert", "condition": "true"}]}
    code, text = await playtest_from_the_command_line(imported, past, tmp_path)
    stopped = json.loads(text)
    assert (code, stopped["passed"], stopped["frames"]) == (2, False, 5)
    assert stopped["stopped"] == stopped["stopped"] | {"step": 1, "code": "EXECUTION_ERROR"}


async def test_the_playtest_command_prints_the_verdict_and_exits_with_the_games_code(
    imported: EngineEditor, tmp_path: Path
) -> None:
    script = tmp_path / "coin_jump.json"
    script.write_text(json.dumps(COIN_JUMP), "utf-8")
    command = [
        sys.executable,
        "-m",
        "godot_live_mcp",
        "playtest",
        str(script),
        "--project",
        str(imported.project),
    ]
    with anyio.fail_after(120):
        ran = await anyio.run_process(command, env={**os.environ, **imported.env}, check=False)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.decode().splitlines()[0] == (
        f"passed: {LANDING_FRAME} frames, 2 of 2 assertions held, 0 errors, 0 warnings"
    )
    assert json.loads((tmp_path / "coin_jump.result.json").read_text("utf-8"))["passed"] is True
