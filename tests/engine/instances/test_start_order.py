"""The server may start before the editor, and the editor may restart: a call before any editor gets
EDITOR_NOT_RUNNING with a hint, and the client sees the editor's tools come, go and come back, each
time told by tools/list_changed."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from godot_live_mcp.instances.launcher import EditorProcess
from tests.engine.harness import EngineEditor, copy_demo_project, start_editor
from tests.engine.instances._serving import WatchedServer, watched_server
from tests.mcp_results import failure, structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

EDITOR_TOOL = "editor_get_info"


def has_editor_tools(names: set[str]) -> bool:
    return EDITOR_TOOL in names


def lacks_editor_tools(names: set[str]) -> bool:
    return EDITOR_TOOL not in names


async def started(server: WatchedServer, project: Path, log: Path, logs: list[Path]) -> EditorProcess:
    editor = start_editor(project, server.env, log, logs)
    await editor.wait_ready(120)
    return editor


async def test_tools_come_go_and_come_back_with_the_editor(
    engine_editor: EngineEditor, tmp_path: Path, editor_logs: list[Path]
) -> None:
    project = copy_demo_project(tmp_path / "project")
    async with watched_server(engine_editor, tmp_path, "--project", str(project), "--no-launch") as server:
        before = await server.names()
        refused = failure(await server.client.call_tool(EDITOR_TOOL, {}))

        told = [len(server.heard)]
        first = await started(server, project, tmp_path / "editor-1.log", editor_logs)
        try:
            await server.until(has_editor_tools)
            told.append(len(server.heard))
            first_info = structured(await server.client.call_tool(EDITOR_TOOL, {}))
        finally:
            first.stop()
        await server.until(lacks_editor_tools)
        told.append(len(server.heard))
        while_gone = failure(await server.client.call_tool(EDITOR_TOOL, {}))

        second = await started(server, project, tmp_path / "editor-2.log", editor_logs)
        try:
            await server.until(has_editor_tools)
            told.append(len(server.heard))
            second_info = structured(await server.client.call_tool(EDITOR_TOOL, {}))
        finally:
            second.stop()

    assert EDITOR_TOOL not in before
    assert {"discover_tools", "run_tool"} <= before
    assert refused["code"] == "EDITOR_NOT_RUNNING"
    assert f"No live Godot editor for {project}" in refused["message"]
    assert "Open the project in Godot" in refused["hint"]
    # Each change was announced (the tools were not only found by listing again).
    assert all(later > earlier for earlier, later in itertools.pairwise(told)), told
    assert first_info["editor_pid"] == first.pid
    assert while_gone["code"] == "EDITOR_DISCONNECTED"
    assert second_info["editor_pid"] == second.pid
