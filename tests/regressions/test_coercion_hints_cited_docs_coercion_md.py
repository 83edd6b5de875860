"""Regression (issue 9): a value of the wrong shape was answered with the hint "The JSON shape of each type
tag is documented in docs/coercion.md.", a file the client cannot see. The hint now names the tools that
show each property's type and current value as JSON."""

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

FOLDER = "tests_tmp/coercion_hints"
SCENE = f"res://{FOLDER}/scene.tscn"
RESOURCE = f"res://{FOLDER}/shape.tres"

BAD_SHAPES: list[tuple[str, Any]] = [
    ("position", {"type": "Vector9", "x": 1}),
    ("position", {"type": "Vector2", "x": 1}),
    ("position", "left"),
    ("modulate", [1, 2]),
    ("material", {"type": "NewResource"}),
    ("material", {"type": "Resource", "path": 3}),
]


@pytest.fixture
async def scene(tools: Client, engine_editor: EngineEditor) -> AsyncIterator[str]:
    await call(tools, "scene_create", {"path": SCENE, "root_class": "Node2D", "if_exists": "replace"})
    await add(tools, SCENE, "Sprite2D", "Art")
    yield SCENE
    await close_quietly(tools, SCENE)
    if (engine_editor.project / FOLDER).is_dir():
        await call(tools, "folder_delete", {"path": f"res://{FOLDER}", "recursive": True})


def assert_names_a_tool(hint: str) -> None:
    assert ".md" not in hint, hint
    assert "node_list_properties" in hint, hint


@pytest.mark.parametrize(("name", "bad"), BAD_SHAPES)
async def test_a_badly_shaped_node_value_names_a_tool(tools: Client, scene: str, name: str, bad: Any) -> None:
    arguments = {"scene": scene, "node_path": "Art", "property": name, "value": bad}
    refused = failure(await tools.call_tool("node_set_property", arguments))

    assert refused["code"] in {"INVALID_PARAMS", "TYPE_MISMATCH"}, refused
    assert_names_a_tool(refused["hint"])


async def test_a_badly_shaped_resource_value_names_a_tool(tools: Client, scene: str) -> None:
    await call(tools, "resource_create", {"path": RESOURCE, "class_name": "RectangleShape2D"})
    arguments = {"path": RESOURCE, "property": "size", "value": {"type": "Vector2", "x": 1}}
    refused = failure(await tools.call_tool("resource_set_property", arguments))

    assert refused["code"] == "INVALID_PARAMS", refused
    assert_names_a_tool(refused["hint"])
