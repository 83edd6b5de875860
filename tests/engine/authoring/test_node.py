"""node.create, node.delete and node.duplicate on the real editor, each undone and redone."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.authoring._scenes import add, assert_undo_redo, tree, value, vector2

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_create_adds_a_node_with_coerced_properties(tools: Client, scene: str) -> None:
    created = await call(
        tools,
        "node_create",
        {
            "scene": scene,
            "class_name": "Sprite2D",
            "name": "Hero",
            "properties": {
                "position": vector2(10, 20),
                "modulate": {"type": "Color", "r": 1, "g": 0, "b": 0, "a": 1},
            },
        },
    )
    assert created == {
        "scene": scene,
        "node_path": "Hero",
        "name": "Hero",
        "type": "Sprite2D",
        "status": "created",
    }
    assert await value(tools, scene, "Hero", "position") == vector2(10, 20)
    assert (await value(tools, scene, "Hero", "modulate"))["r"] == 1


async def test_create_is_one_undo_step(tools: Client, scene: str) -> None:
    before = await tree(tools, scene)
    await add(tools, scene, "Node2D", "Box", properties={"position": vector2(5, 5)})
    after = await tree(tools, scene)
    name = await assert_undo_redo(tools, scene, lambda: tree(tools, scene), before, after)
    assert name == "MCP: create Box"
    assert await value(tools, scene, "Box", "position") == vector2(5, 5)


async def test_create_defaults_the_name_and_parent_and_accepts_script_classes(
    tools: Client, scene: str
) -> None:
    await call(tools, "node_create", {"scene": scene, "class_name": "Node2D"})
    await call(tools, "node_create", {"scene": scene, "class_name": "Node2D"})
    player = await call(tools, "node_create", {"scene": scene, "class_name": "Player", "parent": "Node2D"})
    read = await call(tools, "node_get", {"scene": scene, "node_path": player["node_path"]})
    assert [path for path, _ in await tree(tools, scene)] == [".", "Node2D", "Node2D/Player", "Node2D2"]
    assert (read["type"], read["script"]) == ("CharacterBody2D", "res://scripts/player.gd")


async def test_create_honours_if_exists(tools: Client, scene: str) -> None:
    await add(tools, scene, "Node2D", "Slot", properties={"position": vector2(1, 1)})
    kept = await call(tools, "node_create", {"scene": scene, "class_name": "Sprite2D", "name": "Slot"})
    await call_fails(
        tools,
        "node_create",
        {"scene": scene, "class_name": "Sprite2D", "name": "Slot", "if_exists": "fail"},
        "ALREADY_EXISTS",
    )
    before = await tree(tools, scene)
    replaced = await call(
        tools,
        "node_create",
        {"scene": scene, "class_name": "Sprite2D", "name": "Slot", "if_exists": "replace"},
    )
    after = await tree(tools, scene)
    assert (kept["status"], kept["type"]) == ("returned", "Node2D")
    assert (replaced["status"], after) == ("replaced", [(".", "Node2D"), ("Slot", "Sprite2D")])
    await assert_undo_redo(tools, scene, lambda: tree(tools, scene), before, after)
    assert await value(tools, scene, "Slot", "position") == vector2(0, 0)


@pytest.mark.parametrize(
    ("arguments", "code"),
    [
        ({"class_name": "NoSuchNode"}, "NOT_FOUND"),
        ({"class_name": "Texture2D"}, "INVALID_PARAMS"),
        ({"class_name": "Node2D", "parent": "Missing"}, "NOT_FOUND"),
        ({"class_name": "Node2D", "name": "a/b"}, "INVALID_PARAMS"),
        ({"class_name": "Node2D", "properties": {"no_such_property": 1}}, "NOT_FOUND"),
        ({"class_name": "Node2D", "properties": {"position": "far away"}}, "TYPE_MISMATCH"),
        ({"class_name": "Node2D", "properties": {"script": None}}, "INVALID_PARAMS"),
    ],
)
async def test_create_refuses_bad_input_and_leaves_the_scene_alone(
    tools: Client, scene: str, arguments: dict[str, object], code: str
) -> None:
    refused = await call_fails(tools, "node_create", {"scene": scene, **arguments}, code)
    assert refused["hint"]
    assert await tree(tools, scene) == [(".", "Node2D")]


async def test_delete_removes_the_branch_and_undo_brings_it_back(tools: Client, scene: str) -> None:
    await add(tools, scene, "Node2D", "First")
    await add(tools, scene, "Node2D", "Branch")
    await add(tools, scene, "Sprite2D", "Leaf", "Branch")
    await add(tools, scene, "Node2D", "Last")
    before = await tree(tools, scene)
    deleted = await call(tools, "node_delete", {"scene": scene, "node_path": "Branch"})
    after = await tree(tools, scene)
    assert deleted == {"scene": scene, "deleted": "Branch"}
    assert [path for path, _ in after] == [".", "First", "Last"]
    # Undo puts the branch back at its index, with its child.
    assert (
        await assert_undo_redo(tools, scene, lambda: tree(tools, scene), before, after)
        == "MCP: delete Branch"
    )


@pytest.mark.parametrize(("node_path", "code"), [(".", "INVALID_OPERATION"), ("Ghost", "NOT_FOUND")])
async def test_delete_refuses_the_root_and_unknown_nodes(
    tools: Client, scene: str, node_path: str, code: str
) -> None:
    await call_fails(tools, "node_delete", {"scene": scene, "node_path": node_path}, code)
    assert await tree(tools, scene) == [(".", "Node2D")]


async def test_duplicate_copies_the_branch_after_the_original(tools: Client, scene: str) -> None:
    await add(tools, scene, "Node2D", "Enemy", properties={"position": vector2(7, 8)})
    await add(tools, scene, "Sprite2D", "Look", "Enemy")
    await add(tools, scene, "Node2D", "Tail")
    await call(tools, "node_add_to_group", {"scene": scene, "node_path": "Enemy", "group": "foes"})
    before = await tree(tools, scene)
    copied = await call(tools, "node_duplicate", {"scene": scene, "node_path": "Enemy", "name": "Enemy2"})
    after = await tree(tools, scene)
    copy = await call(tools, "node_get", {"scene": scene, "node_path": "Enemy2", "names": ["position"]})
    assert copied == {"scene": scene, "node_path": "Enemy2", "name": "Enemy2", "type": "Node2D"}
    assert [path for path, _ in after] == [".", "Enemy", "Enemy/Look", "Enemy2", "Enemy2/Look", "Tail"]
    assert (copy["groups"], copy["properties"][0]["value"]) == (["foes"], vector2(7, 8))
    await assert_undo_redo(tools, scene, lambda: tree(tools, scene), before, after)


async def test_duplicated_nodes_are_saved_with_the_scene(tools: Client, scene: str) -> None:
    await add(tools, scene, "Node2D", "Crate")
    await add(tools, scene, "Sprite2D", "Lid", "Crate")
    await call(tools, "node_duplicate", {"scene": scene, "node_path": "Crate"})
    await call(tools, "scene_save", {"scene": scene})
    await call(tools, "scene_reload", {"scene": scene})
    assert [path for path, _ in await tree(tools, scene)] == [
        ".",
        "Crate",
        "Crate/Lid",
        "Crate2",
        "Crate2/Lid",
    ]


@pytest.mark.parametrize(
    ("arguments", "code"),
    [({"node_path": "."}, "INVALID_OPERATION"), ({"node_path": "Nope"}, "NOT_FOUND")],
)
async def test_duplicate_refuses_the_root_and_unknown_nodes(
    tools: Client, scene: str, arguments: dict[str, str], code: str
) -> None:
    await call_fails(tools, "node_duplicate", {"scene": scene, **arguments}, code)
