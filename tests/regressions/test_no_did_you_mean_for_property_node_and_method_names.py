"""Regression (issue 9): signals answered a misspelt name with "did you mean", but properties, node
classes, nodes and connected methods did not; one suggestion helper now words them all."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.authoring._scenes import add, close_quietly
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FOLDER = "tests_tmp/misspelt_names"
RECEIVER = "extends Node2D\n\n\nfunc _on_coin_collected() -> void:\n\tpass\n"


@pytest.fixture
async def scene(tools: Client, engine_editor: EngineEditor) -> AsyncIterator[str]:
    path = f"res://{FOLDER}/scene.tscn"
    await call(tools, "scene_create", {"path": path, "root_class": "Node2D", "if_exists": "replace"})
    await add(tools, path, "Sprite2D", "Player")
    yield path
    await close_quietly(tools, path)
    if (engine_editor.project / FOLDER).is_dir():
        await call(tools, "folder_delete", {"path": f"res://{FOLDER}", "recursive": True})


async def test_a_misspelt_property_to_set_suggests_the_right_one(tools: Client, scene: str) -> None:
    arguments = {"scene": scene, "node_path": "Player", "property": "positon", "value": {"x": 1, "y": 2}}
    refused = await call_fails(tools, "node_set_property", arguments, "NOT_FOUND")
    assert "Did you mean 'position'" in refused["hint"], refused
    assert "node_list_properties" in refused["hint"], refused


async def test_a_misspelt_property_at_creation_suggests_the_right_one(tools: Client, scene: str) -> None:
    arguments = {"scene": scene, "class_name": "Sprite2D", "name": "Other", "properties": {"flip_hh": True}}
    refused = await call_fails(tools, "node_create", arguments, "NOT_FOUND")
    assert "Did you mean 'flip_h'" in refused["hint"], refused


async def test_a_filter_matching_no_property_suggests_the_right_one(tools: Client, scene: str) -> None:
    listed = await call(
        tools, "node_list_properties", {"scene": scene, "node_path": "Player", "filter": "modulat3"}
    )
    assert listed["properties"] == []
    assert "Did you mean" in listed["hint"], listed
    assert "'modulate'" in listed["hint"], listed


async def test_a_misspelt_node_suggests_the_right_one(tools: Client, scene: str) -> None:
    refused = await call_fails(tools, "node_get", {"scene": scene, "node_path": "Playr"}, "NOT_FOUND")
    assert "Did you mean 'Player'" in refused["hint"], refused


async def test_a_misspelt_node_class_suggests_the_right_one(tools: Client, scene: str) -> None:
    arguments = {"scene": scene, "class_name": "Sprit2D", "name": "Art"}
    refused = await call_fails(tools, "node_create", arguments, "NOT_FOUND")
    assert "Did you mean" in refused["hint"], refused
    assert "'Sprite2D'" in refused["hint"], refused


async def test_a_misspelt_method_to_connect_suggests_the_right_one(tools: Client, scene: str) -> None:
    script = f"res://{FOLDER}/receiver.gd"
    await call(tools, "script_write", {"path": script, "content": RECEIVER, "if_exists": "replace"})
    await call(tools, "script_attach", {"scene": scene, "node_path": ".", "path": script})
    link = {"scene": scene, "node_path": "Player", "signal": "visibility_changed", "target": "."}
    refused = await call_fails(tools, "signal_connect", link | {"method": "_on_coin_colected"}, "NOT_FOUND")
    assert "Did you mean '_on_coin_collected'" in refused["hint"], refused
