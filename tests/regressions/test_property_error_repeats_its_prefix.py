"""Regression (issue 9): a value of the wrong shape for a property was answered with the property
named twice, "Property 'position' (Vector2): Property 'position': Expected a Vector2, …"."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call
from tests.engine.authoring._scenes import add, close_quietly
from tests.engine.harness import EngineEditor
from tests.mcp_results import failure

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FOLDER = "tests_tmp/property_error_prefix"


@pytest.fixture
async def scene(tools: Client, engine_editor: EngineEditor) -> AsyncIterator[str]:
    path = f"res://{FOLDER}/scene.tscn"
    await call(tools, "scene_create", {"path": path, "root_class": "Node2D", "if_exists": "replace"})
    yield path
    await close_quietly(tools, path)
    if (engine_editor.project / FOLDER).is_dir():
        await call(tools, "folder_delete", {"path": f"res://{FOLDER}", "recursive": True})


BAD_VALUES: list[tuple[str, Any]] = [
    ("position", "left"),
    ("z_index", "high"),
    ("modulate", {"type": "Colour", "r": 1}),
    ("texture", {"type": "Resource", "path": "res://no_such_texture.png"}),
]


@pytest.mark.parametrize(("name", "bad"), BAD_VALUES)
async def test_setting_a_bad_value_names_the_property_once(
    tools: Client, scene: str, name: str, bad: Any
) -> None:
    await add(tools, scene, "Sprite2D", "Art")
    arguments = {"scene": scene, "node_path": "Art", "property": name, "value": bad}
    assert_named_once(failure(await tools.call_tool("node_set_property", arguments))["message"], name)


async def test_creating_with_a_bad_value_names_the_property_once(tools: Client, scene: str) -> None:
    arguments = {"scene": scene, "class_name": "Sprite2D", "name": "Art", "properties": {"position": "left"}}
    assert_named_once(failure(await tools.call_tool("node_create", arguments))["message"], "position")


def assert_named_once(message: str, name: str) -> None:
    assert message.startswith(f"Property '{name}': "), message
    assert message.count(f"'{name}'") == 1, message
    assert "Property" not in message.removeprefix("Property"), message
