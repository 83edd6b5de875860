"""Regression (issue 14): in read-only mode ``game_start`` saved another client's unsaved edit into
``scenes/level.tscn`` (playing saves the open scenes first), ``editor_wait_for_idle {scan: true}``
wrote import files, and ``game_stop`` was offered as read-only though it ends a game someone else may
be playing. Read-only now means nothing under the project changes except the engine's ``.godot/``
cache: those calls are refused (a read-only server may still stop the game it started itself)."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from mcp.client import Client

from godot_live_mcp.contract import ErrorCode
from godot_live_mcp.server.tool_policy import ToolPolicy
from tests.engine.harness import EngineEditor, mcp_client
from tests.mcp_results import failure, structured
from tests.unit.fakes.fake_editor import command
from tests.unit.fakes.serving import served

pytestmark = pytest.mark.anyio

# With the marks and side doors the addon declares on them (what the server's rules read).
COMMANDS = [
    command("scene.list_open"),
    command("game.start", group={"name": "game"}, marks=["saves_scenes", "starts_game"]),
    command("game.stop", read_only=False, group={"name": "game"}, marks=["stops_game"]),
    command(
        "editor.wait_for_idle",
        schema={"type": "object", "properties": {"scan": {"type": "boolean"}}},
        side_doors=["scan"],
    ),
]
READ_ONLY = ToolPolicy(read_only=True)


@pytest.fixture
def game_process() -> Iterator[subprocess.Popen[bytes]]:
    """A live process standing in for the game the fake editor reports."""
    process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    yield process
    process.kill()
    process.wait()


def open_scenes(unsaved: bool | None) -> Any:
    async def answer(params: dict[str, Any]) -> Any:
        scene = {"path": "res://scenes/level.tscn", "active": True, "unsaved": unsaved}
        return {"success": True, "scenes": [scene], "count": 1}

    return answer


@pytest.mark.parametrize("unsaved", [True, None])
async def test_read_only_game_start_refuses_while_a_scene_has_unsaved_edits(
    tmp_path: Path, unsaved: bool | None
) -> None:
    async with served(tmp_path, COMMANDS, READ_ONLY) as server:
        server.editor.handlers["scene.list_open"] = open_scenes(unsaved)
        refused = failure(await server.client.call_tool("game_start", {}))
        reached = server.editor.methods_received()
    assert refused["code"] == ErrorCode.READ_ONLY_MODE
    assert "res://scenes/level.tscn" in refused["message"]
    assert "scene_list_open" in refused["hint"]
    assert "game.start" not in reached


async def test_read_only_game_start_runs_when_everything_is_saved(tmp_path: Path) -> None:
    async with served(tmp_path, COMMANDS, READ_ONLY) as server:
        server.editor.handlers["scene.list_open"] = open_scenes(False)
        started = await server.client.call_tool("game_start", {})
    assert not started.is_error
    assert server.editor.methods_received()[-2:] == ["scene.list_open", "game.start"]


async def test_read_only_wait_for_idle_takes_no_scan(tmp_path: Path) -> None:
    async with served(tmp_path, COMMANDS, READ_ONLY) as server:
        refused = failure(await server.client.call_tool("editor_wait_for_idle", {"scan": True}))
        waited = await server.client.call_tool("editor_wait_for_idle", {"scan": False})
    assert refused["code"] == ErrorCode.READ_ONLY_MODE
    assert "without scan" in refused["hint"]
    assert not waited.is_error


async def test_read_only_game_stop_ends_only_the_game_this_server_started(
    tmp_path: Path, game_process: subprocess.Popen[bytes]
) -> None:
    async with served(tmp_path, COMMANDS, READ_ONLY) as server:
        server.editor.handlers["scene.list_open"] = open_scenes(False)
        listed = await server.names()
        someone_elses = failure(await server.client.call_tool("game_stop", {}))

        async def start(params: dict[str, Any]) -> Any:
            return {"success": True, "running": True, "game": {"pid": game_process.pid}}

        server.editor.handlers["game.start"] = start
        structured(await server.client.call_tool("game_start", {}))
        own = await server.client.call_tool("game_stop", {})
    assert "game_stop" not in listed
    assert someone_elses["code"] == ErrorCode.READ_ONLY_MODE
    assert "did not start" in someone_elses["message"]
    assert not own.is_error


def scene_digest(project: Path) -> str:
    return hashlib.sha256((project / "scenes" / "level.tscn").read_bytes()).hexdigest()


@pytest.mark.engine
async def test_a_read_only_server_leaves_the_real_project_as_it_was(
    engine_editor: EngineEditor, tools: Client
) -> None:
    before = scene_digest(engine_editor.project)
    edit = {"node_path": ".", "property": "position", "value": {"x": 5, "y": 5}}
    structured(await tools.call_tool("node_set_property", edit))  # another client's unsaved edit
    try:
        async with mcp_client(engine_editor, "--read-only") as read_only:
            refused = failure(await read_only.call_tool("game_start", {}))
            scan = failure(await read_only.call_tool("editor_wait_for_idle", {"scan": True}))
            status = structured(await read_only.call_tool("game_status", {}))
    finally:
        structured(await tools.call_tool("editor_undo", {}))
    assert (refused["code"], scan["code"]) == (ErrorCode.READ_ONLY_MODE, ErrorCode.READ_ONLY_MODE)
    assert status["running"] is False
    assert scene_digest(engine_editor.project) == before


@pytest.mark.engine
async def test_game_stop_is_not_published_as_read_only(engine_editor: EngineEditor, tools: Client) -> None:
    listed = {tool.name: tool for tool in (await tools.list_tools()).tools}
    annotations = listed["game_stop"].annotations
    async with mcp_client(engine_editor, "--read-only") as read_only:
        offered = {tool.name for tool in (await read_only.list_tools()).tools}
        refused = failure(await read_only.call_tool("game_stop", {}))
    assert annotations is not None
    assert (annotations.read_only_hint, annotations.idempotent_hint) == (False, True)
    assert "game_stop" not in offered
    assert "game_status" in offered
    assert refused["code"] == ErrorCode.READ_ONLY_MODE
    assert "did not start" in refused["message"]
