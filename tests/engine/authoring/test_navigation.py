"""navigation.set_source, bake and get_path on the real (headless) editor: sources and baked meshes saved
with the scene, each one undo step, paths found in the scene's navigation map."""

from __future__ import annotations

import math
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails, redo, undo
from tests.engine.authoring._scenes import add, value
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

FLOOR = [[0, 0], [400, 0], [400, 300], [0, 300]]


def saved_scene(engine_editor: EngineEditor, scene: str) -> str:
    return (engine_editor.project / scene.removeprefix("res://")).read_text()


async def floor_region(tools: Client, scene: str) -> None:
    """A NavigationRegion2D 'Floor' with a 400x300 outline and agent radius 12."""
    await add(tools, scene, "NavigationRegion2D", "Floor")
    arguments = {"scene": scene, "node_path": "Floor", "outlines": [FLOOR], "settings": {"agent_radius": 12}}
    await call(tools, "navigation_set_source", arguments)


async def path(tools: Client, scene: str, start: list[float], end: list[float]) -> dict[str, Any]:
    return await call(
        tools, "navigation_get_path", {"scene": scene, "node_path": "Floor", "from": start, "to": end}
    )


async def test_set_source_gives_a_region_its_outline_and_settings(
    tools: Client, scene: str, engine_editor: EngineEditor
) -> None:
    await add(tools, scene, "NavigationRegion2D", "Floor")
    arguments = {"scene": scene, "node_path": "Floor", "outlines": [FLOOR], "settings": {"agent_radius": 12}}
    made = await call(tools, "navigation_set_source", arguments)
    assert (made["resource"], made["outline_count"]) == ("NavigationPolygon", 1)
    assert made["settings"]["agent_radius"] == 12.0
    assert (await undo(tools, "scene", scene)) == "MCP: Set the navigation source of 'Floor'"
    assert await value(tools, scene, "Floor", "navigation_polygon") is None
    await redo(tools, "scene", scene)
    await call(tools, "scene_save", {"scene": scene})
    saved = saved_scene(engine_editor, scene)
    assert "PackedVector2Array(0, 0, 400, 0, 400, 300, 0, 300)" in saved
    assert "agent_radius = 12.0" in saved
    changed = await call(
        tools, "navigation_set_source", {"scene": scene, "node_path": "Floor", "settings": {"cell_size": 2}}
    )
    assert (changed["outline_count"], changed["settings"]["cell_size"]) == (1, 2.0)


async def test_bake_fills_the_mesh_and_paths_cross_it(
    tools: Client, scene: str, engine_editor: EngineEditor
) -> None:
    await floor_region(tools, scene)
    baked = await call(tools, "navigation_bake", {"scene": scene, "node_path": "Floor"})
    assert (baked["polygon_count"], baked["vertex_count"]) == (1, 4)
    found = await path(tools, scene, [20, 20], [380, 280])
    assert found["points"] == [pytest.approx([20, 20], abs=0.01), pytest.approx([380, 280], abs=0.01)]
    assert found["reachable"] is True
    assert found["length"] == pytest.approx(math.hypot(360, 260))
    outside = await path(tools, scene, [20, 20], [1000, 280])
    assert outside["reachable"] is False
    assert outside["points"][-1][0] == pytest.approx(388, abs=1)
    assert (await undo(tools, "scene", scene)) == "MCP: Bake navigation of 'Floor'"
    unbaked = {"scene": scene, "node_path": "Floor", "from": [20, 20], "to": [380, 280]}
    assert (
        "navigation_bake"
        in (await call_fails(tools, "navigation_get_path", unbaked, "INVALID_STATE"))["hint"]
    )
    await redo(tools, "scene", scene)
    assert (await path(tools, scene, [20, 20], [380, 280]))["reachable"] is True
    await call(tools, "scene_save", {"scene": scene})
    assert "vertices = PackedVector2Array(388, 288, 12, 288, 12, 12, 388, 12)" in saved_scene(
        engine_editor, scene
    )


async def test_bake_reports_its_progress(tools: Client, scene: str) -> None:
    await floor_region(tools, scene)
    seen: list[tuple[float, float | None]] = []

    async def on_progress(progress: float, total: float | None, _message: str | None) -> None:
        seen.append((progress, total))

    arguments = {"scene": scene, "node_path": "Floor"}
    progress: Any = on_progress
    baked = await tools.call_tool("navigation_bake", arguments, progress_callback=progress)
    assert not baked.is_error
    assert seen == [(0, 3), (1, 3), (3, 3)]


async def test_a_3d_region_bakes_from_static_colliders(tools: Client, scene: str) -> None:
    await add(tools, scene, "NavigationRegion3D", "Ground")
    await add(tools, scene, "StaticBody3D", "Slab", "Ground")
    box = {
        "type": "NewResource",
        "class": "BoxShape3D",
        "properties": {"size": {"type": "Vector3", "x": 10, "y": 1, "z": 10}},
    }
    await add(tools, scene, "CollisionShape3D", "Box", "Ground/Slab", {"shape": box})
    settings = {"geometry_parsed_geometry_type": 1, "agent_radius": 0.5}
    made = await call(
        tools, "navigation_set_source", {"scene": scene, "node_path": "Ground", "settings": settings}
    )
    assert made["resource"] == "NavigationMesh"
    baked = await call(tools, "navigation_bake", {"scene": scene, "node_path": "Ground"})
    assert baked["polygon_count"] > 0
    arguments = {"scene": scene, "node_path": "Ground", "from": [-4, 0.5, -4], "to": [4, 0.5, 4]}
    found = await call(tools, "navigation_get_path", arguments)
    assert found["reachable"] is True, found
    assert len(found["points"][0]) == 3


async def test_refusals_name_the_next_step(tools: Client, scene: str) -> None:
    await add(tools, scene, "NavigationRegion2D", "Empty")
    await add(tools, scene, "NavigationRegion3D", "Space")
    await add(tools, scene, "Node2D", "Plain")
    bare = await call_fails(tools, "navigation_bake", {"scene": scene, "node_path": "Empty"}, "INVALID_STATE")
    assert "navigation_set_source" in bare["hint"]
    plain = {"scene": scene, "node_path": "Plain", "settings": {"agent_radius": 4}}
    assert (
        "node_create" in (await call_fails(tools, "navigation_set_source", plain, "INVALID_PARAMS"))["hint"]
    )
    short = {"scene": scene, "node_path": "Empty", "outlines": [[[0, 0], [5, 5]]]}
    await call_fails(tools, "navigation_set_source", short, "INVALID_PARAMS")
    await call_fails(tools, "navigation_set_source", {"scene": scene, "node_path": "Empty"}, "INVALID_PARAMS")
    three_d = {"scene": scene, "node_path": "Space", "outlines": [FLOOR]}
    await call_fails(tools, "navigation_set_source", three_d, "INVALID_PARAMS")
    unknown = {"scene": scene, "node_path": "Empty", "settings": {"agent_radiuss": 4}}
    await call_fails(tools, "navigation_set_source", unknown, "NOT_FOUND")
    point = {"scene": scene, "node_path": "Empty", "from": [1], "to": [2, 2]}
    await call_fails(tools, "navigation_get_path", point, "INVALID_PARAMS")
