"""spatial.add_mesh, add_light, add_camera, set_environment, map and map_2d on the real editor."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, scratch_for
from tests.engine.authoring._scenes import assert_undo_redo, close_quietly, tree, value
from tests.engine.harness import EngineEditor
from tests.engine.surface._level_3d import write_level

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


def vector3(x: float, y: float, z: float) -> dict[str, Any]:
    return {"type": "Vector3", "x": x, "y": y, "z": z}


@pytest.fixture
async def world(
    tools: Client, request: pytest.FixtureRequest, engine_editor: EngineEditor
) -> AsyncIterator[str]:
    """A new Node3D scene of the test's own, active; closed at the end."""
    path = scratch_for(request, engine_editor.project).path("world.tscn")
    await call(tools, "scene_create", {"path": path, "root_class": "Node3D", "if_exists": "replace"})
    yield path
    await close_quietly(tools, path)


async def saved_text(tools: Client, engine_editor: EngineEditor, scene: str) -> str:
    await call(tools, "scene_save", {"scene": scene})
    return (engine_editor.project / scene.removeprefix("res://")).read_text("utf-8")


async def test_add_mesh_builds_the_mesh_and_material_in_one_undo_step(
    tools: Client, world: str, engine_editor: EngineEditor
) -> None:
    made = await call(
        tools,
        "spatial_add_mesh",
        {
            "scene": world,
            "shape": "box",
            "name": "Crate",
            "mesh_properties": {"size": vector3(2, 1, 3)},
            "color": "#ff0000",
            "properties": {"position": vector3(0, 0.5, 0)},
        },
    )
    assert (made["node_path"], made["type"], made["status"]) == ("Crate", "MeshInstance3D", "created")
    before = [(".", "Node3D")]
    after = [*before, ("Crate", "MeshInstance3D")]
    name = await assert_undo_redo(tools, world, lambda: tree(tools, world), before, after)
    assert name == "MCP: create Crate"
    text = await saved_text(tools, engine_editor, world)
    assert '[sub_resource type="BoxMesh"' in text
    assert "size = Vector3(2, 1, 3)" in text
    assert "albedo_color = Color(1, 0, 0, 1)" in text


async def test_add_mesh_uses_a_material_file(
    tools: Client, world: str, scratch: Scratch, engine_editor: EngineEditor
) -> None:
    material = scratch.path("stone.tres")
    await call(tools, "material_create", {"path": material, "properties": {"roughness": 0.9}})
    made = await call(
        tools,
        "spatial_add_mesh",
        {
            "scene": world,
            "shape": "sphere",
            "material": material,
            "mesh_properties": {"radius": 2, "height": 4},
        },
    )
    assert made["node_path"] == "MeshInstance3D"
    mapped = await call(tools, "spatial_map", {"scene": world, "node_path": "MeshInstance3D"})
    assert mapped["nodes"][0]["aabb"] == pytest.approx([-2, -2, -2, 4, 4, 4], abs=0.01)
    text = await saved_text(tools, engine_editor, world)
    assert f'path="{material}"' in text
    assert "radius = 2.0" in text


async def test_add_mesh_makes_every_primitive(tools: Client, world: str) -> None:
    shapes = ("box", "sphere", "capsule", "cylinder", "plane", "prism", "torus")
    for shape in shapes:
        await call(tools, "spatial_add_mesh", {"scene": world, "shape": shape, "name": shape.title()})
    mapped = await call(tools, "spatial_map", {"scene": world})
    bounds = {row["path"]: row.get("aabb") for row in mapped["nodes"]}
    assert bounds["Box"] == [-0.5, -0.5, -0.5, 1, 1, 1]
    assert bounds["Plane"] == [-1, 0, -1, 2, 0, 2]
    assert all(bounds[shape.title()] for shape in shapes)


async def test_add_mesh_refuses_a_wrong_mesh_size_and_a_missing_material(tools: Client, world: str) -> None:
    wrong = await call_fails(
        tools,
        "spatial_add_mesh",
        {"scene": world, "shape": "sphere", "mesh_properties": {"radios": 1}},
        "NOT_FOUND",
    )
    assert "radius" in wrong["hint"]
    missing = {"scene": world, "shape": "box", "material": "res://nope.tres"}
    await call_fails(tools, "spatial_add_mesh", missing, "NOT_FOUND")
    both = {"scene": world, "shape": "box", "material": "res://nope.tres", "color": "#fff"}
    await call_fails(tools, "spatial_add_mesh", both, "INVALID_PARAMS")
    assert await tree(tools, world) == [(".", "Node3D")]


