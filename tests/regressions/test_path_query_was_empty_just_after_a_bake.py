"""Full suite on two workers: ``navigation_get_path`` right after ``navigation_bake`` answered an empty path
(2D) or one that stopped short (3D) in about half the runs: the editor's map takes a mesh in on a later
frame and the region node rebuilds on a worker thread. Paths now come from a private map synced at once."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call
from tests.engine.authoring._scenes import close_quietly
from tests.engine.authoring.test_navigation import floor_region, path

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


SCENE = "res://tests_tmp/regressions/path_after_bake.tscn"


async def test_every_path_asked_right_after_a_bake_crosses_the_baked_floor(tools: Client) -> None:
    await call(tools, "scene_create", {"path": SCENE, "root_class": "Node2D", "if_exists": "replace"})
    try:
        await _three_bakes_and_paths(tools, SCENE)
    finally:
        await close_quietly(tools, SCENE)
        await call(tools, "folder_delete", {"path": "res://tests_tmp/regressions", "recursive": True})


async def _three_bakes_and_paths(tools: Client, scene: str) -> None:
    corners: list[list[float]] = [[380, 280], [380, 20], [20, 280]]
    for corner in corners:
        await floor_region(tools, scene)
        await call(tools, "navigation_bake", {"scene": scene, "node_path": "Floor"})
        found = await path(tools, scene, [200, 150], corner)
        assert found["reachable"] is True, found
        assert found["points"][-1] == pytest.approx(corner, abs=0.01)
        await call(tools, "node_delete", {"scene": scene, "node_path": "Floor"})
