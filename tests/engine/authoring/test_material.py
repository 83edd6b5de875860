"""material.create, material.set and material.get on files and node slots, on the real editor."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, redo, scratch_for, undo
from tests.engine.authoring._scenes import assert_undo_redo, close_quietly, value
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

RED = {"type": "Color", "r": 1, "g": 0, "b": 0, "a": 1}


@pytest.fixture
async def world(
    tools: Client, request: pytest.FixtureRequest, engine_editor: EngineEditor
) -> AsyncIterator[str]:
    """A Node3D scene of the test's own with a box MeshInstance3D named Crate."""
    path = scratch_for(request, engine_editor.project).path("world.tscn")
    await call(tools, "scene_create", {"path": path, "root_class": "Node3D", "if_exists": "replace"})
    await call(tools, "spatial_add_mesh", {"scene": path, "shape": "box", "name": "Crate"})
    yield path
    await close_quietly(tools, path)


async def test_create_a_material_file_with_properties_undoable(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("red.tres")
    made = await call(
        tools, "material_create", {"path": path, "properties": {"albedo_color": "#ff0000", "metallic": 0.75}}
    )
    assert made == {
        "path": path,
        "type": "StandardMaterial3D",
        "status": "created",
        "undoable": True,
        "properties": {"albedo_color": RED, "metallic": 0.75},
    }
    text = scratch.file("red.tres").read_text()
    assert text.startswith('[gd_resource type="StandardMaterial3D"')
    assert "albedo_color = Color(1, 0, 0, 1)" in text
    assert "metallic = 0.75" in text
    assert await undo(tools) == f"MCP: Create material {path}"
    assert not scratch.file("red.tres").exists()
    await redo(tools)
    assert "metallic = 0.75" in scratch.file("red.tres").read_text()
    await call_fails(tools, "material_create", {"path": path, "if_exists": "fail"}, "ALREADY_EXISTS")


async def test_create_refuses_unknown_classes_and_properties(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("bad.tres")
    await call_fails(
        tools, "material_create", {"path": path, "class_name": "StandardMaterial"}, "INVALID_PARAMS"
    )
    named = await call_fails(
        tools, "material_create", {"path": path, "properties": {"metalic": 1}}, "NOT_FOUND"
    )
    assert "metallic" in named["hint"]
    await call_fails(tools, "material_create", {"path": path, "node_path": "Crate"}, "INVALID_PARAMS")
    assert not scratch.file("bad.tres").exists()


async def test_create_in_a_node_slot_is_one_scene_undo_step(tools: Client, world: str) -> None:
    made = await call(
        tools,
        "material_create",
        {"scene": world, "node_path": "Crate", "properties": {"albedo_color": "#ff0000", "roughness": 0.25}},
    )
    assert (made["node_path"], made["slot"], made["status"]) == ("Crate", "material_override", "created")

    async def slot() -> bool:
        return await value(tools, world, "Crate", "material_override") is not None

    name = await assert_undo_redo(tools, world, slot, False, True)
    assert name == "MCP: Create StandardMaterial3D"
    read = await call(tools, "material_get", {"scene": world, "node_path": "Crate"})
    assert read["properties"] == {"albedo_color": RED, "roughness": 0.25}
    kept = await call(tools, "material_create", {"scene": world, "node_path": "Crate"})
    assert kept["status"] == "returned"


async def test_a_surface_slot_and_a_slot_the_node_lacks(tools: Client, world: str) -> None:
    made = await call(
        tools,
        "material_create",
        {"scene": world, "node_path": "Crate", "slot": "surface", "class_name": "ORMMaterial3D"},
    )
    assert (made["slot"], made["type"]) == ("surface_material_override/0", "ORMMaterial3D")
    far = {"scene": world, "node_path": "Crate", "slot": "surface", "surface": 3}
    assert "out of range" in (await call_fails(tools, "material_create", far, "INVALID_PARAMS"))["message"]
    wrong = {"scene": world, "node_path": ".", "slot": "material"}
    refused = await call_fails(tools, "material_create", wrong, "INVALID_PARAMS")
    assert "material_override" in refused["hint"]


async def test_set_on_a_file_saves_and_undoes(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("shiny.tres")
    await call(tools, "material_create", {"path": path, "properties": {"metallic": 0.5}})
    changed = await call(
        tools, "material_set", {"path": path, "properties": {"metallic": 1.0, "emission_enabled": True}}
    )
    assert changed["properties"] == {"metallic": 1.0, "emission_enabled": True}
    assert "emission_enabled = true" in scratch.file("shiny.tres").read_text()
    assert (await undo(tools)).startswith("MCP: Set metallic, emission_enabled")
    text = scratch.file("shiny.tres").read_text()
    assert "metallic = 0.5" in text
    assert "emission_enabled" not in text
    await redo(tools)
    assert "metallic = 1.0" in scratch.file("shiny.tres").read_text()
    wrong = await call_fails(
        tools, "material_set", {"path": path, "property": "roughnes", "value": 1}, "NOT_FOUND"
    )
    assert "roughness" in wrong["hint"]


async def test_set_in_a_node_slot_is_undoable(tools: Client, world: str) -> None:
    empty = await call_fails(
        tools,
        "material_set",
        {"scene": world, "node_path": "Crate", "properties": {"metallic": 1}},
        "NOT_FOUND",
    )
    assert "material_create" in empty["hint"]
    await call(
        tools, "material_create", {"scene": world, "node_path": "Crate", "properties": {"metallic": 0.5}}
    )
    await call(
        tools, "material_set", {"scene": world, "node_path": "Crate", "property": "metallic", "value": 0.9}
    )

    async def metallic() -> Any:
        read = await call(tools, "material_get", {"scene": world, "node_path": "Crate"})
        return round(read["properties"]["metallic"], 4)

    name = await assert_undo_redo(tools, world, metallic, 0.5, 0.9)
    assert name.startswith("MCP: Set metallic")


async def test_get_of_a_file_that_is_no_material(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("shape.tres")
    await call(tools, "resource_create", {"path": path, "class_name": "BoxShape3D"})
    refused = await call_fails(tools, "material_get", {"path": path}, "INVALID_PARAMS")
    assert "BoxShape3D" in refused["message"]
    canvas = scratch.path("canvas.tres")
    await call(
        tools,
        "material_create",
        {"path": canvas, "class_name": "CanvasItemMaterial", "properties": {"blend_mode": 1}},
    )
    read = await call(tools, "material_get", {"path": canvas})
    assert (read["type"], read["properties"]) == ("CanvasItemMaterial", {"blend_mode": "add"})
