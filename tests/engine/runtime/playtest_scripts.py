"""What the playtest tests share: a walk that takes the level's first coin mid-jump, and running a
script in a game started without an editor."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client import Client

from godot_live_mcp.godot.locator import find_godot
from tests.engine.harness import EngineEditor
from tests.engine.runtime.conftest import call

# From the level's start: walk right, jump into Coin1 (the score becomes 1), land.
COIN_JUMP: dict[str, Any] = {
    "watch": ["$Player.position", "GameState.score"],
    "signals": [
        {"node": "Coin1", "signal": "collected"},
        {"node": "/root/GameState", "signal": "score_changed"},
    ],
    "watch_every": 20,
    "steps": [
        {"do": "step", "frames": 5},
        {"do": "press", "action": "move_right"},
        {"do": "step", "frames": 60},
        {"do": "tap", "action": "jump"},
        {"do": "step_until", "condition": "GameState.score == 1", "max_frames": 60},
        {"do": "release", "action": "move_right"},
        {"do": "step_until", "condition": "$Player.is_on_floor()", "max_frames": 120},
        {"do": "assert", "condition": "GameState.score == 1"},
        {"do": "assert", "condition": "$Player.position.x > 370"},
    ],
}
# Where the coin is taken and the player lands, in script frames.
COIN_FRAME = 71
LANDING_FRAME = 116


def events(result: dict[str, Any], kind: str) -> list[tuple[int, str]]:
    """(frame, text) of the timeline's events of one kind."""
    return [(event["frame"], event["text"]) for event in result["timeline"] if event["kind"] == kind]


@pytest.fixture
async def imported(tools: Client, engine_editor: EngineEditor) -> EngineEditor:
    """The session's editor once it has imported the project: a game without an editor loads its imports."""
    assert (await call(tools, "editor_wait_for_idle", timeout_ms=60_000))["idle"] is True
    return engine_editor


async def playtest_from_the_command_line(
    editor: EngineEditor,
    script: dict[str, Any],
    folder: Path,
    display: tuple[str, ...] = ("--headless",),
    env: dict[str, str] | None = None,
) -> tuple[int, str]:
    """The exit code and result file of a game started without an editor to run script (headless
    unless display gives the arguments of a display, and env its environment)."""
    script_file = folder / "script.json"
    script_file.write_text(json.dumps(script), "utf-8")
    out = folder / "result.json"
    out.unlink(missing_ok=True)
    command = [str(find_godot().path), *display, "--path", str(editor.project), "--fixed-fps", "60"]
    command += ["--audio-driver", "Dummy", "--", "--playtest", str(script_file), "--playtest-out", str(out)]
    with anyio.fail_after(120):
        ran = await anyio.run_process(command, env={**os.environ, **editor.env, **(env or {})}, check=False)
    output = (ran.stdout + ran.stderr).decode("utf-8", "replace")
    assert "ERROR:" not in output, output  # SCRIPT ERROR: too
    return ran.returncode, out.read_text("utf-8")
