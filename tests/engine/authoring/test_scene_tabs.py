"""Edits land in the scene they aim at, whichever tab is active between two calls."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, scratch_for
from tests.engine.authoring._scenes import add, close_quietly, tree, value, vector2
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


@pytest.fixture
def scratch(request: pytest.FixtureRequest, engine_editor: EngineEditor) -> Scratch:
    return scratch_for(request, engine_editor.project)


async def active(client: Client) -> str:
    return str((await call(client, "scene_get_current", {}))["scene"])


async def names(client: Client, scene: str) -> list[str]:
    return [path for path, _ in await tree(client, scene)]


async def newest_action(client: Client, scene: str) -> str:
    """The newest entry of a scene's undo history (read while that scene is the active tab)."""
    history = await call(client, "editor_get_history", {"scene": scene, "limit": 1})
    return str(history["actions"][0]["name"])


async def test_edits_land_in_the_scene_they_name_or_in_the_active_one(
    tools: Client, scratch: Scratch
) -> None:
    first, second = scratch.path("first.tscn"), scratch.path("second.tscn")
    await call(tools, "scene_create", {"path": first})
    await call(tools, "scene_create", {"path": second})
    try:
        aimed = await call(
            tools, "node_create", {"scene": first, "class_name": "Node2D", "name": "AimedAtFirst"}
        )
        assert await active(tools) == second  # the edit did not leave the tab switched
        plain = await call(tools, "node_create", {"class_name": "Node2D", "name": "OnActiveSecond"})
        await call(tools, "scene_open", {"path": first})  # the user (or another client) switches tabs
        switched = await call(tools, "node_create", {"class_name": "Node2D", "name": "OnActiveFirst"})
        moved = await call(
            tools,
            "node_set_property",
            {"scene": second, "node_path": "OnActiveSecond", "property": "position", "value": vector2(6, 7)},
        )
        assert await active(tools) == first
        assert (aimed["scene"], plain["scene"], switched["scene"], moved["scene"]) == (
            first,
            second,
            first,
            second,
        )
        assert await names(tools, first) == [".", "AimedAtFirst", "OnActiveFirst"]
        assert await names(tools, second) == [".", "OnActiveSecond"]
        assert await value(tools, second, "OnActiveSecond", "position") == vector2(6, 7)
        assert await newest_action(tools, first) == "MCP: create OnActiveFirst"
        await call(tools, "scene_open", {"path": second})
        assert await newest_action(tools, second) == "MCP: set position of OnActiveSecond"
    finally:
        await close_quietly(tools, first)
        await close_quietly(tools, second)


async def test_reads_of_another_scene_leave_the_active_tab_alone(tools: Client, scratch: Scratch) -> None:
    background, front = scratch.path("background.tscn"), scratch.path("front.tscn")
    await call(tools, "scene_create", {"path": background, "root_class": "Node3D"})
    await add(tools, background, "MeshInstance3D", "Mesh")
    await call(tools, "scene_create", {"path": front})
    try:
        read = await call(
            tools, "node_get", {"scene": background, "node_path": "Mesh", "names": ["transform"]}
        )
        listed = await call(
            tools, "node_list_properties", {"scene": background, "node_path": "Mesh", "limit": 1}
        )
        assert (read["scene"], read["type"], listed["scene"]) == (background, "MeshInstance3D", background)
        assert await active(tools) == front
    finally:
        await close_quietly(tools, background)
        await close_quietly(tools, front)
