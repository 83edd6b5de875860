"""editor.undo, editor.redo and editor.get_history on the real editor: scene and global histories."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails, redo, scratch_for, undo
from tests.engine.authoring._scenes import add, close_quietly, tree
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


@pytest.fixture
async def settings(tools: Client, request: pytest.FixtureRequest) -> AsyncIterator[list[str]]:
    """Three new project settings of the test's own, set one after the other (three global MCP actions)."""
    prefix = "mcp_tests/" + re.sub(r"[^a-z0-9_]", "_", request.node.name.lower())[:40] + "/"
    names = [prefix + key for key in ("a", "b", "c")]
    for index, name in enumerate(names):
        await call(tools, "project_set_setting", {"name": name, "value": index})
    yield names
    for name in names:
        await tools.call_tool("project_set_setting", {"name": name, "value": None})


async def test_history_lists_the_newest_first_with_mcp_actions_marked(
    tools: Client, settings: list[str]
) -> None:
    page = await call(tools, "editor_get_history", {"history": "global", "limit": 2})
    assert [action["name"] for action in page["actions"]] == [
        f"MCP: Set project setting '{settings[2]}'",
        f"MCP: Set project setting '{settings[1]}'",
    ]
    assert all(action["by_mcp"] and action["applied"] for action in page["actions"])
    assert (page["history"], page["scene"], page["has_more"], page["next_offset"]) == ("global", "", True, 2)
    assert page["current"] == page["actions"][0]["index"]
    older = await call(tools, "editor_get_history", {"history": "global", "offset": 2, "limit": 1})
    assert older["actions"][0]["name"] == f"MCP: Set project setting '{settings[0]}'"


async def test_undo_and_redo_move_the_current_position(tools: Client, settings: list[str]) -> None:
    assert await undo(tools) == f"MCP: Set project setting '{settings[2]}'"
    page = await call(tools, "editor_get_history", {"history": "global", "limit": 2})
    assert [action["applied"] for action in page["actions"]] == [False, True]
    assert page["current"] == page["actions"][1]["index"]
    await call_fails(tools, "project_get_setting", {"name": settings[2]}, "NOT_FOUND")
    assert await redo(tools) == f"MCP: Set project setting '{settings[2]}'"
    assert (await call(tools, "project_get_setting", {"name": settings[2]}))["value"] == 2


async def test_a_fresh_scene_has_nothing_to_undo_or_redo(tools: Client, scene: str) -> None:
    history = await call(tools, "editor_get_history", {"scene": scene})
    assert (history["history"], history["scene"], history["total_actions"]) == ("scene", scene, 0)
    refused = await call_fails(tools, "editor_undo", {"scene": scene}, "NOTHING_TO_UNDO")
    assert "editor_get_history" in refused["hint"]
    await call_fails(tools, "editor_redo", {"scene": scene}, "NOTHING_TO_UNDO")


async def test_a_scene_that_is_not_open_is_refused(tools: Client) -> None:
    for tool in ("editor_undo", "editor_redo", "editor_get_history"):
        await call_fails(tools, tool, {"scene": "res://tests_tmp/never_opened.tscn"}, "NOT_FOUND")


async def test_undo_in_a_background_tab_steps_that_scene_and_keeps_the_active_tab(
    tools: Client, scene: str, request: pytest.FixtureRequest, engine_editor: EngineEditor
) -> None:
    await add(tools, scene, "Node2D", "Crate")
    front = scratch_for(request, engine_editor.project).path("front.tscn")
    await call(tools, "scene_create", {"path": front, "if_exists": "replace"})
    try:
        assert await undo(tools, "scene", scene) == "MCP: create Crate"
        assert await tree(tools, scene) == [(".", "Node2D")]
        assert (await call(tools, "scene_get_current", {}))["scene"] == front
        assert await redo(tools, "scene", scene) == "MCP: create Crate"
        assert await tree(tools, scene) == [(".", "Node2D"), ("Crate", "Node2D")]
        assert (await call(tools, "scene_get_current", {}))["scene"] == front
    finally:
        await close_quietly(tools, front)
