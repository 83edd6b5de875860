"""Targets declared in the command tables (dispatch/command_target.gd), on the real editor: each way a
target can be missing or wrong answers one shared error and hint, whichever command declared it."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails
from tests.engine.authoring._scenes import add
from tests.engine.harness import expect_editor_error

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_a_scene_file_that_is_not_there_is_not_found(tools: Client, scratch: Scratch) -> None:
    missing = scratch.path("nowhere.tscn")
    for tool, arguments in [("node_get", {"node_path": "."}), ("animation_list", {"node_path": "Player"})]:
        refused = await call_fails(tools, tool, {"scene": missing, **arguments}, "NOT_FOUND")
        assert refused["message"] == f"There is no scene file '{missing}'."
        assert "scene_create" in refused["hint"]


async def test_a_scene_that_is_not_open_is_named(tools: Client, scene: str, scratch: Scratch) -> None:
    closed = scratch.path("closed.tscn")
    await call(tools, "scene_create", {"path": closed, "root_class": "Node2D"})
    await call(tools, "scene_close", {"scene": closed, "discard_changes": True})
    refused = await call_fails(tools, "scene_get_tree", {"scene": closed}, "SCENE_NOT_OPEN")
    assert refused["message"] == f"The scene '{closed}' is not open in the editor."
    assert "scene_open" in refused["hint"]


async def test_a_missing_node_is_refused_with_its_siblings(tools: Client, scene: str) -> None:
    await add(tools, scene, "Area2D", "Gem")
    for tool, extra in [("node_get", {}), ("signal_list", {}), ("node_add_to_group", {"group": "loot"})]:
        arguments = {"scene": scene, "node_path": "Gen", **extra}
        refused = await call_fails(tools, tool, arguments, "NOT_FOUND")
        assert refused["message"] == f"No node 'Gen' in {scene}."
        assert "Gem" in refused["hint"]


async def test_a_node_of_another_class_names_both_classes_and_the_maker(tools: Client, scene: str) -> None:
    await add(tools, scene, "Area2D", "Gem")
    refused = await call_fails(
        tools, "animation_list", {"scene": scene, "node_path": "Gem"}, "INVALID_PARAMS"
    )
    assert refused["message"] == "'Gem' is a Area2D, not an AnimationPlayer."
    assert refused["hint"].endswith("or create one with node_create.")
    several = await call_fails(
        tools, "path_get_points", {"scene": scene, "node_path": "Gem"}, "INVALID_PARAMS"
    )
    assert several["message"] == "'Gem' is a Area2D, not a Path2D or Path3D."
    particles = await call_fails(
        tools, "particles_get", {"scene": scene, "node_path": "Gem"}, "INVALID_PARAMS"
    )
    assert particles["hint"].endswith("or create one with particles_add.")


async def test_a_node_the_scene_does_not_store_is_refused_with_the_verb(
    tools: Client, scene: str, scratch: Scratch
) -> None:
    part = scratch.path("part.tscn")
    await call(tools, "scene_create", {"path": part, "root_class": "Node2D"})
    await add(tools, part, "Sprite2D", "Inner")
    await call(tools, "scene_save", {"scene": part})
    await call(tools, "scene_close", {"scene": part, "discard_changes": True})
    await call(tools, "scene_instantiate", {"scene": scene, "path": part, "name": "Part"})
    for tool, verb in [("node_delete", "delete"), ("node_duplicate", "duplicate")]:
        refused = await call_fails(
            tools, tool, {"scene": scene, "node_path": "Part/Inner"}, "INVALID_OPERATION"
        )
        assert refused["message"].startswith(
            f"Cannot {verb} 'Part/Inner': it belongs to the instanced scene {part}"
        )
        assert "scene_open" in refused["hint"]


async def test_a_resource_file_that_is_missing_empty_or_of_another_class(
    tools: Client, scratch: Scratch
) -> None:
    missing = await call_fails(tools, "tileset_get", {"path": scratch.path("none.tres")}, "NOT_FOUND")
    assert missing["message"] == f"No file at '{scratch.path('none.tres')}'."
    notes = scratch.path("notes.txt")
    await call(tools, "file_write", {"path": notes, "content": "not a resource"})
    text = await call_fails(tools, "ui_theme_get", {"path": notes}, "INVALID_PARAMS")
    assert text["message"] == f"'{notes}' is not a resource file."
    shape = scratch.path("shape.tres")
    await call(tools, "resource_create", {"path": shape, "class_name": "RectangleShape2D"})
    makers = {
        "ui_theme_get": ("Theme", "ui_theme_create"),
        "sprite_get_frames": ("SpriteFrames", "sprite_create_frames"),
    }
    for tool, (kind, maker) in makers.items():  # a "resource" target, and a "resource or node" one
        other = await call_fails(tools, tool, {"path": shape}, "INVALID_PARAMS")
        assert other["message"] == f"'{shape}' is a RectangleShape2D, not a {kind}."
        assert other["hint"] == f"Pass the path of a {kind} file, or make one with {maker}."


async def test_a_resource_file_the_engine_cannot_load_answers_load_failed(
    tools: Client, scratch: Scratch
) -> None:
    broken = scratch.path("broken.tres")
    expect_editor_error(r"broken\.tres|resource_format_text\.cpp")  # the loader and the scan say why
    await call(
        tools, "file_write", {"path": broken, "content": '[gd_resource type="Gradient"]\n[resource\nbroken'}
    )
    cases: list[tuple[str, dict[str, object]]] = [
        ("resource_get", {}),
        ("resource_set_property", {"properties": {}}),
        ("gradient_get", {}),
    ]
    for tool, extra in cases:
        refused = await call_fails(tools, tool, {"path": broken, **extra}, "LOAD_FAILED")
        assert refused["message"] == f"The engine could not load '{broken}'."
