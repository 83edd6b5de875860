"""Regression (issue 9): a property whose hint allows several resource classes could not be set.

``material`` of a CanvasItem takes a CanvasItemMaterial or a ShaderMaterial; its hint string is the list
"CanvasItemMaterial,ShaderMaterial", which was read as one class name, so node_set_property answered
"TYPE_MISMATCH: Expected a CanvasItemMaterial,ShaderMaterial, got a ShaderMaterial". The same held for an
inline new material and for ``process_material`` of GPUParticles2D."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.authoring._scenes import add, close_quietly, value
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FOLDER = "tests_tmp/multi_class_resource"
SCENE = f"res://{FOLDER}/level.tscn"
MATERIAL = f"res://{FOLDER}/flash_mat.tres"


@pytest.fixture
async def level(tools: Client, engine_editor: EngineEditor) -> AsyncIterator[str]:
    await call(tools, "scene_create", {"path": SCENE, "root_class": "Node2D", "if_exists": "replace"})
    material = {"path": MATERIAL, "class_name": "ShaderMaterial", "if_exists": "replace"}
    await call(tools, "resource_create", material)
    await add(tools, SCENE, "Node2D", "Player")
    await add(tools, SCENE, "Sprite2D", "Body", parent="Player")
    await add(tools, SCENE, "GPUParticles2D", "Sparks")
    yield SCENE
    await close_quietly(tools, SCENE)
    if (engine_editor.project / FOLDER).is_dir():
        await call(tools, "folder_delete", {"path": f"res://{FOLDER}", "recursive": True})


async def set_property(tools: Client, node_path: str, name: str, json: dict[str, Any]) -> dict[str, Any]:
    arguments = {"scene": SCENE, "node_path": node_path, "property": name, "value": json}
    return await call(tools, "node_set_property", arguments)


async def test_a_saved_shader_material_is_set_as_material(tools: Client, level: str) -> None:
    await set_property(tools, "Player/Body", "material", {"type": "Resource", "path": MATERIAL})

    assert await value(tools, level, "Player/Body", "material") == {
        "type": "Resource",
        "path": MATERIAL,
        "class": "ShaderMaterial",
    }


async def test_an_inline_new_shader_material_is_set_as_material(tools: Client, level: str) -> None:
    await set_property(tools, "Player/Body", "material", {"type": "NewResource", "class": "ShaderMaterial"})

    material = await value(tools, level, "Player/Body", "material")
    assert (material["type"], material["class"]) == ("NewResource", "ShaderMaterial")


async def test_a_shader_material_is_set_as_process_material(tools: Client, level: str) -> None:
    await set_property(tools, "Sparks", "process_material", {"type": "Resource", "path": MATERIAL})

    assert (await value(tools, level, "Sparks", "process_material"))["class"] == "ShaderMaterial"


async def test_a_class_outside_the_list_is_refused_naming_each_class(tools: Client, level: str) -> None:
    arguments = {
        "scene": level,
        "node_path": "Player/Body",
        "property": "material",
        "value": {"type": "NewResource", "class": "StandardMaterial3D"},
    }
    refused = await call_fails(tools, "node_set_property", arguments, "TYPE_MISMATCH")

    assert "Expected a CanvasItemMaterial or ShaderMaterial, got a StandardMaterial3D" in refused["message"]
