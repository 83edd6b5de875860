"""Regression (issue 14): ``editor_execute`` and ``execute_code`` were offered by default with
``openWorldHint: false``, though they run OS commands, write anywhere and read every instance's token.
They are now open-world, off unless the person starts the server with ``--allow-execute`` (or sets
``allow_execute = true`` in the project's config file): unlisted, and refused by name with a hint."""

from __future__ import annotations

from pathlib import Path

import pytest

from godot_live_mcp.cli.serve_config import ServeConfig, config_path, load_serve_config
from godot_live_mcp.contract import ErrorCode
from godot_live_mcp.server.tool_policy import ALLOW_EXECUTE_FLAG, ToolPolicy
from tests.engine.harness import EngineEditor, mcp_client
from tests.mcp_results import failure, structured
from tests.unit.fakes.fake_editor import command
from tests.unit.fakes.serving import served

pytestmark = pytest.mark.anyio

OPEN_WORLD = {"read_only": False, "destructive": True, "open_world": True}
COMMANDS = [
    command("editor.get_info", group={"name": "editor"}),
    command("editor.execute", group={"name": "editor"}, annotations=OPEN_WORLD),
    command("execute.code", group={"name": "execute"}, annotations=OPEN_WORLD, channel="editor"),
]
EXECUTE_TOOLS = ["editor_execute", "execute_code"]
# The real catalogue has a third way to run code: evaluating in a game stopped in the debugger.
REAL_EXECUTE_TOOLS = [*EXECUTE_TOOLS, "debug_evaluate"]
POWERS = ("OS commands", "read and write any file", "instance's token", "--allow-execute")


async def test_without_the_opt_in_they_are_neither_listed_nor_discovered(tmp_path: Path) -> None:
    async with served(tmp_path, COMMANDS) as server:
        names = await server.names()
        groups = structured(await server.client.call_tool("discover_tools", {}))
    assert "editor_get_info" in names
    assert not set(EXECUTE_TOOLS) & set(names)
    assert "execute" not in [group["name"] for group in groups["groups"]]
    assert "editor_execute" not in str(groups)


@pytest.mark.parametrize("tool", EXECUTE_TOOLS)
@pytest.mark.parametrize("through_run_tool", [False, True])
async def test_without_the_opt_in_a_call_by_name_is_permission_denied(
    tmp_path: Path, tool: str, through_run_tool: bool
) -> None:
    arguments = {"code": "OS.execute('id', [])"}
    async with served(tmp_path, COMMANDS) as server:
        if through_run_tool:
            result = await server.client.call_tool("run_tool", {"name": tool, "arguments": arguments})
        else:
            result = await server.client.call_tool(tool, arguments)
        reached = server.editor.methods_received()
    refused = failure(result)
    assert refused["code"] == ErrorCode.PERMISSION_DENIED
    assert "operating-system commands" in refused["message"]
    assert ALLOW_EXECUTE_FLAG in refused["hint"]
    assert "allow_execute = true" in refused["hint"]
    assert reached == ["mcp.catalog"]


async def test_with_the_opt_in_they_are_listed_as_open_world_and_run(tmp_path: Path) -> None:
    async with served(tmp_path, COMMANDS, ToolPolicy(allow_execute=True)) as server:
        tools = {tool.name: tool for tool in (await server.client.list_tools()).tools}
        result = await server.client.call_tool("editor_execute", {"code": "1 + 1"})
    assert set(EXECUTE_TOOLS) <= set(tools)
    for name in EXECUTE_TOOLS:
        annotations = tools[name].annotations
        assert annotations is not None
        assert annotations.open_world_hint is True, name
    assert tools["editor_get_info"].annotations is not None
    assert tools["editor_get_info"].annotations.open_world_hint is False
    assert not result.is_error


async def test_read_only_mode_refuses_them_even_with_the_opt_in(tmp_path: Path) -> None:
    async with served(tmp_path, COMMANDS, ToolPolicy(read_only=True, allow_execute=True)) as server:
        names = await server.names()
        result = await server.client.call_tool("editor_execute", {"code": "1"})
    assert not set(EXECUTE_TOOLS) & set(names)
    assert failure(result)["code"] == ErrorCode.READ_ONLY_MODE


def test_the_project_config_file_can_opt_in(tmp_path: Path) -> None:
    path = config_path(tmp_path)
    path.parent.mkdir()
    path.write_text("[serve]\nallow_execute = true\n", "utf-8")
    assert load_serve_config(tmp_path) == ServeConfig(allow_execute=True)
    path.write_text("[serve]\nallow_execute = 'yes'\n", "utf-8")
    with pytest.raises(Exception, match="allow_execute must be true or false"):
        load_serve_config(tmp_path)


@pytest.mark.engine
async def test_the_real_execute_tools_are_open_world_say_so_and_are_off_by_default(
    engine_editor: EngineEditor,
) -> None:
    async with mcp_client(engine_editor, allow_execute=False) as client:
        listed = {tool.name for tool in (await client.list_tools()).tools}
        refused = failure(await client.call_tool("editor_execute", {"code": "OS.get_name()"}))
    async with mcp_client(engine_editor) as client:
        tools = {tool.name: tool for tool in (await client.list_tools()).tools}
    assert not set(REAL_EXECUTE_TOOLS) & listed
    assert refused["code"] == ErrorCode.PERMISSION_DENIED
    open_world = {
        name for name, tool in tools.items() if tool.annotations and tool.annotations.open_world_hint
    }
    assert open_world == set(REAL_EXECUTE_TOOLS)
    for name in REAL_EXECUTE_TOOLS:
        description = tools[name].description or ""
        for power in POWERS:
            assert power in description, (name, power)
