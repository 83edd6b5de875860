"""Regression (issue 9): a coercion failure carried its place in front, and the caller put it there again
("Property 'position' (Vector2): Property 'position': …"). The coercion table names each place once (the
property, the new resource, the item); a caller adding the same place adds nothing. Checked here on the
resource tools and on values nested inside a value; test_property_error_repeats_its_prefix.py covers the
node tools."""

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

FOLDER = "tests_tmp/coercion_prefix"
SCENE = f"res://{FOLDER}/scene.tscn"
SHAPE = f"res://{FOLDER}/box.tres"


@pytest.fixture
async def folder(tools: Client, engine_editor: EngineEditor) -> AsyncIterator[str]:
    await call(tools, "scene_create", {"path": SCENE, "root_class": "Node2D", "if_exists": "replace"})
    box = {"path": SHAPE, "class_name": "RectangleShape2D", "if_exists": "replace"}
    await call(tools, "resource_create", box)
    yield FOLDER
    await close_quietly(tools, SCENE)
    if (engine_editor.project / FOLDER).is_dir():
        await call(tools, "folder_delete", {"path": f"res://{FOLDER}", "recursive": True})


def named_once(message: str, *places: str) -> None:
    for place in places:
        assert message.count(place) == 1, message


async def test_a_resource_value_names_its_property_once(tools: Client, folder: str) -> None:
    arguments = {"path": SHAPE, "property": "size", "value": "big"}
    refused = failure(await tools.call_tool("resource_set_property", arguments))

    assert refused["message"].startswith("Property 'size': "), refused
    named_once(refused["message"], "'size'")


async def test_a_value_inside_a_new_resource_names_each_level_once(tools: Client, folder: str) -> None:
    await add(tools, SCENE, "CollisionShape2D", "Hitbox")
    box: dict[str, Any] = {"type": "NewResource", "class": "RectangleShape2D", "properties": {"size": [1]}}
    arguments = {"scene": SCENE, "node_path": "Hitbox", "property": "shape", "value": box}
    refused = failure(await tools.call_tool("node_set_property", arguments))

    assert refused["message"].startswith("Property 'shape': NewResource RectangleShape2D: Property 'size': ")
    named_once(refused["message"], "'shape'", "'size'", "NewResource")


async def test_an_item_of_a_list_names_its_index_once(tools: Client, folder: str) -> None:
    await add(tools, SCENE, "Line2D", "Trail")
    arguments = {"scene": SCENE, "node_path": "Trail", "property": "points", "value": [[0, 0], [1, "y"]]}
    refused = failure(await tools.call_tool("node_set_property", arguments))

    assert refused["message"].startswith("Property 'points': [1]: "), refused
    named_once(refused["message"], "'points'", "[1]")
