"""One server, two editors on two projects: each call goes to the editor its project argument names (by
path or by name), a call that does not say is refused with the choices listed, a session can choose its
default, and the project argument is offered only while more than one editor is live."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from godot_live_mcp.instances.launcher import EditorProcess
from godot_live_mcp.instances.project_file import read_config_text, with_value
from godot_live_mcp.regular_files import replace_text
from tests.engine.harness import EngineEditor, copy_demo_project, start_editor
from tests.engine.instances._serving import WatchedServer, watched_server
from tests.mcp_results import failure, structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

TOOL = "editor_get_info"


def renamed_copy(destination: Path, name: str) -> Path:
    project = copy_demo_project(destination)
    path = project / "project.godot"
    replace_text(path, with_value(read_config_text(path), "application", "config/name", f'"{name}"'))
    return project


async def takes_project(server: WatchedServer) -> bool:
    tools = {tool.name: tool for tool in (await server.client.list_tools(cache_mode="refresh")).tools}
    return TOOL in tools and "project" in tools[TOOL].input_schema.get("properties", {})


async def info(server: WatchedServer, **arguments: Any) -> dict[str, Any]:
    return structured(await server.client.call_tool(TOOL, arguments))


async def test_calls_are_routed_per_project(
    engine_editor: EngineEditor, tmp_path: Path, editor_logs: list[Path]
) -> None:
    first = renamed_copy(tmp_path / "first", "First Game")
    second = renamed_copy(tmp_path / "second", "Second Game")
    async with watched_server(engine_editor, tmp_path, "--no-launch") as server:
        editors: list[EditorProcess] = []
        try:
            for project in (first, second):
                editors.append(
                    start_editor(project, server.env, tmp_path / f"{project.name}.log", editor_logs)
                )
                await editors[-1].wait_ready(120)
            await server.until(lambda names: TOOL in names)
            heard = len(server.heard)
            while not await takes_project(server):
                await server.changes.receive()
            ambiguous = failure(await server.client.call_tool(TOOL, {}))
            by_path = await info(server, project=str(first))
            by_name = await info(server, project="second game")
            listed = structured(await server.client.call_tool("editor_list_instances", {}))
            chosen = structured(
                await server.client.call_tool("editor_select_instance", {"project": str(second)})
            )
            default_now = await info(server)
            unknown = failure(await server.client.call_tool(TOOL, {"project": "no such game"}))
            editors.pop().stop()
            while await takes_project(server):
                await server.changes.receive()
            only_one = await info(server)
        finally:
            for editor in editors:
                editor.stop()

    first_pid, second_pid = editors[0].pid, chosen["selected"]["pid"]
    assert len(server.heard) > heard  # the project argument came with a tools/list_changed
    assert ambiguous["code"] == "INSTANCE_AMBIGUOUS"
    assert str(first) in ambiguous["message"]
    assert str(second) in ambiguous["message"]
    assert "editor_select_instance" in ambiguous["hint"]
    assert (by_path["editor_pid"], by_path["project_name"]) == (first_pid, "First Game")
    assert by_name["project_name"] == "Second Game"
    assert by_name["editor_pid"] == second_pid != first_pid
    assert {item["project_path"] for item in listed["instances"]} == {str(first), str(second)}
    assert not any(item["default"] for item in listed["instances"])
    assert "editor_select_instance" in listed["note"]
    assert chosen["selected"]["project_name"] == "Second Game"
    assert default_now["editor_pid"] == second_pid
    assert unknown["code"] == "EDITOR_NOT_RUNNING"
    assert "First Game" in unknown["message"]
    assert only_one["editor_pid"] == first_pid
