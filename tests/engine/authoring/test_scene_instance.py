"""scene.instantiate on the real editor: instances, editable children, undo and redo, refusals."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.authoring._scenes import add, assert_undo_redo, tree, value, vector2

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

COIN = "res://scenes/coin.tscn"


async def test_instantiate_adds_the_scene_as_one_node_and_undo_redo_it(tools: Client, scene: str) -> None:
    await add(tools, scene, "Node2D", "Pickups")
    made = await call(
        tools,
        "scene_instantiate",
        {
            "scene": scene,
            "path": COIN,
            "parent": "Pickups",
            "name": "Gold",
            "properties": {"position": vector2(3, 4)},
        },
    )
    after = await tree(tools, scene)
    listed = await call(tools, "scene_get_tree", {"scene": scene, "name": "Gold", "detail": "full"})
    assert made == {
        "scene": scene,
        "node_path": "Pickups/Gold",
        "name": "Gold",
        "type": "Area2D",
        "instance": COIN,
        "status": "created",
    }
    assert ("Pickups/Gold", "Area2D") in after
    assert "Pickups/Gold/Sprite2D" not in [path for path, _ in after]
    assert listed["nodes"][0]["instance"] == COIN
    assert listed["nodes"][0]["editable_children"] is False
    assert await value(tools, scene, "Pickups/Gold", "position") == vector2(3, 4)
    before = [node for node in after if node[0] != "Pickups/Gold"]
    assert (
        await assert_undo_redo(tools, scene, lambda: tree(tools, scene), before, after) == "MCP: create Gold"
    )


async def test_instantiate_with_editable_children_shows_and_lets_change_them(
    tools: Client, scene: str
) -> None:
    await call(tools, "scene_instantiate", {"scene": scene, "path": COIN, "editable_children": True})
    paths = [path for path, _ in await tree(tools, scene)]
    changed = await call(
        tools,
        "node_set_property",
        {"scene": scene, "node_path": "Coin/Sprite2D", "property": "visible", "value": False},
    )
    assert paths == [".", "Coin", "Coin/CollisionShape2D", "Coin/Sprite2D"]
    assert changed["properties"] == {"visible": False}
    assert await value(tools, scene, "Coin/Sprite2D", "visible") is False


async def test_instantiate_honours_if_exists(tools: Client, scene: str) -> None:
    await call(tools, "scene_instantiate", {"scene": scene, "path": COIN, "name": "One"})
    kept = await call(tools, "scene_instantiate", {"scene": scene, "path": COIN, "name": "One"})
    await call_fails(
        tools,
        "scene_instantiate",
        {"scene": scene, "path": COIN, "name": "One", "if_exists": "fail"},
        "ALREADY_EXISTS",
    )
    assert kept["status"] == "returned"
    assert [path for path, _ in await tree(tools, scene)] == [".", "One"]


async def test_instantiate_refuses_a_cycle(tools: Client, scene: str) -> None:
    refused = await call_fails(
        tools, "scene_instantiate", {"scene": scene, "path": scene}, "INVALID_OPERATION"
    )
    assert "cycle" in refused["message"]
    assert await tree(tools, scene) == [(".", "Node2D")]


@pytest.mark.parametrize(
    ("path", "code"),
    [
        ("res://scenes/nothing_here.tscn", "NOT_FOUND"),
        ("res://resources/player_stats.tres", "INVALID_PARAMS"),
        ("../outside.tscn", "PATH_DENIED"),
    ],
)
async def test_instantiate_refuses_what_is_not_a_scene_file(
    tools: Client, scene: str, path: str, code: str
) -> None:
    await call_fails(tools, "scene_instantiate", {"scene": scene, "path": path}, code)
    assert await tree(tools, scene) == [(".", "Node2D")]


async def test_instantiate_refuses_a_parent_that_does_not_exist(tools: Client, scene: str) -> None:
    refused = await call_fails(
        tools, "scene_instantiate", {"scene": scene, "path": COIN, "parent": "Nope"}, "NOT_FOUND"
    )
    assert "scene_get_tree" in refused["hint"]
