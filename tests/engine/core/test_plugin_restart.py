"""Turning the plugin off disposes the editor's services: turned on again, it starts with a fresh
game session, log, save queue, breakpoints and main-loop guard (core/editor_services.gd)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest

from godot_live_mcp.bridge.jsonrpc import JsonValue
from godot_live_mcp.bridge.peer_connection import PeerConnection, connect_peer
from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.instances.launcher import EditorProcess
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from tests.engine.harness import copy_demo_project, start_editor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

SERVICES = 'preload("res://addons/godot_live_mcp/core/editor_services.gd").current()'
MARKER = "printed before the restart"
BREAKPOINT: dict[str, JsonValue] = {"file": "res://autoload/game_state.gd", "line": 11}
# After this request's answer: off and on again by the editor's own deferred calls. The main-loop
# guard is left held, as a save cut short would leave it: the old server then reads nothing more.
RESTART_HELD = f"""
{SERVICES}.main_loop.hold()
EditorInterface.set_plugin_enabled.call_deferred("godot_live_mcp", false)
EditorInterface.set_plugin_enabled.call_deferred("godot_live_mcp", true)
return true
"""
RESTARTED_WITHIN_S = 60.0


@pytest.fixture(scope="module")
def restartable(tmp_path_factory: pytest.TempPathFactory, editor_logs: list[Path]) -> Iterator[EditorProcess]:
    """A headless editor of its own: restarting the plugin changes its port and token."""
    workspace = tmp_path_factory.mktemp("restart")
    project = copy_demo_project(workspace / "demo_project")
    env = {REGISTRY_DIR_ENV: str(workspace / "registry")}
    with start_editor(project, env, workspace / "editor.log", editor_logs) as process:
        yield process


async def ask(peer: PeerConnection, method: str, params: dict[str, JsonValue], timeout_s: float = 30) -> Any:
    answer = await peer.request(method, params, timeout_s=timeout_s)
    assert isinstance(answer, dict), answer
    assert answer["success"] is True, answer
    return answer


async def run(peer: PeerConnection, code: str) -> Any:
    return (await ask(peer, "editor.execute", {"code": code, "mode": "body"}))["value"]


async def leave_state_behind(peer: PeerConnection) -> dict[str, Any]:
    """A finished game run, a printed line, a breakpoint and a queued save; then the restart."""
    # The game loads the project's imports, which a fresh copy gets once the editor is idle.
    await ask(peer, "editor.wait_for_idle", {"timeout_ms": 60_000}, timeout_s=70.0)
    await ask(peer, "game.start", {}, timeout_s=60.0)
    await ask(peer, "game.stop", {})
    await run(peer, f'print("{MARKER}")')
    await ask(peer, "debug.set_breakpoint", BREAKPOINT)
    state = {
        "status": await ask(peer, "game.status", {}),
        "log": await ask(peer, "editor.get_log", {"contains": MARKER}),
        "save": await run(peer, "return MCPToolkitSafeSceneOps.queue_save()"),
        "services": await run(peer, f"return {SERVICES}.get_instance_id()"),
    }
    await run(peer, RESTART_HELD)
    with anyio.fail_after(RESTARTED_WITHIN_S):
        await peer.wait_closed()
    return state


async def read_state(peer: PeerConnection, save_id: str) -> dict[str, Any]:
    return {
        "status": await ask(peer, "game.status", {}),
        "log": await ask(peer, "editor.get_log", {"contains": MARKER}),
        "save": await run(peer, f'return MCPToolkitSafeSceneOps.check_save("{save_id}")'),
        "breakpoints": (await ask(peer, "debug.list_breakpoints", {}))["breakpoints"],
        "services": await run(peer, f"return {SERVICES}.get_instance_id()"),
    }


async def test_a_restarted_plugin_keeps_nothing_of_its_previous_run(restartable: EditorProcess) -> None:
    first: EditorInstance = await restartable.wait_ready(120.0)
    async with connect_peer(first.endpoint) as peer:
        before = await leave_state_behind(peer)
    second: EditorInstance = await restartable.wait_ready(RESTARTED_WITHIN_S)
    async with connect_peer(second.endpoint) as peer:  # answers at all: the held guard went with the old run
        after = await read_state(peer, before["save"])

    assert "last_run" in before["status"]
    assert MARKER in before["log"]["log"]
    assert after["services"] != before["services"]
    assert "last_run" not in after["status"]
    assert after["status"]["running"] is False
    assert MARKER not in after["log"]["log"], "the new capture starts at the restart"
    assert after["save"] == {"done": False, "unknown": True}
    assert after["breakpoints"] == []
