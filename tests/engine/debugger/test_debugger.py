"""The editor's debugger through the debug tools: a game stopped on an error in _ready or at a
breakpoint set before game_start, its stack and locals, stepping, continuing, and runtime calls that
fail at once while the game is stopped."""

from __future__ import annotations

import time
from typing import Any

import anyio
import pytest
from mcp.client import Client

from godot_live_mcp.contract import ErrorCode
from tests.engine.harness import EngineEditor, expect_editor_error
from tests.engine.runtime.conftest import call, error_code
from tests.mcp_results import failure

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

SCRIPT = "res://debugger_tests/stops.gd"
SCENE = "res://debugger_tests/stops.tscn"
# Line numbers below refer to this script.
SOURCE = """extends Node2D

var health: int = 7


func _ready() -> void:
	var answer: int = 42
	var doubled: int = twice(answer)
	if health > 100:
		var missing: Node = null
		missing.queue_free()
	print("ready done ", doubled)


func twice(n: int) -> int:
	var result: int = n * 2
	return result
"""
CALL_LINE = 8  # var doubled: int = twice(answer)
TWICE_FIRST_LINE = 16  # var result: int = n * 2
BROKEN_SCRIPT = "res://debugger_tests/breaks.gd"
BROKEN_SCENE = "res://debugger_tests/breaks.tscn"
BROKEN_SOURCE = """extends Node2D


func _ready() -> void:
	var answer: int = 42
	var missing: Node = null
	missing.queue_free()
	print("after the error ", answer)
"""
ERROR_LINE = 7


def scene_text(script: str) -> str:
    return (
        f'[gd_scene format=3]\n\n[ext_resource type="Script" path="{script}" id="1"]\n\n'
        '[node name="Stops" type="Node2D"]\nscript = ExtResource("1")\n'
    )


@pytest.fixture(scope="module")
async def debug(tools: Client) -> Client:
    """The session client, with the two scenes of this module written into the project."""
    for path, content in (
        (SCRIPT, SOURCE),
        (SCENE, scene_text(SCRIPT)),
        (BROKEN_SCRIPT, BROKEN_SOURCE),
        (BROKEN_SCENE, scene_text(BROKEN_SCRIPT)),
    ):
        await call(tools, "file_write", path=path, content=content)
    return tools


async def stopped_state(client: Client, deadline_s: float = 20.0) -> dict[str, Any]:
    """debug_state once the game is stopped in the debugger."""
    with anyio.fail_after(deadline_s):
        while True:
            state = await call(client, "debug_state")
            if state["paused"] and "at" in state:
                return state
            await anyio.sleep(0.05)  # pacing only: the state is read, not assumed


async def test_without_a_game_the_debugger_says_nothing_runs(debug: Client) -> None:
    state = await call(debug, "debug_state")
    assert state == {"running": False, "paused": False}
    assert error_code(await debug.call_tool("debug_continue", {})) == ErrorCode.GAME_NOT_RUNNING


async def test_an_error_in_ready_stops_the_game_with_its_stack_and_locals_then_it_continues(
    debug: Client,
) -> None:
    expect_editor_error(r"Cannot call method 'queue_free' on a null value")
    await call(debug, "game_start", scene=BROKEN_SCENE, break_on_error=True)
    try:
        state = await stopped_state(debug)
        assert state["reason"] == "error"
        assert "queue_free" in state["error"]
        assert state["at"] == f"{BROKEN_SCRIPT}:{ERROR_LINE} in _ready()"
        top = state["frames"][0]
        assert (top["file"], top["line"], top["function"]) == (BROKEN_SCRIPT, ERROR_LINE, "_ready")
        assert top["locals"]["answer"] == 42
        assert top["locals"]["missing"] is None

        began = time.monotonic()
        refused = await debug.call_tool("runtime_get_tree", {})
        assert time.monotonic() - began < 2.0
        assert failure(refused)["code"] == ErrorCode.GAME_PAUSED_IN_DEBUGGER
        assert f"{BROKEN_SCRIPT}:{ERROR_LINE}" in failure(refused)["message"]
        assert "debug_continue" in failure(refused)["hint"]
        status = await call(debug, "game_status")
        assert status["debugger"]["paused"] is True

        evaluated = await call(debug, "debug_evaluate", expression="answer + 1")
        assert evaluated["value"] == 43
        assert error_code(await debug.call_tool("debug_step", {})) == "INVALID_STATE"

        resumed = await call(debug, "debug_continue")
        assert resumed["paused"] is False
        assert resumed["running"] is True
        tree = await call(debug, "runtime_get_tree", max_depth=1)
        assert tree
    finally:
        await call(debug, "game_stop")


