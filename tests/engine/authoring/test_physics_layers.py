"""physics.set_layer_name, list_layer_names and set_layers on the real editor: names saved to project.godot,
layers and masks set by name, each undone and redone."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails, redo, undo
from tests.engine.authoring._scenes import add, assert_undo_redo, value
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


@pytest.fixture
async def named(tools: Client) -> AsyncIterator[None]:
    """2D physics layer 1 named 'player' and 2 'world'; the names are cleared again afterwards."""
    await call(tools, "physics_set_layer_name", {"layer": 1, "name": "player"})
    await call(tools, "physics_set_layer_name", {"layer": 2, "name": "world"})
    yield
    for layer in (1, 2):
        await tools.call_tool("physics_set_layer_name", {"layer": layer, "name": ""})


async def test_layer_names_are_saved_listed_and_undone(
    tools: Client, named: None, engine_editor: EngineEditor
) -> None:
    project = engine_editor.project / "project.godot"
    assert '2d_physics/layer_2="world"' in project.read_text()
    listed = await call(tools, "physics_list_layer_names", {})
    assert listed["layers"] == [{"layer": 1, "name": "player"}, {"layer": 2, "name": "world"}]
    renamed = await call(tools, "physics_set_layer_name", {"layer": 2, "name": "ground"})
    assert (renamed["previous"], renamed["name"]) == ("world", "ground")
    assert (await undo(tools)).startswith("MCP: Name 2d_physics layer 2")
    assert '2d_physics/layer_2="world"' in project.read_text()
    await redo(tools)
    assert '2d_physics/layer_2="ground"' in project.read_text()
    render = await call(
        tools, "physics_list_layer_names", {"kind": "3d_render", "named_only": False, "limit": 2}
    )
    assert render["layers"] == [{"layer": 1, "name": ""}, {"layer": 2, "name": ""}]


async def test_a_layer_number_out_of_range_is_refused(tools: Client) -> None:
    refused = await call_fails(tools, "physics_set_layer_name", {"layer": 33, "name": "x"}, "INVALID_PARAMS")
    assert "32" in str(refused), refused


async def test_set_layers_by_name_and_number_is_one_undo_step(tools: Client, scene: str, named: None) -> None:
    await add(tools, scene, "CharacterBody2D", "Hero")
    arguments = {"scene": scene, "node_path": "Hero", "layers": ["player"], "mask": ["world", 3]}
    made = await call(tools, "physics_set_layers", arguments)
    assert (made["collision_layer"], made["collision_mask"]) == (1, 6)
    assert made["mask"] == [{"layer": 2, "name": "world"}, {"layer": 3, "name": ""}]

    async def bits() -> tuple[Any, Any]:
        layer = await value(tools, scene, "Hero", "collision_layer")
        mask = await value(tools, scene, "Hero", "collision_mask")
        return layer, mask

    after = await bits()
    assert after == ({"type": "LayerMask", "layers": [1]}, {"type": "LayerMask", "layers": [2, 3]})
    before = ({"type": "LayerMask", "layers": [1]}, {"type": "LayerMask", "layers": [1]})
    name = await assert_undo_redo(tools, scene, bits, before, after)
    assert name == "MCP: Set layers of 'Hero'"
    only_mask = await call(tools, "physics_set_layers", {"scene": scene, "node_path": "Hero", "mask": []})
    assert (only_mask["collision_layer"], only_mask["collision_mask"]) == (1, 0)


async def test_set_layers_refuses_unknown_names_and_other_nodes(
    tools: Client, scene: str, named: None
) -> None:
    await add(tools, scene, "Area2D", "Zone")
    await add(tools, scene, "Sprite2D", "Picture")
    typo = {"scene": scene, "node_path": "Zone", "layers": ["playr"]}
    refused = await call_fails(tools, "physics_set_layers", typo, "INVALID_PARAMS")
    assert "player" in refused["hint"]
    assert "physics_list_layer_names" in refused["hint"]
    await call_fails(
        tools, "physics_set_layers", {"scene": scene, "node_path": "Zone", "layers": [40]}, "INVALID_PARAMS"
    )
    sprite = {"scene": scene, "node_path": "Picture", "layers": [1]}
    await call_fails(tools, "physics_set_layers", sprite, "INVALID_PARAMS")
    await call_fails(tools, "physics_set_layers", {"scene": scene, "node_path": "Zone"}, "INVALID_PARAMS")
