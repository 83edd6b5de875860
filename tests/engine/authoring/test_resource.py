"""resource.create / get / set_property on the real editor: coerced values, the file, undo and redo."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, redo, undo, unwrap

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

SIZE = {"type": "Vector2", "x": 10.0, "y": 20.0}


async def test_create_saves_an_engine_resource_with_coerced_properties(
    tools: Client, scratch: Scratch
) -> None:
    path = scratch.path("box.tres")
    created = await call(
        tools,
        "resource_create",
        {"path": path, "class_name": "RectangleShape2D", "properties": {"size": SIZE}},
    )
    assert created == {
        "path": path,
        "type": "RectangleShape2D",
        "status": "created",
        "undoable": True,
        "properties": {"size": SIZE},
    }
    text = scratch.file("box.tres").read_text()
    assert text.startswith('[gd_resource type="RectangleShape2D"')
    assert "size = Vector2(10, 20)" in text
    assert await undo(tools) == f"MCP: Create resource {path}"
    assert not scratch.file("box.tres").exists()
    await redo(tools)
    assert "size = Vector2(10, 20)" in scratch.file("box.tres").read_text()


async def test_create_of_a_script_class_attaches_its_script(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("stats.tres")
    properties = {"move_speed": 300, "tint": {"type": "Color", "r": 1, "g": 0, "b": 0, "a": 1}}
    await call(
        tools, "resource_create", {"path": path, "class_name": "PlayerStats", "properties": properties}
    )
    got = await call(tools, "resource_get", {"path": path})
    assert (got["type"], got["class_name"], got["script"]) == (
        "Resource",
        "PlayerStats",
        "res://scripts/player_stats.gd",
    )
    assert got["properties"]["move_speed"] == 300.0
    assert got["properties"]["tint"] == {"type": "Color", "r": 1.0, "g": 0.0, "b": 0.0, "a": 1.0}
    assert 'script_class="PlayerStats"' in scratch.file("stats.tres").read_text()


async def test_create_honours_if_exists(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("c.tres")
    await call(tools, "resource_create", {"path": path, "class_name": "RectangleShape2D"})
    kept = await call(tools, "resource_create", {"path": path, "class_name": "CircleShape2D"})
    assert kept["status"] == "returned"
    await call_fails(
        tools,
        "resource_create",
        {"path": path, "class_name": "CircleShape2D", "if_exists": "fail"},
        "ALREADY_EXISTS",
    )
    replaced = await call(
        tools, "resource_create", {"path": path, "class_name": "CircleShape2D", "if_exists": "replace"}
    )
    assert replaced["status"] == "replaced"
    assert (await call(tools, "resource_get", {"path": path}))["type"] == "CircleShape2D"


async def test_create_refuses_bad_classes_extensions_and_properties(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("bad.tres")
    refused = await call_fails(tools, "resource_create", {"path": path, "class_name": "Node2D"}, "NOT_FOUND")
    assert "classdb_list_classes" in refused["hint"]
    await call_fails(tools, "resource_create", {"path": path, "class_name": "Shape2D"}, "INSTANTIATE_FAILED")
    wrong_extension = {"path": scratch.path("bad.png"), "class_name": "RectangleShape2D"}
    await call_fails(tools, "resource_create", wrong_extension, "INVALID_PARAMS")
    unknown = {"path": path, "class_name": "PlayerStats", "properties": {"speed": 1}}
    missing = await call_fails(tools, "resource_create", unknown, "NOT_FOUND")
    assert "Did you mean 'move_speed'?" in missing["hint"]
    mistyped = {"path": path, "class_name": "RectangleShape2D", "properties": {"size": "big"}}
    await call_fails(tools, "resource_create", mistyped, "TYPE_MISMATCH")
    assert not scratch.disk.exists()


async def test_get_reads_the_demo_resource_and_filters(tools: Client) -> None:
    got = await call(tools, "resource_get", {"path": "res://resources/player_stats.tres"})
    assert got["class_name"] == "PlayerStats"
    assert {"max_health", "move_speed", "display_name", "tint"} <= set(got["properties"])
    assert unwrap(got["properties"]["display_name"]) == "Pip"
    only = await call(
        tools, "resource_get", {"path": "res://resources/player_stats.tres", "properties": ["max_health"]}
    )
    assert list(only["properties"]) == ["max_health"]


async def test_get_refuses_unknown_properties_missing_and_non_resource_files(tools: Client) -> None:
    stats = "res://resources/player_stats.tres"
    await call_fails(tools, "resource_get", {"path": stats, "properties": ["nope"]}, "NOT_FOUND")
    await call_fails(tools, "resource_get", {"path": "res://resources/none.tres"}, "NOT_FOUND")
    await call_fails(tools, "resource_get", {"path": "res://project.godot"}, "INVALID_PARAMS")


async def test_set_property_saves_changes_the_loaded_copy_and_is_undoable(
    tools: Client, scratch: Scratch
) -> None:
    path = scratch.path("box.tres")
    await call(
        tools,
        "resource_create",
        {"path": path, "class_name": "RectangleShape2D", "properties": {"size": SIZE}},
    )
    one = await call(tools, "resource_set_property", {"path": path, "property": "size", "value": [3, 4]})
    assert one["properties"] == {"size": {"type": "Vector2", "x": 3.0, "y": 4.0}}
    assert "size = Vector2(3, 4)" in scratch.file("box.tres").read_text()
    many = {"size": {"type": "Vector2", "x": 5, "y": 6}, "custom_solver_bias": 0.5}
    await call(tools, "resource_set_property", {"path": path, "properties": many})
    assert (await call(tools, "resource_get", {"path": path}))["properties"]["custom_solver_bias"] == 0.5
    assert await undo(tools) == f"MCP: Set size, custom_solver_bias on {path}"
    restored = await call(tools, "resource_get", {"path": path})
    assert restored["properties"]["size"] == {"type": "Vector2", "x": 3.0, "y": 4.0}
    assert restored["properties"]["custom_solver_bias"] == 0.0
    await redo(tools)
    assert "custom_solver_bias = 0.5" in scratch.file("box.tres").read_text()


async def test_set_property_refuses_unknown_names_and_bad_values_without_saving(
    tools: Client, scratch: Scratch
) -> None:
    path = scratch.path("box.tres")
    await call(
        tools,
        "resource_create",
        {"path": path, "class_name": "RectangleShape2D", "properties": {"size": SIZE}},
    )
    before = scratch.file("box.tres").read_text()
    missing = await call_fails(
        tools, "resource_set_property", {"path": path, "property": "nope", "value": 1}, "NOT_FOUND"
    )
    assert "size" in missing["hint"]
    both = {"size": {"type": "Vector2", "x": 1, "y": 1}, "custom_solver_bias": "high"}
    await call_fails(tools, "resource_set_property", {"path": path, "properties": both}, "TYPE_MISMATCH")
    await call_fails(tools, "resource_set_property", {"path": path}, "INVALID_PARAMS")
    assert scratch.file("box.tres").read_text() == before
    assert (await call(tools, "resource_get", {"path": path}))["properties"]["size"] == SIZE