async def test_a_breakpoint_set_before_game_start_is_hit_and_steps_into_over_and_out(debug: Client) -> None:
    added = await call(debug, "debug_set_breakpoint", file=SCRIPT, line=CALL_LINE)
    assert added["breakpoints"] == [{"file": SCRIPT, "line": CALL_LINE}]
    await call(debug, "game_start", scene=SCENE)
    try:
        state = await stopped_state(debug)
        assert state["reason"] == "breakpoint"
        assert state["at"] == f"{SCRIPT}:{CALL_LINE} in _ready()"
        assert state["frames"][0]["locals"]["answer"] == 42
        assert state["frames"][0]["members"]["health"] == 7

        into = await call(debug, "debug_step", mode="into")
        assert into["at"] == f"{SCRIPT}:{TWICE_FIRST_LINE} in twice()"
        over = await call(debug, "debug_step", mode="over")
        assert over["at"] == f"{SCRIPT}:{TWICE_FIRST_LINE + 1} in twice()"
        inner = await call(debug, "debug_state")
        assert inner["frames"][0]["locals"]["result"] == 84
        assert [frame["function"] for frame in inner["frames"]] == ["twice", "_ready"]
        out = await call(debug, "debug_step", mode="out")
        assert out["at"] == f"{SCRIPT}:{CALL_LINE + 1} in _ready()"  # back in the caller, past the call

        resumed = await call(debug, "debug_continue")
        assert resumed["paused"] is False
        await call(debug, "runtime_get_tree", max_depth=1)
    finally:
        await call(debug, "debug_remove_breakpoint", file=SCRIPT, line=CALL_LINE)
        await call(debug, "game_stop")
    assert (await call(debug, "debug_list_breakpoints"))["breakpoints"] == []


async def test_a_breakpoint_on_a_line_without_code_is_refused_with_a_line_that_has_some(
    debug: Client,
) -> None:
    refused = await debug.call_tool("debug_set_breakpoint", {"file": SCRIPT, "line": 2})
    assert failure(refused)["code"] == ErrorCode.INVALID_PARAMS
    assert "line 3" in failure(refused)["hint"]
    missing = await debug.call_tool("debug_remove_breakpoint", {"file": SCRIPT, "line": CALL_LINE})
    assert failure(missing)["code"] == ErrorCode.NOT_FOUND


GAME_STATE = "res://autoload/game_state.gd"


async def test_a_game_stopped_before_its_runtime_tools_listen_is_reported_by_game_start(
    debug: Client, engine_editor: EngineEditor
) -> None:
    """GameState loads before the runtime server's autoload: a breakpoint in its _ready stops the
    game before the tools can reach it, and game_start says so instead of waiting out its timeout."""
    original = (engine_editor.project / "autoload" / "game_state.gd").read_text("utf-8")
    ready = '\n\nfunc _ready() -> void:\n\tvar started: bool = true\n\tprint("ready ", started)\n'
    with_ready = original + ready
    line = with_ready.splitlines().index("\tvar started: bool = true") + 1
    await call(debug, "file_write", path=GAME_STATE, content=with_ready)
    await call(debug, "debug_set_breakpoint", file=GAME_STATE, line=line)
    try:
        refused = await debug.call_tool("game_start", {})
        assert failure(refused)["code"] == ErrorCode.GAME_PAUSED_IN_DEBUGGER
        state = await stopped_state(debug)
        assert state["at"] == f"{GAME_STATE}:{line} in _ready()"
    finally:
        await call(debug, "debug_remove_breakpoint", file=GAME_STATE, line=line)
        await debug.call_tool("game_stop", {})
        await call(debug, "file_write", path=GAME_STATE, content=original)
    assert (await call(debug, "game_status"))["running"] is False
