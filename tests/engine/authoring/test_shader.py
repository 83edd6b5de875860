"""shader.create, shader.check, shader.list_uniforms and material.set_shader_parameters on the real editor."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, redo, scratch_for, undo
from tests.engine.authoring._scenes import assert_undo_redo, close_quietly
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

WAVE = """shader_type canvas_item;

uniform vec4 tint : source_color = vec4(1.0);
uniform float speed : hint_range(0.0, 10.0) = 1.5;
uniform int steps = 3;

void fragment() {
	COLOR = tint * speed;
}
"""
BROKEN = "shader_type spatial;\n\nvoid fragment() {\n\tALBEDO = vec3(1.0) * amont;\n}\n"


async def shader_file(tools: Client, scratch: Scratch, code: str = WAVE) -> str:
    path = scratch.path("wave.gdshader")
    await call(tools, "shader_create", {"path": path, "code": code})
    return path


async def test_create_writes_a_template_and_undo_removes_it(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("glow.gdshader")
    made = await call(tools, "shader_create", {"path": path, "shader_type": "canvas_item"})
    assert (made["status"], made["undoable"]) == ("created", True)
    assert scratch.file("glow.gdshader").read_text().startswith("shader_type canvas_item;")
    checked = await call(tools, "shader_check", {"path": path})
    assert (checked["ok"], checked["errors"], checked["path"]) == (True, [], path)
    assert await undo(tools) == f"MCP: Create shader {path}"
    assert not scratch.file("glow.gdshader").exists()
    await redo(tools)
    assert scratch.file("glow.gdshader").exists()
    bad = await call_fails(tools, "shader_create", {"path": scratch.path("glow.gd")}, "INVALID_PARAMS")
    assert ".gdshader" in bad["hint"]


async def test_check_reports_the_error_line_of_proposed_code(tools: Client) -> None:
    checked = await call(tools, "shader_check", {"code": BROKEN})
    assert checked["ok"] is False
    assert checked["errors"] == [{"line": 4, "message": "Unknown identifier in expression: 'amont'."}]
    untyped = await call(tools, "shader_check", {"code": "void fragment() {}\n"})
    assert untyped["errors"][0]["line"] == 1
    assert "shader_type" in untyped["errors"][0]["message"]


async def test_check_of_a_file_and_its_refusals(tools: Client, scratch: Scratch) -> None:
    path = await shader_file(tools, scratch, BROKEN)
    checked = await call(tools, "shader_check", {"path": path})
    assert (checked["error_count"], checked["errors"][0]["line"]) == (1, 4)
    await call_fails(tools, "shader_check", {}, "INVALID_PARAMS")
    await call_fails(tools, "shader_check", {"path": scratch.path("none.gdshader")}, "NOT_FOUND")
    broken = await call_fails(tools, "shader_list_uniforms", {"path": path}, "COMPILE_ERROR")
    assert "line 4: Unknown identifier in expression: 'amont'." in broken["message"]
    assert "shader_check" in broken["hint"]


async def test_check_follows_includes_and_names_the_file_of_the_error(
    tools: Client, scratch: Scratch
) -> None:
    helper = scratch.path("lib/helpers.gdshaderinc")
    await call(
        tools, "file_write", {"path": helper, "content": "vec3 glow() {\n\treturn vec3(1.0) * nope;\n}\n"}
    )
    code = (
        'shader_type spatial;\n#include "lib/helpers.gdshaderinc"\nvoid fragment() {\n\tALBEDO = glow();\n}\n'
    )
    proposed = scratch.path("lit.gdshader")
    checked = await call(tools, "shader_check", {"path": proposed, "code": code})
    assert checked["errors"] == [
        {"line": 2, "message": "Unknown identifier in expression: 'nope'.", "file": helper}
    ]
    await call(
        tools,
        "file_write",
        {"path": helper, "content": "vec3 glow() {\n\treturn vec3(1.0);\n}\n", "if_exists": "replace"},
    )
    fixed = await call(tools, "shader_check", {"path": proposed, "code": code})
    assert (fixed["ok"], fixed["notes"]) == (True, [])
    lost = await call(tools, "shader_check", {"code": code})
    assert lost["ok"] is False
    assert "lib/helpers.gdshaderinc" in lost["notes"][0]


async def test_list_uniforms_of_a_shader_and_of_its_material(tools: Client, scratch: Scratch) -> None:
    path = await shader_file(tools, scratch)
    listed = await call(tools, "shader_list_uniforms", {"path": path})
    assert listed["shader"] == path
    assert [(row["name"], row["type"]) for row in listed["uniforms"]] == [
        ("tint", "Color"),
        ("speed", "float"),
        ("steps", "int"),
    ]
    assert listed["uniforms"][1]["range"].startswith("0.0,10.0")
    material = scratch.path("wave.tres")
    await call(tools, "material_create", {"path": material, "class_name": "ShaderMaterial", "shader": path})
    await call(tools, "material_set_shader_parameters", {"path": material, "parameters": {"speed": 4}})
    paged = await call(tools, "shader_list_uniforms", {"path": material, "offset": 1, "limit": 1})
    assert (paged["uniforms"][0]["name"], paged["uniforms"][0]["value"]) == ("speed", 4.0)
    assert paged["has_more"] is True


async def test_set_shader_parameters_types_values_and_undoes(tools: Client, scratch: Scratch) -> None:
    path = await shader_file(tools, scratch)
    material = scratch.path("wave.tres")
    await call(tools, "material_create", {"path": material, "class_name": "ShaderMaterial", "shader": path})
    changed = await call(
        tools,
        "material_set_shader_parameters",
        {"path": material, "parameters": {"tint": "#00ff00", "steps": 5.0}},
    )
    assert changed["properties"] == {
        "shader_parameter/tint": {"type": "Color", "r": 0, "g": 1, "b": 0, "a": 1},
        "shader_parameter/steps": 5,
    }
    text = scratch.file("wave.tres").read_text()
    assert "shader_parameter/tint = Color(0, 1, 0, 1)" in text
    assert "shader_parameter/steps = 5" in text
    assert (await undo(tools)).startswith("MCP: Set shader parameters")
    assert "shader_parameter/tint = Color" not in scratch.file("wave.tres").read_text()
    await redo(tools)
    assert "shader_parameter/steps = 5" in scratch.file("wave.tres").read_text()


async def test_set_shader_parameters_refuses_unknown_uniforms_and_bad_values(
    tools: Client, scratch: Scratch
) -> None:
    path = await shader_file(tools, scratch)
    material = scratch.path("wave.tres")
    await call(tools, "material_create", {"path": material, "class_name": "ShaderMaterial", "shader": path})
    unknown = await call_fails(
        tools, "material_set_shader_parameters", {"path": material, "parameters": {"sped": 2}}, "NOT_FOUND"
    )
    assert "speed" in unknown["hint"]
    wrong = {"path": material, "parameters": {"steps": "many"}}
    bad = await call_fails(tools, "material_set_shader_parameters", wrong, "TYPE_MISMATCH")
    assert "steps" in bad["message"]
    plain = scratch.path("plain.tres")
    await call(tools, "material_create", {"path": plain})
    refused = await call_fails(
        tools, "material_set_shader_parameters", {"path": plain, "parameters": {"speed": 1}}, "INVALID_PARAMS"
    )
    assert "material_set" in refused["hint"]


@pytest.fixture
async def sprite_scene(
    tools: Client, request: pytest.FixtureRequest, engine_editor: EngineEditor
) -> AsyncIterator[str]:
    path = scratch_for(request, engine_editor.project).path("sprites.tscn")
    await call(tools, "scene_create", {"path": path, "root_class": "Node2D", "if_exists": "replace"})
    await call(tools, "node_create", {"scene": path, "class_name": "Sprite2D", "name": "Hero"})
    yield path
    await close_quietly(tools, path)


async def test_shader_parameters_on_a_node_slot_are_one_scene_undo_step(
    tools: Client, scratch: Scratch, sprite_scene: str
) -> None:
    path = await shader_file(tools, scratch)
    slot = {"scene": sprite_scene, "node_path": "Hero"}
    made = await call(tools, "material_create", slot | {"class_name": "ShaderMaterial", "shader": path})
    assert made["slot"] == "material"
    await call(tools, "material_set_shader_parameters", slot | {"parameters": {"speed": 7}})

    async def speed() -> Any:
        listed = await call(tools, "shader_list_uniforms", slot)
        return {row["name"]: row["value"] for row in listed["uniforms"]}["speed"]

    assert await speed() == 7.0
    name = await assert_undo_redo(tools, sprite_scene, speed, None, 7.0)
    assert name.startswith("MCP: Set shader parameters speed")
