"""game_start, game_stop and game_status on the session's editor, and what the tools do without a game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.client import Client

from godot_live_mcp.bridge.peer_connection import connect_peer
from godot_live_mcp.contract import ErrorCode
from tests.engine.harness import EngineEditor, expect_editor_error
from tests.engine.runtime.conftest import call, error_code, error_text
from tests.mcp_results import failure

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def status_once_ended(client: Client, deadline_s: float = 15.0) -> dict[str, Any]:
    """game_status once it no longer reports a running game (a crash takes a moment to finish)."""
    with anyio.fail_after(deadline_s):
        while True:
            status = await call(client, "game_status")
            if not status["running"]:
                return status
            await anyio.sleep(0.1)  # pacing only: the outcome is checked, not assumed


async def test_runtime_tools_are_listed_without_a_game_and_answer_game_not_running(tools: Client) -> None:
    listed = {tool.name: tool for tool in (await tools.list_tools()).tools}
    assert {"runtime_get_tree", "runtime_step", "input_action_press", "signal_watch", "execute_code"} <= set(
        listed
    )
    meta = listed["runtime_get_tree"].meta or {}
    assert meta.get("godot-live-mcp/channel") == "runtime"
    result = await tools.call_tool("runtime_get_tree", {})
    assert error_code(result) == ErrorCode.GAME_NOT_RUNNING
    assert "game_start" in error_text(result)


async def test_status_without_a_game_says_not_running_and_stop_fails(tools: Client) -> None:
    status = await call(tools, "game_status")
    assert status["running"] is False
    assert error_code(await tools.call_tool("game_stop", {})) == ErrorCode.GAME_NOT_RUNNING


async def test_start_runs_the_game_headless_and_stop_ends_it(
    tools: Client, engine_editor: EngineEditor
) -> None:
    settings_before = (engine_editor.project / "project.godot").read_text("utf-8")
    started = await call(tools, "game_start")
    try:
        assert started["running"] is True
        game = started["game"]
        assert game["scene"] == "res://scenes/level.tscn"
        assert game["pid"] > 0
        assert game["runtime_port"] >= 6570
        info = await call(tools, "execute_code", code="DisplayServer.get_name()")
        assert info["value"] == "headless"
        again = await tools.call_tool("game_start", {})
        assert error_code(again) == "GAME_ALREADY_RUNNING"
    finally:
        stopped = await call(tools, "game_stop")
    assert stopped["running"] is False
    assert stopped["last_run"]["ended"] == "stopped"
    # A stop kills the game; the editor removes what the game could not withdraw itself.
    assert not list((engine_editor.registry / "entries").glob("*.runtime.*json"))
    assert not list((engine_editor.registry / "tokens").glob("*.runtime.*token"))
    # The headless run arguments lived in memory only.
    assert (engine_editor.project / "project.godot").read_text("utf-8") == settings_before
    assert "main_run_args" not in settings_before
    assert error_code(await tools.call_tool("runtime_get_tree", {})) == ErrorCode.GAME_NOT_RUNNING


async def test_start_refuses_a_scene_that_does_not_exist(tools: Client) -> None:
    result = await tools.call_tool("game_start", {"scene": "res://scenes/missing.tscn"})
    assert error_code(result) == ErrorCode.NOT_FOUND


async def test_a_crash_is_reported_with_its_last_log_lines_and_the_server_keeps_serving(
    tools: Client,
) -> None:
    expect_editor_error(r"on purpose from the runtime test|handle_crash|Program crashed|FATAL")
    await call(tools, "game_start")
    await call(tools, "execute_code", code='print("about to crash on purpose")\nreturn 1')
    crashed = await tools.call_tool("execute_code", {"code": 'OS.crash("on purpose from the runtime test")'})
    assert error_code(crashed) == ErrorCode.GAME_NOT_RUNNING
    assert "crashed while execute.code ran" in failure(crashed)["message"]
    assert "about to crash on purpose" in failure(crashed)["message"]
    last = (await status_once_ended(tools))["last_run"]
    assert last["ended"] == "crashed"
    assert any("about to crash on purpose" in line for line in last["last_log_lines"])
    assert not (await tools.call_tool("editor_get_info", {})).is_error
    restarted = await call(tools, "game_start")
    assert restarted["running"] is True
    await call(tools, "game_stop")


async def test_a_game_that_quits_by_itself_is_reported_as_exited(tools: Client) -> None:
    await call(tools, "game_start")
    await call(tools, "execute_code", code='print("quitting by itself")')
    await tools.call_tool("execute_code", {"code": "tree.quit()"})  # the answer may not make it out
    status = await status_once_ended(tools)
    assert status["last_run"]["ended"] == "exited"
    assert any("quitting by itself" in line for line in status["last_run"]["last_log_lines"])


def test_the_plugin_put_the_runtime_autoload_into_the_project(engine_editor: EngineEditor) -> None:
    source = Path(__file__).resolve().parents[3] / "examples" / "demo_project" / "project.godot"
    autoload = 'MCPRuntimeServer="*res://addons/godot_live_mcp/runtime/mcp_runtime_server.gd"'
    assert autoload not in source.read_text("utf-8")
    assert autoload in (engine_editor.project / "project.godot").read_text("utf-8")


async def test_the_editor_itself_answers_runtime_commands_with_runtime_only(
    engine_editor: EngineEditor,
) -> None:
    async with connect_peer(engine_editor.instance.endpoint) as editor:
        envelope = await editor.request("runtime.get_tree", {}, timeout_s=10)
    assert isinstance(envelope, dict)
    assert envelope["code"] == "RUNTIME_ONLY"
    assert "game_start" in str(envelope["hint"])
