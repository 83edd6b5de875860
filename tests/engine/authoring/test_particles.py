"""particles.add, particles.set and particles.get on the real editor."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails, scratch_for
from tests.engine.authoring._scenes import assert_undo_redo, close_quietly, tree
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


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


async def test_add_a_3d_fire_from_its_preset(tools: Client, world: str, engine_editor: EngineEditor) -> None:
    made = await call(tools, "particles_add", {"scene": world, "preset": "fire", "name": "Fire"})
    assert (made["node_path"], made["type"], made["status"]) == ("Fire", "GPUParticles3D", "created")
    read = await call(tools, "particles_get", {"scene": world, "node_path": "Fire"})
    assert read["settings"]["amount"] == 40
    assert read["process"]["direction"] == {"type": "Vector3", "x": 0, "y": 1, "z": 0}
    assert read["process"]["spread"] == 20
    before = [(".", "Node3D")]
    after = [*before, ("Fire", "GPUParticles3D")]
    assert (
        await assert_undo_redo(tools, world, lambda: tree(tools, world), before, after) == "MCP: create Fire"
    )
    text = await saved_text(tools, engine_editor, world)
    assert '[sub_resource type="ParticleProcessMaterial"' in text
    assert '[sub_resource type="Gradient"' in text
    assert '[sub_resource type="QuadMesh"' in text


async def test_2d_presets_point_down_the_screen_and_use_pixels(tools: Client, scene: str) -> None:
    made = await call(tools, "particles_add", {"scene": scene, "preset": "rain", "type": "CPUParticles2D"})
    assert made["type"] == "CPUParticles2D"
    read = await call(tools, "particles_get", {"scene": scene, "node_path": made["node_path"]})
    settings = read["settings"]
    assert settings["direction"] == {"type": "Vector2", "x": 0, "y": 1}
    assert settings["gravity"] == {"type": "Vector2", "x": 0, "y": 2000}
    assert settings["initial_velocity_max"] == 1000
    assert "process" not in read
    gpu = await call(tools, "particles_add", {"scene": scene, "preset": "explosion"})
    assert gpu["type"] == "GPUParticles2D"
    explosion = await call(tools, "particles_get", {"scene": scene, "node_path": gpu["node_path"]})
    assert explosion["settings"]["one_shot"] is True
    assert explosion["process"]["gravity"] == {"type": "Vector3", "x": 0, "y": 400, "z": 0}


async def test_add_refuses_an_unknown_preset_and_follows_if_exists(tools: Client, world: str) -> None:
    await call_fails(tools, "particles_add", {"scene": world, "preset": "lava"}, "INVALID_PARAMS")
    await call(tools, "particles_add", {"scene": world, "preset": "snow", "name": "Snow"})
    kept = await call(tools, "particles_add", {"scene": world, "preset": "rain", "name": "Snow"})
    assert kept["status"] == "returned"
    clash = {"scene": world, "preset": "rain", "name": "Snow", "if_exists": "fail"}
    await call_fails(tools, "particles_add", clash, "ALREADY_EXISTS")


async def test_set_changes_node_and_material_in_one_undo_step(tools: Client, world: str) -> None:
    await call(tools, "particles_add", {"scene": world, "preset": "magic", "name": "Magic"})
    changed = await call(
        tools,
        "particles_set",
        {
            "scene": world,
            "node_path": "Magic",
            "properties": {"amount": 12, "one_shot": True},
            "process": {"spread": 10},
        },
    )
    assert changed["settings"] == {"amount": 12, "one_shot": True}
    assert changed["process"] == {"spread": 10}

    async def settings() -> tuple[Any, Any, Any]:
        read = await call(tools, "particles_get", {"scene": world, "node_path": "Magic"})
        return read["settings"]["amount"], read["settings"].get("one_shot", False), read["process"]["spread"]

    name = await assert_undo_redo(tools, world, settings, (50, False, 180), (12, True, 10))
    assert name == "MCP: Set particles of Magic"


async def test_set_refuses_unknown_names_and_what_the_node_lacks(
    tools: Client, world: str, scene: str
) -> None:
    await call(tools, "particles_add", {"scene": world, "preset": "dust", "name": "Dust"})
    wrong = await call_fails(
        tools, "particles_set", {"scene": world, "node_path": "Dust", "process": {"sprad": 1}}, "NOT_FOUND"
    )
    assert "spread" in wrong["hint"]
    await call_fails(tools, "particles_set", {"scene": world, "node_path": "Dust"}, "INVALID_PARAMS")
    plain = await call_fails(tools, "particles_get", {"scene": world, "node_path": "."}, "INVALID_PARAMS")
    assert "particles_add" in plain["hint"]
    await call(
        tools, "particles_add", {"scene": world, "preset": "smoke", "type": "CPUParticles3D", "name": "Cpu"}
    )
    cpu = {"scene": world, "node_path": "Cpu", "process": {"spread": 1}}
    refused = await call_fails(tools, "particles_set", cpu, "INVALID_PARAMS")
    assert "properties" in refused["hint"]


PRESETS = ("fire", "smoke", "sparks", "rain", "snow", "explosion", "magic", "dust")
TYPES = ("GPUParticles2D", "GPUParticles3D", "CPUParticles2D", "CPUParticles3D")


async def test_every_preset_builds_every_particle_type(tools: Client, world: str) -> None:
    for preset in PRESETS:
        for kind in TYPES:
            name = f"{preset}_{kind}"
            made = await call(
                tools, "particles_add", {"scene": world, "preset": preset, "type": kind, "name": name}
            )
            assert (made["type"], made["status"]) == (kind, "created")
    listed = await tree(tools, world)
    assert len(listed) == 1 + len(PRESETS) * len(TYPES)
