"""autoload.* on the real editor: registered in project.godot, in load order, undone and redone."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, redo, scratch_for, undo
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


@pytest.fixture
async def scratch(
    tools: Client, request: pytest.FixtureRequest, engine_editor: EngineEditor
) -> AsyncIterator[Scratch]:
    """The test's folder with a Node script (service.gd) and a Resource script (data.gd); the autoloads the
    test may add (Mcp<Something>) are removed afterwards."""
    folder = scratch_for(request, engine_editor.project)
    await call(tools, "script_write", {"path": folder.path("service.gd"), "content": "extends Node\n"})
    await call(tools, "script_write", {"path": folder.path("data.gd"), "content": "extends Resource\n"})
    yield folder
    for entry in (await call(tools, "autoload_list", {}))["autoloads"]:
        if entry["name"].startswith("Mcp"):
            await tools.call_tool("autoload_remove", {"name": entry["name"]})


async def names(client: Client) -> list[str]:
    return [entry["name"] for entry in (await call(client, "autoload_list", {}))["autoloads"]]


def saved_line(engine_editor: EngineEditor, name: str) -> str:
    """The autoload's line in project.godot on disk ('' when absent)."""
    text = (engine_editor.project / "project.godot").read_text("utf-8")
    match = re.search(rf"^{name}=.*$", text, re.MULTILINE)
    return match.group(0) if match else ""


async def test_list_gives_the_demo_autoloads_in_load_order(tools: Client) -> None:
    listed = await call(tools, "autoload_list", {})
    first = listed["autoloads"][0]
    assert (first["name"], first["path"], first["singleton"]) == (
        "GameState",
        "res://autoload/game_state.gd",
        True,
    )
    orders = [entry["order"] for entry in listed["autoloads"]]
    assert orders == sorted(orders)


async def test_add_registers_a_script_and_is_undoable(
    tools: Client, scratch: Scratch, engine_editor: EngineEditor
) -> None:
    path = scratch.path("service.gd")
    added = await call(tools, "autoload_add", {"name": "McpService", "path": path})
    assert (added["status"], added["path"], added["singleton"]) == ("created", path, True)
    assert saved_line(engine_editor, "McpService") == f'McpService="*{path}"'
    assert await undo(tools) == "MCP: Add autoload 'McpService'"
    assert "McpService" not in await names(tools)
    assert saved_line(engine_editor, "McpService") == ""
    assert await redo(tools) == "MCP: Add autoload 'McpService'"
    assert (await names(tools))[-1] == "McpService"


async def test_add_without_singleton_and_again_follows_if_exists(
    tools: Client, scratch: Scratch, engine_editor: EngineEditor
) -> None:
    path = scratch.path("service.gd")
    plain = await call(tools, "autoload_add", {"name": "McpPlain", "path": path, "singleton": False})
    assert saved_line(engine_editor, "McpPlain") == f'McpPlain="{path}"'  # no "*": no global variable
    kept = await call(tools, "autoload_add", {"name": "McpPlain", "path": path})
    await call_fails(
        tools, "autoload_add", {"name": "McpPlain", "path": path, "if_exists": "fail"}, "ALREADY_EXISTS"
    )
    replaced = await call(tools, "autoload_add", {"name": "McpPlain", "path": path, "if_exists": "replace"})
    assert saved_line(engine_editor, "McpPlain") == f'McpPlain="*{path}"'
    assert (plain["singleton"], kept["status"], kept["singleton"]) == (False, "returned", False)
    assert (replaced["status"], replaced["singleton"], replaced["order"]) == (
        "replaced",
        True,
        plain["order"],
    )


@pytest.mark.parametrize(
    ("arguments", "code", "in_message"),
    [
        ({"name": "Node"}, "INVALID_PARAMS", "engine class"),
        ({"name": "Player"}, "INVALID_PARAMS", "class_name"),
        ({"name": "Vector2"}, "INVALID_PARAMS", "built-in type"),
        ({"name": "2Fast"}, "INVALID_PARAMS", "identifier"),
        ({"name": "McpData", "path": "data.gd"}, "INVALID_PARAMS", "extends Resource"),
        ({"name": "McpGone", "path": "gone.gd"}, "NOT_FOUND", "no file"),
        ({"name": "McpOut", "path": "res://../outside.gd"}, "PATH_DENIED", ".."),
        ({"name": "McpAddon", "path": "res://addons/godot_live_mcp/plugin.gd"}, "PATH_DENIED", "addon"),
    ],
)
async def test_add_refuses_bad_names_and_paths(
    tools: Client, scratch: Scratch, arguments: dict[str, Any], code: str, in_message: str
) -> None:
    path = str(arguments.get("path", "service.gd"))
    full = path if path.startswith("res://") else scratch.path(path)
    refused = await call_fails(tools, "autoload_add", {**arguments, "path": full}, code)
    assert in_message in refused["message"]
    assert arguments["name"] not in await names(tools)


async def test_remove_unregisters_and_undo_restores_the_load_order(
    tools: Client, scratch: Scratch, engine_editor: EngineEditor
) -> None:
    path = scratch.path("service.gd")
    await call(tools, "autoload_add", {"name": "McpFirst", "path": path})
    await call(tools, "autoload_add", {"name": "McpSecond", "path": path})
    before = await names(tools)
    removed = await call(tools, "autoload_remove", {"name": "McpFirst"})
    assert (removed["removed"], removed["path"]) == (True, path)
    assert saved_line(engine_editor, "McpFirst") == ""
    assert await undo(tools) == "MCP: Remove autoload 'McpFirst'"
    assert await names(tools) == before
    assert await redo(tools) == "MCP: Remove autoload 'McpFirst'"
    assert "McpFirst" not in await names(tools)


async def test_remove_refuses_unknown_names_and_the_addons_own_autoload(tools: Client) -> None:
    missing = await call_fails(tools, "autoload_remove", {"name": "McpNoSuch"}, "NOT_FOUND")
    assert "autoload_list" in missing["hint"]
    await call_fails(tools, "autoload_remove", {"name": "MCPRuntimeServer"}, "PATH_DENIED")
    assert "MCPRuntimeServer" in await names(tools)