async def test_add_light_sets_colour_energy_range_and_shadows(
    tools: Client, world: str, engine_editor: EngineEditor
) -> None:
    made = await call(
        tools,
        "spatial_add_light",
        {"scene": world, "kind": "omni", "color": "#00ff00", "energy": 2.5, "range": 12, "shadows": True},
    )
    assert (made["node_path"], made["type"]) == ("OmniLight3D", "OmniLight3D")
    assert await value(tools, world, "OmniLight3D", "omni_range") == 12
    after = [(".", "Node3D"), ("OmniLight3D", "OmniLight3D")]
    await assert_undo_redo(tools, world, lambda: tree(tools, world), [(".", "Node3D")], after)
    text = await saved_text(tools, engine_editor, world)
    assert "light_color = Color(0, 1, 0, 1)" in text
    assert "light_energy = 2.5" in text
    assert "shadow_enabled = true" in text


async def test_a_spot_lights_range_is_its_spot_range(tools: Client, world: str) -> None:
    await call(tools, "spatial_add_light", {"scene": world, "kind": "spot", "range": 7, "name": "Torch"})
    assert await value(tools, world, "Torch", "spot_range") == 7


async def test_a_directional_light_has_no_range(tools: Client, world: str) -> None:
    refused = await call_fails(
        tools, "spatial_add_light", {"scene": world, "kind": "directional", "range": 3}, "INVALID_PARAMS"
    )
    assert "omni" in refused["hint"]


async def test_add_camera_looks_at_its_target(tools: Client, world: str) -> None:
    made = await call(
        tools,
        "spatial_add_camera",
        {
            "scene": world,
            "position": vector3(0, 5, 10),
            "look_at": vector3(0, 0, 0),
            "fov": 60,
            "current": True,
        },
    )
    assert made["node_path"] == "Camera3D"
    assert await value(tools, world, "Camera3D", "fov") == 60
    mapped = await call(tools, "spatial_map", {"scene": world})
    camera = next(row for row in mapped["nodes"] if row["path"] == "Camera3D")
    assert camera["position"] == [0, 5, 10]
    rotation = await value(tools, world, "Camera3D", "rotation")
    assert rotation["x"] == pytest.approx(-0.4636, abs=1e-3)
    after = [(".", "Node3D"), ("Camera3D", "Camera3D")]
    await assert_undo_redo(tools, world, lambda: tree(tools, world), [(".", "Node3D")], after)


async def test_add_camera_refuses_to_look_at_its_own_position(tools: Client, world: str) -> None:
    same = {"scene": world, "position": vector3(1, 1, 1), "look_at": vector3(1, 1, 1)}
    refused = await call_fails(tools, "spatial_add_camera", same, "INVALID_PARAMS")
    assert "another point" in refused["hint"]


async def test_set_environment_creates_the_node_with_a_procedural_sky(
    tools: Client, world: str, engine_editor: EngineEditor
) -> None:
    made = await call(
        tools,
        "spatial_set_environment",
        {"scene": world, "background": "sky", "sky_top_color": "#0000ff", "fog": True, "tonemap": "filmic"},
    )
    assert (made["node_path"], made["status"]) == ("WorldEnvironment", "created")
    assert made["environment"]["tonemap_mode"] == "filmic"
    assert made["environment"]["fog_enabled"] is True
    read = await call(tools, "spatial_get_environment", {"scene": world})
    assert read["sky"] == {"sky_top_color": {"type": "Color", "r": 0, "g": 0, "b": 1, "a": 1}}
    assert read["environment"]["background_mode"] == "sky"
    after = [(".", "Node3D"), ("WorldEnvironment", "WorldEnvironment")]
    await assert_undo_redo(tools, world, lambda: tree(tools, world), [(".", "Node3D")], after)
    text = await saved_text(tools, engine_editor, world)
    assert '[sub_resource type="ProceduralSkyMaterial"' in text
    assert "sky_top_color = Color(0, 0, 1, 1)" in text


async def test_set_environment_again_updates_the_existing_one(tools: Client, world: str) -> None:
    await call(tools, "spatial_set_environment", {"scene": world, "glow": True})
    changed = await call(
        tools, "spatial_set_environment", {"scene": world, "glow_intensity": 2.0, "ambient_energy": 3}
    )
    assert (changed["status"], changed["environment"]) == (
        "updated",
        {"glow_intensity": 2.0, "ambient_light_energy": 3.0},
    )

    async def environment() -> dict[str, Any]:
        read = await call(tools, "spatial_get_environment", {"scene": world})
        return dict(read["environment"])

    after = {"glow_enabled": True, "glow_intensity": 2.0, "ambient_light_energy": 3.0}
    name = await assert_undo_redo(tools, world, environment, {"glow_enabled": True}, after)
    assert name == "MCP: set environment"


async def test_set_environment_refuses_nothing_and_unknown_properties(tools: Client, world: str) -> None:
    await call_fails(tools, "spatial_set_environment", {"scene": world}, "INVALID_PARAMS")
    missing = await call_fails(tools, "spatial_get_environment", {"scene": world}, "NOT_FOUND")
    assert "spatial_set_environment" in missing["hint"]
    unknown = await call_fails(
        tools, "spatial_set_environment", {"scene": world, "properties": {"ssao_enable": True}}, "NOT_FOUND"
    )
    assert "ssao_enabled" in unknown["hint"]


