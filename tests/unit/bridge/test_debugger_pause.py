"""Runtime calls while the editor's debugger holds the game: refused at once, or cut short when the
game stops while they wait; the call's own errors pass through as they are."""

from __future__ import annotations

import time

import anyio
import pytest

from godot_live_mcp.bridge.debugger_pause import DEBUGGER_CHANGED, DebuggerPause
from godot_live_mcp.bridge.jsonrpc import JsonObject, Notification
from godot_live_mcp.contract import ErrorCode, ToolError

pytestmark = pytest.mark.anyio

STOP: JsonObject = {
    "paused": True,
    "at": "res://level.gd:12 in _ready()",
    "reason": "error",
    "error": "Null instance.",
}


async def answer() -> str:
    return "answered"


async def test_a_call_while_the_game_is_stopped_fails_at_once_naming_where_and_how_to_go_on() -> None:
    pause = DebuggerPause()
    pause.on_notification(Notification(DEBUGGER_CHANGED, STOP))
    with pytest.raises(ToolError) as refused:
        await pause.unless_paused("runtime.get_tree", answer)
    assert refused.value.code == ErrorCode.GAME_PAUSED_IN_DEBUGGER
    assert "res://level.gd:12 in _ready()" in refused.value.message
    assert "Null instance." in refused.value.message
    assert "debug_continue" in refused.value.hint


async def test_a_call_waiting_on_the_game_is_cut_short_when_it_stops() -> None:
    pause = DebuggerPause()

    async def never_answers() -> str:
        await anyio.sleep(30)
        return "late"

    async def stop_soon() -> None:
        await anyio.sleep(0.05)
        pause.note(STOP)

    cut: list[ToolError] = []

    async def waiting_call() -> None:
        try:
            await pause.unless_paused("runtime.step", never_answers)
        except ToolError as error:
            cut.append(error)

    began = time.monotonic()
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(stop_soon)
        tasks.start_soon(waiting_call)
    assert [error.code for error in cut] == [ErrorCode.GAME_PAUSED_IN_DEBUGGER]
    assert time.monotonic() - began < 5


async def test_once_the_game_runs_again_calls_go_through_and_their_own_errors_pass_as_they_are() -> None:
    pause = DebuggerPause()
    pause.note(STOP)
    pause.note({"paused": False})
    assert await pause.unless_paused("runtime.get_tree", answer) == "answered"

    async def fails() -> str:
        raise ToolError(ErrorCode.GAME_NOT_RUNNING, "No game is running.")

    with pytest.raises(ToolError) as failure:
        await pause.unless_paused("runtime.get_tree", fails)
    assert failure.value.code == ErrorCode.GAME_NOT_RUNNING


async def test_other_notices_leave_the_state_alone() -> None:
    pause = DebuggerPause()
    pause.on_notification(Notification("catalog.changed", {"paused": True}))
    assert not pause.paused
