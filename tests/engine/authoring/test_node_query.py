"""node.find, node.get_selection and node.select on the real editor."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.authoring._scenes import add

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def build_shop(client: Client, scene: str) -> None:
    await add(client, scene, "Node2D", "Shelf")
    await add(client, scene, "Area2D", "Apple", "Shelf")
    await add(client, scene, "Area2D", "Apricot", "Shelf")
    await add(client, scene, "Sprite2D", "Sign")
    await add(client, scene, "Player", "Clerk")
    await call(client, "node_add_to_group", {"scene": scene, "node_path": "Shelf/Apricot", "group": "ripe"})


async def found(client: Client, scene: str, **filters: object) -> list[str]:
    result = await call(client, "node_find", {"scene": scene, **filters})
    return [node["path"] for node in result["nodes"]]


async def test_find_matches_name_class_group_and_script(tools: Client, scene: str) -> None:
    await build_shop(tools, scene)
    assert await found(tools, scene, name="ap*") == ["Shelf/Apple", "Shelf/Apricot"]
    assert await found(tools, scene, type="CollisionObject2D") == ["Shelf/Apple", "Shelf/Apricot", "Clerk"]
    assert await found(tools, scene, type="Player") == ["Clerk"]
    assert await found(tools, scene, group="ripe") == ["Shelf/Apricot"]
    assert await found(tools, scene, script="res://scripts/player.gd") == ["Clerk"]
    assert await found(tools, scene, name="a*", group="ripe") == ["Shelf/Apricot"]
    assert await found(tools, scene, type="Area2D", node_path="Shelf") == ["Shelf/Apple", "Shelf/Apricot"]


async def test_find_pages_its_matches(tools: Client, scene: str) -> None:
    await build_shop(tools, scene)
    first = await call(tools, "node_find", {"scene": scene, "limit": 2})
    rest = await call(tools, "node_find", {"scene": scene, "offset": first["next_offset"], "limit": 10})
    assert (first["total_matches"], first["returned"], first["has_more"]) == (6, 2, True)
    assert [node["path"] for node in first["nodes"] + rest["nodes"]] == [
        ".",
        "Shelf",
        "Shelf/Apple",
        "Shelf/Apricot",
        "Sign",
        "Clerk",
    ]
    assert rest["has_more"] is False


async def test_find_refuses_an_unknown_starting_node_and_a_closed_scene(tools: Client, scene: str) -> None:
    await call_fails(tools, "node_find", {"scene": scene, "node_path": "Nowhere"}, "NOT_FOUND")
    await call_fails(tools, "node_find", {"scene": "res://tests_tmp/closed.tscn"}, "NOT_FOUND")


async def test_select_sets_the_editor_selection_and_get_selection_reads_it(tools: Client, scene: str) -> None:
    await build_shop(tools, scene)
    chosen = await call(tools, "node_select", {"scene": scene, "node_paths": ["Sign", "Shelf/Apple"]})
    widened = await call(tools, "node_select", {"scene": scene, "node_paths": ["Clerk"], "add": True})
    read = await call(tools, "node_get_selection", {})
    assert {node["path"] for node in chosen["nodes"]} == {"Sign", "Shelf/Apple"}
    assert {node["path"] for node in widened["nodes"]} == {"Sign", "Shelf/Apple", "Clerk"}
    assert read["scene"] == scene
    assert {(node["path"], node["type"]) for node in read["nodes"]} == {
        ("Sign", "Sprite2D"),
        ("Shelf/Apple", "Area2D"),
        ("Clerk", "CharacterBody2D"),
    }
    cleared = await call(tools, "node_select", {"scene": scene, "node_paths": []})
    assert cleared["nodes"] == []


async def test_select_refuses_unknown_nodes_and_keeps_the_selection(tools: Client, scene: str) -> None:
    await build_shop(tools, scene)
    await call(tools, "node_select", {"scene": scene, "node_paths": ["Sign"]})
    await call_fails(tools, "node_select", {"scene": scene, "node_paths": ["Sign", "Ghost"]}, "NOT_FOUND")
    assert [node["path"] for node in (await call(tools, "node_get_selection", {}))["nodes"]] == ["Sign"]