async def test_sky_colours_refuse_a_sky_that_is_not_procedural(tools: Client, world: str) -> None:
    panorama = {"type": "NewResource", "class": "PanoramaSkyMaterial", "properties": {}}
    sky = {"type": "NewResource", "class": "Sky", "properties": {"sky_material": panorama}}
    await call(
        tools, "spatial_set_environment", {"scene": world, "background": "sky", "properties": {"sky": sky}}
    )
    refused = await call_fails(
        tools, "spatial_set_environment", {"scene": world, "sky_top_color": "#ffffff"}, "INVALID_OPERATION"
    )
    assert "PanoramaSkyMaterial" in refused["message"]
    kept = await call(tools, "spatial_set_environment", {"scene": world, "background": "sky", "glow": True})
    assert kept["status"] == "updated"
    assert "sky" not in await call(tools, "spatial_get_environment", {"scene": world})
    procedural = {"scene": world, "sky_top_color": "#ffffff", "properties": {"sky": None}}
    await call(tools, "spatial_set_environment", procedural)
    read = await call(tools, "spatial_get_environment", {"scene": world})
    assert read["sky"]["sky_top_color"] == {"type": "Color", "r": 1, "g": 1, "b": 1, "a": 1}


async def test_map_pages_rows_with_world_bounds(tools: Client, world: str) -> None:
    box = {"size": vector3(2, 2, 2)}
    for name, x in (("A", 0), ("B", 10)):
        place = {"position": vector3(x, 1, 0)}
        await call(
            tools,
            "spatial_add_mesh",
            {"scene": world, "shape": "box", "name": name, "mesh_properties": box, "properties": place},
        )
    first = await call(tools, "spatial_map", {"scene": world, "limit": 2})
    assert first["total_nodes"] == 3
    assert first["has_more"] is True
    assert first["nodes"][1] == {
        "path": "A",
        "type": "MeshInstance3D",
        "position": [0, 1, 0],
        "aabb": [-1, 0, -1, 2, 2, 2],
    }
    rest = await call(tools, "spatial_map", {"scene": world, "offset": 2})
    assert rest["nodes"][0]["aabb"] == [9, 0, -1, 2, 2, 2]


async def test_map_2d_gives_positions_and_control_rects(tools: Client, scene: str) -> None:
    await call(
        tools,
        "node_create",
        {
            "scene": scene,
            "class_name": "Node2D",
            "name": "Mover",
            "properties": {"position": {"type": "Vector2", "x": 5, "y": 7}},
        },
    )
    await call(
        tools,
        "node_create",
        {
            "scene": scene,
            "class_name": "ColorRect",
            "name": "Panel",
            "parent": "Mover",
            "properties": {"size": {"type": "Vector2", "x": 30, "y": 20}},
        },
    )
    mapped = await call(tools, "spatial_map_2d", {"scene": scene})
    rows = {row["path"]: row for row in mapped["nodes"]}
    assert rows["Mover"]["position"] == [5, 7]
    assert rows["Mover/Panel"]["rect"] == [5, 7, 30, 20]
    await call_fails(tools, "spatial_map_2d", {"scene": scene, "node_path": "Nope"}, "NOT_FOUND")


@pytest.fixture
async def level(tools: Client, scratch: Scratch) -> AsyncIterator[str]:
    """The 3D level fixture written into the test's folder and opened."""
    scene = await write_level(tools, scratch.res)
    yield scene
    await close_quietly(tools, scene)


async def test_map_of_the_3d_level_fixture(tools: Client, level: str) -> None:
    mapped = await call(tools, "spatial_map", {"scene": level, "node_path": "Ground"})
    rows = {row["path"]: row for row in mapped["nodes"]}
    assert rows["Ground"] == {"path": "Ground", "type": "StaticBody3D", "position": [0, -0.5, 0]}
    assert rows["Ground/Mesh"]["aabb"] == [-30, -1, -30, 60, 1, 60]
    player = await call(tools, "spatial_map", {"scene": level, "node_path": "Player", "limit": 1})
    assert (player["returned"], player["has_more"]) == (1, True)


async def test_set_environment_changes_the_levels_existing_sky(tools: Client, level: str) -> None:
    changed = await call(tools, "spatial_set_environment", {"scene": level, "sky_horizon_color": "#ff0000"})
    assert (changed["node_path"], changed["status"]) == ("WorldEnvironment", "updated")

    async def horizon() -> Any:
        return (await call(tools, "spatial_get_environment", {"scene": level}))["sky"]["sky_horizon_color"]

    before = {"type": "Color", "r": 0.7, "g": 0.75, "b": 0.8, "a": 1}
    after = {"type": "Color", "r": 1, "g": 0, "b": 0, "a": 1}
    assert await horizon() == after
    await assert_undo_redo(tools, level, horizon, before, after)
