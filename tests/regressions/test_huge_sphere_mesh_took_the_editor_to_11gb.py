"""Regression (issue 21): a 100,000 x 100,000 sphere mesh took the editor from 0.8 to 11 GB (4096 x 4096
already passed 6 GB). An open-ended range hint allows 16 times its maximum, and a mesh's segments x rings
(a texture's width x height) is bounded as a product, wherever the properties are set."""

from __future__ import annotations

import time

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_a_huge_sphere_is_refused_with_its_bound(tools: Client, world: str) -> None:
    started = time.monotonic()
    huge = {"radial_segments": 100_000, "rings": 100_000}
    refused = await call_fails(
        tools,
        "spatial_add_mesh",
        {"scene": world, "shape": "sphere", "mesh_properties": huge},
        "INVALID_PARAMS",
    )
    assert "allowed: 1 to 1600" in refused["message"]
    product = {"radial_segments": 1024, "rings": 1024}
    refused = await call_fails(
        tools,
        "spatial_add_mesh",
        {"scene": world, "shape": "sphere", "mesh_properties": product},
        "INVALID_PARAMS",
    )
    assert "radial_segments x rings of a SphereMesh is 1048576; the most is 262144" in refused["message"]
    assert time.monotonic() - started < 10
    made = await call(
        tools, "spatial_add_mesh", {"scene": world, "shape": "sphere", "mesh_properties": {"rings": 200}}
    )
    assert made["status"] == "created"


async def test_a_huge_sphere_inside_a_new_resource_is_refused(tools: Client, world: str) -> None:
    mesh = {
        "type": "NewResource",
        "class": "SphereMesh",
        "properties": {"radial_segments": 1500, "rings": 1500},
    }
    refused = await call_fails(
        tools,
        "node_create",
        {"scene": world, "class_name": "MeshInstance3D", "name": "Ball", "properties": {"mesh": mesh}},
        "INVALID_PARAMS",
    )
    assert "the most is 262144" in refused["message"]
    assert "editor_get_info" not in refused["message"]
    info = await call(tools, "editor_get_info", {})
    assert info["godot_version"]
