"""The real path: the official MCP client, ``godot-live-mcp serve`` over stdio, a live headless editor."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import anyio
import mcp_types as types
import pytest
from mcp.client import Client

from godot_live_mcp.contract import ErrorCode
from godot_live_mcp.instances.registry import same_path_key
from tests.engine.harness import EngineEditor, copy_demo_project, mcp_client, start_editor
from tests.mcp_results import failure, structured
from tests.mcp_results import text_of as text

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FIRST_TOOLS = {"editor_get_info", "scene_get_tree", "classdb_get_class", "project_get_info"}
SERVER_TOOLS = ("discover_tools", "run_tool")  # listed in read-only mode too (tests/engine/surface/)


async def test_tools_are_listed_with_annotations_and_list_changed(engine_editor: EngineEditor) -> None:
    async with mcp_client(engine_editor) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
        capabilities = client.server_capabilities
    assert set(tools) >= FIRST_TOOLS
    for name in FIRST_TOOLS:
        annotations = tools[name].annotations
        assert annotations is not None
        assert annotations.read_only_hint is True
        assert annotations.open_world_hint is False
    assert capabilities.tools is not None
    assert capabilities.tools.list_changed is True


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_editor_get_info_describes_the_live_editor(engine_editor: EngineEditor, mode: str) -> None:
    async with mcp_client(engine_editor, mode=mode) as client:
        info = structured(await client.call_tool("editor_get_info", {}))
    assert info["headless"] is True
    assert info["godot_version"].startswith("4.")
    assert same_path_key(Path(info["project_path"])) == same_path_key(engine_editor.project)
    assert info["project_name"] == "Demo Platformer"


async def test_scene_get_tree_lists_the_open_level(engine_editor: EngineEditor) -> None:
    async with mcp_client(engine_editor) as client:
        tree = structured(await client.call_tool("scene_get_tree", {"max_depth": 1, "detail": "full"}))
    nodes = {node["path"]: node for node in tree["nodes"]}
    assert nodes["."]["type"] == "Node2D"
    assert nodes["Player"]["type"] == "CharacterBody2D"
    assert all(node["depth"] <= 1 for node in tree["nodes"])


async def test_classdb_get_class_gives_inheritance_and_members(engine_editor: EngineEditor) -> None:
    async with mcp_client(engine_editor) as client:
        info = structured(await client.call_tool("classdb_get_class", {"class_name": "CharacterBody2D"}))
    assert info["inherits"][:2] == ["PhysicsBody2D", "CollisionObject2D"]
    assert "move_and_slide" in {method["name"] for method in info["methods"]}


async def test_project_get_info_reads_the_project_settings(engine_editor: EngineEditor) -> None:
    async with mcp_client(engine_editor) as client:
        info = structured(await client.call_tool("project_get_info", {}))
    assert info["name"] == "Demo Platformer"
    assert info["main_scene"] == "res://scenes/level.tscn"


async def test_missing_or_mistyped_arguments_are_refused_by_the_server(engine_editor: EngineEditor) -> None:
    async with mcp_client(engine_editor) as client:
        missing = await client.call_tool("classdb_get_class", {})
        mistyped = await client.call_tool("scene_get_tree", {"max_depth": "two"})
        lenient = await client.call_tool("classdb_get_class", {"class_name": "Node"})
    for result in (missing, mistyped):
        assert failure(result)["code"] == ErrorCode.INVALID_PARAMS
    # These texts come from the server's own validator (JSON pointer, expected type, what to pass).
    assert "/class_name is required" in text(missing)
    assert "Pass class_name (" in text(missing)
    assert '/max_depth must be integer, got string "two"' in text(mistyped)
    assert not lenient.is_error


@pytest.mark.parametrize(("args", "env"), [(("--read-only",), {}), ((), {"GODOT_MCP_READ_ONLY": "1"})])
async def test_read_only_mode_lists_only_read_only_tools_and_refuses_the_rest(
    engine_editor: EngineEditor, args: tuple[str, ...], env: dict[str, str]
) -> None:
    async with mcp_client(engine_editor) as client:
        everything = [tool for tool in (await client.list_tools()).tools if tool.name not in SERVER_TOOLS]
    async with mcp_client(engine_editor, *args, env=env) as client:
        listed = [tool.name for tool in (await client.list_tools()).tools if tool.name not in SERVER_TOOLS]
        mutating = [
            tool.name for tool in everything if not (tool.annotations and tool.annotations.read_only_hint)
        ]
        refused = [await client.call_tool(name, {}) for name in mutating[:1]]
        still_allowed = await client.call_tool("editor_get_info", {})
    read_only = [tool.name for tool in everything if tool.annotations and tool.annotations.read_only_hint]
    assert listed == read_only
    assert not still_allowed.is_error
    if not mutating:
        pytest.skip(
            "the editor publishes no mutating command yet: refusal by name is covered by the unit tests"
        )
    assert failure(refused[0])["message"].startswith(mutating[0])


async def first_result(client: Client, want_error: bool, deadline_s: float) -> types.CallToolResult:
    """Call editor_get_info until it fails (or succeeds); each call is itself bounded by the server."""
    with anyio.fail_after(deadline_s):
        while True:
            result = await client.call_tool("editor_get_info", {})
            if result.is_error == want_error:
                return result
            await anyio.sleep(0.05)  # pacing only: the outcome is checked, not assumed


async def test_a_killed_editor_fails_calls_fast_then_the_server_recovers(
    engine_editor: EngineEditor, tmp_path: Path, editor_logs: list[Path]
) -> None:
    project = copy_demo_project(tmp_path / "second_project")
    editor = start_editor(project, engine_editor.env, tmp_path / "second-editor.log", editor_logs)
    try:
        await editor.wait_ready(120)
        async with mcp_client(engine_editor, project=project) as client:
            assert not (await client.call_tool("editor_get_info", {})).is_error
            os.kill(editor.pid, signal.SIGKILL)
            failed = await first_result(client, want_error=True, deadline_s=10)
            began = time.monotonic()
            again = await client.call_tool("editor_get_info", {})
            fail_fast_s = time.monotonic() - began
            editor.stop()  # reaps the killed process
            editor = start_editor(project, engine_editor.env, tmp_path / "third-editor.log", editor_logs)
            await editor.wait_ready(120)
            recovered = await first_result(client, want_error=False, deadline_s=30)
    finally:
        editor.stop()
    assert text(failed).startswith("EDITOR_DISCONNECTED:")
    assert text(again).startswith("EDITOR_DISCONNECTED:")
    assert fail_fast_s < 1.0
    assert structured(recovered)["editor_pid"] == editor.pid


async def test_serve_relaunches_the_editor_it_launched_and_stops_it_on_exit(
    engine_editor: EngineEditor, tmp_path: Path, editor_logs: list[Path]
) -> None:
    project = copy_demo_project(tmp_path / "launched_project")
    state = tmp_path / "state"  # the launched editors log under $XDG_STATE_HOME/godot-live-mcp/log
    async with mcp_client(
        engine_editor, "--launch", project=project, env={"XDG_STATE_HOME": str(state)}
    ) as client:
        first_pid = structured(await client.call_tool("editor_get_info", {}))["editor_pid"]
        os.kill(first_pid, signal.SIGKILL)
        assert text(await first_result(client, want_error=True, deadline_s=10)).startswith(
            "EDITOR_DISCONNECTED:"
        )
        second_pid = structured(await first_result(client, want_error=False, deadline_s=60))["editor_pid"]
    editor_logs.extend(sorted((state / "godot-live-mcp" / "log").glob("*.log")))
    assert second_pid != first_pid
    assert not _alive(second_pid)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
