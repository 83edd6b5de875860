"""Regression (issue 24): ``debug_step`` answered ``reason: breakpoint`` after a plain step, and a game
stopped on an error (``can_step`` false) still got the hint "debug_step steps a line". A step now
answers ``reason: step``, and the hints of an error stop leave debug_step out."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from mcp.client import Client

from godot_live_mcp.contract import ErrorCode
from tests.engine.authoring._helpers import call
from tests.engine.harness import expect_editor_error
from tests.mcp_results import failure

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

SCRIPT = "res://debug_step_reason/steps.gd"
SCENE = "res://debug_step_reason/steps.tscn"
SOURCE = """extends Node2D


func _ready() -> void:
	var answer: int = 42
	var missing: Node = null
	missing.queue_free()
	print("after the error ", answer)
"""
FIRST_LINE = 5  # var answer: int = 42
ERROR_LINE = 7  # missing.queue_free()
SCENE_TEXT = (
    f'[gd_scene format=3]\n\n[ext_resource type="Script" path="{SCRIPT}" id="1"]\n\n'
    '[node name="Steps" type="Node2D"]\nscript = ExtResource("1")\n'
)


async def stopped_state(client: Client) -> dict[str, Any]:
    with anyio.fail_after(20.0):
        while True:
            state = await call(client, "debug_state", {"detail": "brief"})
            if state["paused"] and "at" in state:
                return state
            await anyio.sleep(0.05)  # pacing only: the state is read, not assumed


async def test_a_step_says_step_and_an_error_stop_offers_no_step(tools: Client) -> None:
    await call(tools, "file_write", {"path": SCRIPT, "content": SOURCE})
    await call(tools, "file_write", {"path": SCENE, "content": SCENE_TEXT})
    await call(tools, "debug_set_breakpoint", {"file": SCRIPT, "line": FIRST_LINE})
    expect_editor_error(r"Cannot call method 'queue_free' on a null value")
    await call(tools, "game_start", {"scene": SCENE, "break_on_error": True})
    try:
        assert (await stopped_state(tools))["reason"] == "breakpoint"

        stepped = await call(tools, "debug_step", {"mode": "over"})
        assert (stepped["reason"], stepped["at"]) == ("step", f"{SCRIPT}:{FIRST_LINE + 1} in _ready()")
        await call(tools, "debug_step", {"mode": "over"})
        broke = await call(tools, "debug_step", {"mode": "over"})
        assert (broke["reason"], broke["can_step"]) == ("error", False), broke

        state = await call(tools, "debug_state", {"detail": "brief"})
        assert "debug_step" not in state["hint"], state
        assert "debug_continue" in state["hint"], state
        refused = failure(await tools.call_tool("runtime_get_tree", {}))
        assert refused["code"] == ErrorCode.GAME_PAUSED_IN_DEBUGGER
        assert "debug_step" not in refused["hint"], refused
        assert "debug_continue" in refused["hint"], refused
    finally:
        await call(tools, "debug_remove_breakpoint", {"file": SCRIPT, "line": FIRST_LINE})
        await tools.call_tool("game_stop", {})
