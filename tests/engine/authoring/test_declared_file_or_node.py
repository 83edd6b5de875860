"""The "resource:A or node" targets (dispatch/command_target.gd) on the real editor: the material and
sprite tools take a resource file (path) or a node (node_path), and each way either can be wrong answers
one shared error and hint, whichever tool declared it."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails
from tests.engine.authoring._scenes import add

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_a_file_and_a_node_are_both_found(tools: Client, scene: str, scratch: Scratch) -> None:
    frames = scratch.path("frames.tres")
    await call(tools, "sprite_create_frames", {"path": frames})
    from_file = await call(tools, "sprite_get_frames", {"path": frames})
    assert (from_file["path"], from_file["animations"][0]["name"]) == (frames, "default")
    await add(tools, scene, "AnimatedSprite2D", "Hero")
    await call(
        tools,
        "node_set_property",
        {
            "scene": scene,
            "node_path": "Hero",
            "property": "sprite_frames",
            "value": {"type": "Resource", "path": frames},
        },
    )
    from_node = await call(tools, "sprite_get_frames", {"scene": scene, "node_path": "Hero"})
    assert (from_node["path"], from_node["node_path"]) == (frames, "Hero")
    material = scratch.path("shiny.tres")
    await call(tools, "material_create", {"path": material, "properties": {"metallic": 0.5}})
    assert (await call(tools, "material_get", {"path": material}))["path"] == material
    await add(tools, scene, "Sprite2D", "Icon")
    await call(
        tools, "material_create", {"scene": scene, "node_path": "Icon", "class_name": "CanvasItemMaterial"}
    )
    slot = await call(tools, "material_get", {"scene": scene, "node_path": "Icon"})
    assert (slot["node_path"], slot["slot"], slot["type"]) == ("Icon", "material", "CanvasItemMaterial")


async def test_both_or_neither_of_path_and_node_path_is_refused(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("any.tres")
    for tool, arguments in [("sprite_get_frames", {}), ("material_get", {"path": path, "node_path": "."})]:
        refused = await call_fails(tools, tool, arguments, "INVALID_PARAMS")
        assert refused["message"].startswith("Pass either path (a ")
        assert refused["message"].endswith("not both or neither.")
    sprite = await call_fails(tools, "sprite_remove_animation", {"animation": "a"}, "INVALID_PARAMS")
    assert "node_path (a node's sprite_frames)" in sprite["message"]


async def test_a_missing_file_is_not_found(tools: Client, scratch: Scratch) -> None:
    missing = scratch.path("none.tres")
    arguments = {"path": missing, "property": "metallic", "value": 1}
    gone = await call_fails(tools, "material_set", arguments, "NOT_FOUND")
    assert gone["message"] == f"No file at '{missing}'."


async def test_a_node_without_the_property_or_with_it_empty(tools: Client, scene: str) -> None:
    await add(tools, scene, "Node2D", "Plain")
    await add(tools, scene, "AnimatedSprite2D", "Hero")
    lacking = await call_fails(
        tools, "sprite_get_frames", {"scene": scene, "node_path": "Plain"}, "INVALID_PARAMS"
    )
    assert lacking["message"] == "'Plain' is a Node2D, without sprite_frames."
    assert (
        lacking["hint"]
        == "Pass a node with sprite_frames (AnimatedSprite2D, AnimatedSprite3D), or a file as path."
    )
    where = {"scene": scene, "node_path": "Hero", "animation": "default", "fps": 2}
    empty = await call_fails(tools, "sprite_set_animation", where, "INVALID_STATE")
    assert empty["message"] == "'Hero' has no SpriteFrames in sprite_frames."
    assert empty["hint"] == "Give it one with sprite_create_frames (node_path), then retry."
    nowhere = await call_fails(tools, "material_get", {"scene": scene, "node_path": "Hro"}, "NOT_FOUND")
    assert "Hero" in nowhere["hint"]
