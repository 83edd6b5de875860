"""scene.get_tree, scene.list_open and scene.get_current on the real editor."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.authoring._scenes import add

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_get_tree_filters_by_type_group_and_name(tools: Client, scene: str) -> None:
    await add(tools, scene, "Area2D", "CoinA")
    await add(tools, scene, "Area2D", "CoinB")
    await add(tools, scene, "Sprite2D", "Art", "CoinA")
    await call(tools, "node_add_to_group", {"scene": scene, "node_path": "CoinB", "group": "loot"})

    def paths(listed: dict[str, object]) -> list[str]:
        nodes = listed["nodes"]
        assert isinstance(nodes, list)
        return [node["path"] for node in nodes]

    by_type = await call(tools, "scene_get_tree", {"scene": scene, "type": "CollisionObject2D"})
    by_group = await call(tools, "scene_get_tree", {"scene": scene, "group": "loot"})
    by_name = await call(tools, "scene_get_tree", {"scene": scene, "name": "coin*"})
    assert paths(by_type) == ["CoinA", "CoinB"]
    assert paths(by_group) == ["CoinB"]
    assert paths(by_name) == ["CoinA", "CoinB"]
    assert by_name["scene"] == scene
    assert by_name["total_nodes"] == 2


async def test_get_tree_pages_and_limits_depth(tools: Client, scene: str) -> None:
    for index in range(3):
        await add(tools, scene, "Node2D", f"N{index}")
    await add(tools, scene, "Node2D", "Deep", "N0")
    first = await call(tools, "scene_get_tree", {"scene": scene, "limit": 2})
    rest = await call(tools, "scene_get_tree", {"scene": scene, "offset": first["next_offset"]})
    shallow = await call(tools, "scene_get_tree", {"scene": scene, "max_depth": 1})
    assert first["has_more"] is True
    assert first["returned"] == 2
    assert first["total_nodes"] == 5
    assert [node["path"] for node in first["nodes"] + rest["nodes"]] == [".", "N0", "N0/Deep", "N1", "N2"]
    assert "N0/Deep" not in [node["path"] for node in shallow["nodes"]]


async def test_get_tree_refuses_a_scene_file_that_does_not_exist(tools: Client) -> None:
    refused = await call_fails(tools, "scene_get_tree", {"scene": "res://nowhere/none.tscn"}, "NOT_FOUND")
    assert "scene_create" in refused["hint"]


async def test_list_open_shows_the_active_scene_and_unsaved_changes(tools: Client, scene: str) -> None:
    clean = await call(tools, "scene_list_open", {})
    await add(tools, scene, "Node2D", "Change")
    changed = await call(tools, "scene_list_open", {})
    entry = {item["path"]: item for item in changed["scenes"]}[scene]
    assert clean["active"] == scene
    assert {item["path"]: item for item in clean["scenes"]}[scene]["unsaved"] is False
    assert entry == {
        "path": scene,
        "root_name": "Scene",
        "root_type": "Node2D",
        "active": True,
        "unsaved": True,
    }
    assert "res://scenes/level.tscn" in {item["path"] for item in changed["scenes"]}


async def test_get_current_names_the_active_scene(tools: Client, scene: str) -> None:
    current = await call(tools, "scene_get_current", {})
    assert current["scene"] == scene
    assert current["open"] is True
    assert (current["root_name"], current["root_type"], current["node_count"]) == ("Scene", "Node2D", 1)
    assert current["inherits"] == ""
