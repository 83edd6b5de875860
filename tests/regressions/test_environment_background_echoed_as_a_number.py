"""Regression (issue 24): ``spatial_set_environment {background: "sky"}`` answered ``background_mode: 2``.
An enum property is written by the name of its value (the engine's label of the property's enum hint,
lower case, words joined by "_"), so what was sent by name comes back as that name, in every result
that writes properties (here the environment tools and a material); a name is accepted back as input."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, scratch_for
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

# Each enum argument of spatial_set_environment, the Environment property it sets.
ARGUMENTS = {
    "background": "background_mode",
    "ambient_source": "ambient_light_source",
    "tonemap": "tonemap_mode",
}


async def test_every_environment_choice_is_echoed_by_its_name(tools: Client, world: str) -> None:
    schema = {tool.name: tool for tool in (await tools.list_tools()).tools}[
        "spatial_set_environment"
    ].input_schema
    for argument, prop in ARGUMENTS.items():
        for choice in schema["properties"][argument]["enum"]:
            answer = await call(tools, "spatial_set_environment", {"scene": world, argument: choice})
            assert answer["environment"][prop] == choice, (argument, choice)
    read = await call(tools, "spatial_get_environment", {"scene": world})
    assert read["environment"]["tonemap_mode"] == schema["properties"]["tonemap"]["enum"][-1]


async def test_a_material_enum_sent_by_name_or_number_reads_as_its_name(
    tools: Client, request: pytest.FixtureRequest, engine_editor: EngineEditor
) -> None:
    path = scratch_for(request, engine_editor.project).path("glass.tres")
    sent = {"transparency": "alpha_scissor", "cull_mode": 2, "shading_mode": "per_pixel"}
    made = await call(
        tools, "material_create", {"path": path, "class_name": "StandardMaterial3D", "properties": sent}
    )
    assert made["properties"] == {
        "transparency": "alpha_scissor",
        "cull_mode": "disabled",
        "shading_mode": "per_pixel",
    }
