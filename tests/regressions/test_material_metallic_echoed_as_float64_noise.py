"""Regression (issue 24): ``material_create {metallic: 0.7}`` answered ``0.699999988079071``, and every
result holding an engine float stored as 32 bits did the same (a Control's stretch ratio and anchors,
which ui_get_layout reads without the coercion table). Floats stored as float32 are written as the
shortest decimal that reads back to the same 32-bit value, whatever built the result."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, scratch_for
from tests.engine.authoring._scenes import close_quietly
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_material_properties_come_back_as_sent(
    tools: Client, request: pytest.FixtureRequest, engine_editor: EngineEditor
) -> None:
    path = scratch_for(request, engine_editor.project).path("shiny.tres")
    sent = {
        "metallic": 0.7,
        "roughness": 0.3,
        "albedo_color": {"type": "Color", "r": 0.1, "g": 0.2, "b": 0.3, "a": 1},
    }
    made = await call(
        tools, "material_create", {"path": path, "class_name": "StandardMaterial3D", "properties": sent}
    )
    assert made["properties"] == sent
    assert (await call(tools, "material_get", {"path": path}))["properties"]["metallic"] == 0.7


async def test_a_result_built_without_the_coercion_table_is_shortest_too(
    tools: Client, request: pytest.FixtureRequest, engine_editor: EngineEditor
) -> None:
    scene = scratch_for(request, engine_editor.project).path("panel.tscn")
    await call(tools, "scene_create", {"path": scene, "root_class": "Control", "if_exists": "replace"})
    try:
        laid = await call(
            tools,
            "ui_set_layout",
            {"scene": scene, "node_path": ".", "stretch_ratio": 0.3, "anchors": {"right": 0.7}},
        )
        assert (laid["stretch_ratio"], laid["anchors"]["right"]) == (0.3, 0.7)
    finally:
        await close_quietly(tools, scene)
