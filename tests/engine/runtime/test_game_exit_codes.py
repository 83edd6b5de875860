"""game_status says how the game ended: the exit code of a game that quits with one, and the signal
of a game killed from outside."""

from __future__ import annotations

import json
import os
import signal

import anyio
import pytest
from mcp.client import Client

from tests.engine.runtime.conftest import call
from tests.engine.runtime.test_game_lifecycle import status_once_ended

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_a_game_that_quits_with_code_3_is_reported_as_exited_with_code_3(tools: Client) -> None:
    await call(tools, "game_start")
    await tools.call_tool("execute_code", {"code": "tree.quit(3)"})  # the answer may not make it out
    last = (await status_once_ended(tools))["last_run"]
    assert (last["ended"], last["exit_code"], last["how"]) == ("exited", 3, "exited with code 3")
    assert "signal" not in last


async def test_a_game_killed_from_outside_is_reported_as_killed_by_its_signal(tools: Client) -> None:
    started = await call(tools, "game_start")
    os.kill(started["game"]["pid"], signal.SIGKILL)
    last = (await status_once_ended(tools))["last_run"]
    assert (last["ended"], last["signal"]) == ("killed", signal.SIGKILL)
    assert last["how"] == "killed by signal 9 (SIGKILL)"
    assert "exit_code" not in last


# Kills the game inside one editor frame: after every node of lower process priority has run (the
# editor's exit watch among them) and before the debugger panel (priority 0), then holds that frame
# until the game is a zombie and the panel's connection is seen closed. That is the unlucky timing
# of a game dying while the editor is mid-frame, made certain: the panel then stops the session in
# this very frame, and the editor reacts to that by killing and reaping its game.
_KILL_IN_FRAME = """@tool
extends Node
var pid: int = 0
var session: EditorDebuggerSession = null
var outcome: String = ""

func _process(_delta: float) -> void:
	set_process(false)
	OS.execute("kill", PackedStringArray(["-9", str(pid)]))
	var deadline: int = Time.get_ticks_msec() + 5000
	while Time.get_ticks_msec() < deadline and (_state() != "Z" or session.is_active()):
		pass
	outcome = "zombie, session closed" if _state() == "Z" and not session.is_active() else "timed out"

func _state() -> String:
	var file: FileAccess = FileAccess.open("/proc/%d/stat" % pid, FileAccess.READ)
	var stat: String = file.get_line() if file != null else ""
	return stat.substr(stat.rfind(")") + 2, 1)
"""

_ARM_KILL = """var watcher := EditorDebuggerPlugin.new()
var host: EditorPlugin = root.find_children("*", "EditorPlugin", true, false)[0]
host.add_debugger_plugin(watcher)
var probe := GDScript.new()
probe.source_code = SOURCE
probe.reload()
var killer := Node.new()
killer.set_script(probe)
killer.name = "KillInFrame"
killer.process_priority = -1
killer.set("pid", PID)
for session in watcher.get_sessions():
	if session.is_active():
		killer.set("session", session)
killer.set_meta("watcher", watcher)
killer.set_meta("host", host)
root.add_child(killer)
return killer.get("session") != null"""

_DISARM_KILL = """var killer := root.get_node("KillInFrame")
var outcome: String = killer.get("outcome")
if outcome == "":
	return ""
(killer.get_meta("host") as EditorPlugin).remove_debugger_plugin(killer.get_meta("watcher"))
killer.free()
return outcome"""


async def test_a_game_killed_mid_frame_before_the_debugger_panel_runs_still_reports_its_signal(
    tools: Client,
) -> None:
    pid = (await call(tools, "game_start"))["game"]["pid"]
    arm = _ARM_KILL.replace("SOURCE", json.dumps(_KILL_IN_FRAME)).replace("PID", str(pid))
    assert (await call(tools, "editor_execute", code=arm, mode="body"))["value"] is True
    assert await killer_outcome(tools) == "zombie, session closed"
    last = (await status_once_ended(tools))["last_run"]
    assert (last["ended"], last.get("signal")) == ("killed", signal.SIGKILL)
    assert last["how"] == "killed by signal 9 (SIGKILL)"


async def killer_outcome(client: Client) -> str:
    """What the frame killer saw once it ran, then removed from the editor."""
    with anyio.fail_after(15):
        while True:
            outcome = (await call(client, "editor_execute", code=_DISARM_KILL, mode="body"))["value"]
            if outcome != "":
                return str(outcome)
            await anyio.sleep(0.05)  # pacing only: the killer's outcome is read, not assumed


# The "stopped" listeners of every debugger panel, in the order the panel calls them, with their flags;
# a listener that is not a method (a lambda) by its object's class.
_STOPPED_LISTENERS = """var out := []
for panel in root.find_children("*", "ScriptEditorDebugger", true, false):
	for connection in panel.get_signal_connection_list("stopped"):
		var listener: Callable = connection["callable"]
		var owner: Object = listener.get_object()
		out.append([owner.get_class() if owner != null else "", listener.get_method(), connection["flags"]])
return out"""

# A listener of the panel's "stopped" connected after the editor's own, deferred: its place and its
# flags must be as they were once the editor's exit watch has given the editor its listener back.
_CONNECT_LATE_LISTENER = """var panel: Node = root.find_children("*", "ScriptEditorDebugger", true, false)[0]
var late := Node.new()
late.name = "LateStoppedListener"
root.add_child(late)
panel.connect("stopped", late.get_class, CONNECT_DEFERRED)
return true"""

_DISCONNECT_LATE_LISTENER = """var late: Node = root.get_node("LateStoppedListener")
for panel in root.find_children("*", "ScriptEditorDebugger", true, false):
	if panel.is_connected("stopped", late.get_class):
		panel.disconnect("stopped", late.get_class)
late.free()
return true"""


async def test_a_watched_game_leaves_the_debugger_panel_listeners_in_their_order(tools: Client) -> None:
    assert (await call(tools, "editor_execute", code=_CONNECT_LATE_LISTENER, mode="body"))["value"] is True
    try:
        before = (await call(tools, "editor_execute", code=_STOPPED_LISTENERS, mode="body"))["value"]
        started = await call(tools, "game_start")
        os.kill(started["game"]["pid"], signal.SIGKILL)
        assert (await status_once_ended(tools))["last_run"]["ended"] == "killed"
        after = await listeners_once_given_back(tools)
    finally:
        await call(tools, "editor_execute", code=_DISCONNECT_LATE_LISTENER, mode="body")
    assert ["Node", "get_class", 1] in before  # CONNECT_DEFERRED
    assert after == before


async def listeners_once_given_back(client: Client) -> list[list[object]]:
    """The panels' listeners once the exit watch has given the editor's back: the game can be reported
    ended in the frame before it does."""
    with anyio.fail_after(15):
        while True:
            listeners = (await call(client, "editor_execute", code=_STOPPED_LISTENERS, mode="body"))["value"]
            if all(method != "_on_panel_stopped" for _, method, _ in listeners):
                return list(listeners)
            await anyio.sleep(0.05)  # pacing only: the listeners are read, not assumed
