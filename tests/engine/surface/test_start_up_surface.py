"""The default start-up surface against the live editor: small, core tools only, everything reachable."""

from __future__ import annotations

import re

import anyio
import mcp_types as types
import pytest

from godot_live_mcp.cli.tools import fetch_catalog
from godot_live_mcp.contract import CONTRACT
from godot_live_mcp.server.instructions import MAX_INSTRUCTIONS
from godot_live_mcp.server.projection import tool_name
from godot_live_mcp.server.surface_size import measure, tokenizer
from tests.engine.harness import EngineEditor, mcp_client
from tests.mcp_results import failure, structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

DEFAULTS = ("--tools", "core", "--max-tools", "80")  # what `serve` does without flags or a config file
SERVER_TOOLS = {"discover_tools", "run_tool"}
CORE = {tool_name(command) for command in CONTRACT.core_tools}
TOKEN_BUDGET = 3000  # issue 23 (issue 10 set 4,000)


def builtin(tools: list[types.Tool]) -> list[types.Tool]:
    """The server's own tools and the editor's built-in ones (the test project's extensions aside)."""
    return [tool for tool in tools if (tool.meta or {}).get("godot-live-mcp/owner", "builtin") == "builtin"]


async def test_every_core_tool_is_published(engine_editor: EngineEditor) -> None:
    catalog = await fetch_catalog(engine_editor.instance)
    assert set(CONTRACT.core_tools) <= {spec.name for spec in catalog.commands}


async def test_the_default_start_up_list_is_the_core_within_the_token_budget(
    engine_editor: EngineEditor,
) -> None:
    async with mcp_client(engine_editor, *DEFAULTS) as client:
        listed = (await client.list_tools()).tools
    start_up = builtin(listed)
    assert {tool.name for tool in start_up} == SERVER_TOOLS | CORE
    counter = tokenizer()
    size = measure("core", start_up, counter.count)
    assert size.tokens <= TOKEN_BUDGET, f"{size} ({counter.name})"
    assert size.characters / 4 <= TOKEN_BUDGET, size


async def test_extension_commands_without_a_group_are_listed_from_the_start(
    engine_editor: EngineEditor,
) -> None:
    async with mcp_client(engine_editor, *DEFAULTS) as client:
        names = {tool.name for tool in (await client.list_tools()).tools}
    assert "harness_echo" in names  # the test extension declares no group: root level
    assert "signal_connect" not in names


async def test_the_instructions_are_short_and_name_only_live_tools(engine_editor: EngineEditor) -> None:
    async with mcp_client(engine_editor, *DEFAULTS) as client:
        instructions = client.instructions or ""
        every = {tool.name for tool in (await client.list_tools()).tools}
        catalogue = structured(await client.call_tool("discover_tools", {}))
    every |= {name for group in catalogue["groups"] for name in group["tools"]}
    groups = {group["name"] for group in catalogue["groups"]}
    assert 0 < len(instructions) <= MAX_INSTRUCTIONS
    named = set(re.findall(r"\b[a-z]+(?:_[a-z]+)+\b", instructions))
    assert named - every - groups == set()


async def test_run_tool_checks_the_arguments_of_a_tool_not_listed(engine_editor: EngineEditor) -> None:
    async with mcp_client(engine_editor, *DEFAULTS) as client:
        bad = failure(await client.call_tool("run_tool", {"name": "classdb_get_class", "arguments": {}}))
        good = await client.call_tool(
            "run_tool", {"name": "classdb_get_class", "arguments": {"class_name": "Node2D"}}
        )
        unknown = failure(await client.call_tool("run_tool", {"name": "classdb_get_clas"}))
    assert bad["code"] == "INVALID_PARAMS"
    assert "/class_name is required" in bad["message"]
    assert "CanvasItem" in str(structured(good))  # Node2D's ancestry
    assert unknown["code"] == "UNKNOWN_TOOL"
    assert unknown["hint"].startswith("Did you mean 'classdb_get_class'")


async def test_read_only_mode_lists_read_only_core_tools_and_run_tool_refuses_changes(
    engine_editor: EngineEditor,
) -> None:
    async with mcp_client(engine_editor, *DEFAULTS, "--read-only") as client:
        listed = builtin((await client.list_tools()).tools)
        refused = failure(
            await client.call_tool("run_tool", {"name": "node_delete", "arguments": {"node_path": "Player"}})
        )
        loaded = structured(await client.call_tool("discover_tools", {"request": "node"}))
    assert all(tool.annotations and tool.annotations.read_only_hint for tool in listed)
    assert {tool.name for tool in listed} < SERVER_TOOLS | CORE
    assert refused["code"] == "READ_ONLY_MODE"
    assert "node_delete" not in str(loaded)


def test_tools_count_reports_each_surface(engine_editor: EngineEditor) -> None:
    from godot_live_mcp.cli._tool_count import surface_sizes

    catalog = anyio.run(fetch_catalog, engine_editor.instance)
    name, sizes = surface_sizes(catalog)
    by_surface = {size.surface: size for size in sizes}
    assert list(by_surface) == ["core", "read-only", "all"]
    assert by_surface["core"].tools < by_surface["all"].tools
    assert by_surface["read-only"].tools <= by_surface["core"].tools
    assert name
