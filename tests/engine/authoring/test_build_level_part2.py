"""Issue 16 acceptance: a 2D level (terrain tile map, animated player with a fitted shape, particles with
a material, a themed HUD, a sound on its own bus, a baked navigation region) and a lit 3D arena with a
shader material, built from nothing with the authoring tools alone; saved, closed, reopened and read
back unchanged through the tools; then the level runs headless and its player animates."""

from __future__ import annotations

import math
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call
from tests.engine.authoring._level_part2 import (
    GROUND_CELLS,
    PATH_FROM,
    PATH_TO,
    SHEET_FRAMES,
    TILE,
    build_arena,
    build_effects_ui_sound,
    build_navigation,
    build_player,
    build_terrain,
    expected_tile,
    read_arena,
    read_level,
    vector3,
)
from tests.engine.authoring._scenes import close_quietly, vector2

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

BUS = "AcceptanceSFX"
BUS_LAYOUT_SETTING = "audio/buses/default_bus_layout"
LEVEL_TREE = [
    (".", "Node2D"),
    ("Ground", "TileMapLayer"),
    ("Player", "CharacterBody2D"),
    ("Player/Sprite", "AnimatedSprite2D"),
    ("Player/CollisionShape2D", "CollisionShape2D"),
    ("Player/Bob", "AnimationPlayer"),
    ("Sparks", "GPUParticles2D"),
    ("HUD", "CanvasLayer"),
    ("HUD/Score", "Label"),
    ("JumpSound", "AudioStreamPlayer"),
    ("Walkable", "NavigationRegion2D"),
]
ARENA_TREE = [
    (".", "Node3D"),
    ("Floor", "MeshInstance3D"),
    ("Orb", "MeshInstance3D"),
    ("Sun", "DirectionalLight3D"),
    ("Camera", "Camera3D"),
    ("WorldEnvironment", "WorldEnvironment"),
]


@pytest.fixture
async def sfx_bus(tools: Client) -> AsyncIterator[str]:
    """A bus of the shared project's layout for the level's sound, removed afterwards. The layout file
    stays (see test_audio.py: the editor's Audio dock saves it itself a moment after each change)."""
    await restore_bus_layout_setting(tools)
    added = await call(tools, "audio_add_bus", {"name": BUS, "volume_db": -6})
    assert (added["name"], added["send"], added["volume_db"]) == (BUS, "Master", -6.0)
    try:
        yield BUS
    finally:
        # By now the Audio dock names the layout by uid:// in the setting: the tools resolve it.
        await call(tools, "audio_remove_bus", {"name": BUS})
        await restore_bus_layout_setting(tools)


async def restore_bus_layout_setting(client: Client) -> None:
    """The editor's Audio dock saves the layout itself 0.8 s after a bus change and then names it by
    uid:// in the (unsaved) setting: put the default back, so later modules start from the same state."""
    setting = await call(client, "project_get_setting", {"name": BUS_LAYOUT_SETTING})
    if not setting["is_default"]:
        await call(client, "project_set_setting", {"name": BUS_LAYOUT_SETTING, "value": None})


async def save_and_reopen(
    client: Client, scene: str, read: Callable[[], Awaitable[dict[str, Any]]]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Save a scene and read it (its sub-resources now have their place in the file), close its tab and
    open the file again; what was read and scene_open's answer."""
    saved = await call(client, "scene_save", {"scene": scene})
    assert saved["saved"] is True, saved
    held = await read()
    closed = await call(client, "scene_close", {"scene": scene})
    assert closed["closed"] is True, closed
    return held, await call(client, "scene_open", {"path": scene})


def without(read: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {key: value for key, value in read.items() if key not in keys}


async def test_a_2d_level_is_built_saved_reopened_and_runs_with_its_player_animating(
    tools: Client, scratch: Scratch, sfx_bus: str
) -> None:
    level = scratch.path("level.tscn")
    await call(tools, "scene_create", {"path": level, "root_class": "Node2D", "root_name": "Level"})
    try:
        # Build.
        painted = await build_terrain(tools, scratch, level)
        assert (painted["cells"], "warning" not in painted) == (len(GROUND_CELLS), True), painted
        fitted = await build_player(tools, scratch, level)
        assert (fitted["node_path"], fitted["shape"], fitted["size"]) == (
            "Player/CollisionShape2D",
            "RectangleShape2D",
            {"size": vector2(TILE, TILE)},
        )
        await build_effects_ui_sound(tools, scratch, level, sfx_bus)
        buses = (await call(tools, "audio_list_buses", {}))["buses"]
        assert [(bus["name"], bus["volume_db"]) for bus in buses] == [("Master", 0.0), (sfx_bus, -6.0)]
        baked = await build_navigation(tools, level)
        assert baked["polygon_count"] >= 1, baked
        built = await read_level(tools, level)
        assert_level_is_what_was_asked(built, scratch, sfx_bus)
        # Save, close, reopen: the file holds all of it.
        saved, reopened = await save_and_reopen(tools, level, lambda: read_level(tools, level))
        assert (reopened["root_name"], reopened["root_type"], reopened["broken_dependencies"]) == (
            "Level",
            "Node2D",
            [],
        )
        assert await read_level(tools, level) == saved
        assert without(saved, "shape") == without(built, "shape")  # only the shape became a reference
        assert_level_text(scratch.file("level.tscn").read_text("utf-8"), sfx_bus)
        # Run it headless: the player's sprite and its AnimationPlayer play by themselves.
        await assert_level_runs(tools, level, sfx_bus)
    finally:
        await close_quietly(tools, level)


def assert_level_is_what_was_asked(level: dict[str, Any], scratch: Scratch, bus: str) -> None:
    assert level["tree"] == LEVEL_TREE
    assert level["tile_set"] == scratch.path("ground.tres")
    [terrain_set] = level["terrain_sets"]
    assert [terrain["name"] for terrain in terrain_set["terrains"]] == ["ground"]
    assert level["cells"] == [(tuple(cell), 0, expected_tile(cell)) for cell in GROUND_CELLS]
    [run] = level["run"]
    assert (run["name"], run["frame_count"], run["fps"], run["loop"]) == ("run", SHEET_FRAMES, 8.0, True)
    assert [frame["region"] for frame in run["frames"]] == [
        [index * TILE, 0, TILE, TILE] for index in range(SHEET_FRAMES)
    ]
    assert level["sprite"] == {"animation": "run", "autoplay": "run"}
    assert level["shape"]["shape"]["class"] == "RectangleShape2D"
    assert level["shape"]["shape"]["properties"]["size"] == vector2(TILE, TILE)
    length, loop_mode, tracks = level["bob"]
    assert (length, loop_mode, [track["path"] for track in tracks]) == (1.0, "linear", ["Sprite:scale"])
    assert [key["time"] for key in tracks[0]["keys"]] == [0.0, 0.5, 1.0]
    assert level["bob_autoplay"] == {"autoplay": "bob"}
    kind, settings, _process = level["particles"]
    assert (kind, settings["amount"]) == ("GPUParticles2D", 24)
    assert level["material"] == ("CanvasItemMaterial", {"blend_mode": "add"})
    anchors, offsets = level["layout"]
    assert anchors == {"left": 0.0, "top": 0.0, "right": 1.0, "bottom": 0.0}
    assert (offsets["left"], offsets["top"], offsets["right"]) == (8.0, 8.0, -8.0)
    assert level["label"]["text"] == "Score: 0"
    assert level["label"]["theme"]["path"] == scratch.path("hud_theme.tres")
    font_size, items = level["theme"]
    assert font_size == 20
    assert sorted(items) == [("color", "font_color", "#ffcc00"), ("constant", "outline_size", 4)]
    assert level["sound"]["stream"]["path"] == scratch.path("jump.wav")
    assert level["sound"]["bus"] == bus
    route = level["route"]
    assert route["reachable"] is True
    assert route["points"][0] == pytest.approx(PATH_FROM, abs=0.01)
    assert route["points"][-1] == pytest.approx(PATH_TO, abs=0.01)
    assert route["length"] == pytest.approx(math.dist(PATH_FROM, PATH_TO), rel=0.01)


def assert_level_text(text: str, bus: str) -> None:
    """What the .tscn itself must say, beyond what the readers showed."""
    assert 'type="TileMapLayer"' in text
    assert "tile_map_data = PackedByteArray(" in text
    assert 'autoplay = "run"' in text
    assert f'bus = &"{bus}"' in text
    assert '[sub_resource type="NavigationPolygon"' in text
    assert "vertices = PackedVector2Array(" in text


async def assert_level_runs(client: Client, level: str, bus: str) -> None:
    started = await call(client, "game_start", {"scene": level})
    try:
        assert (started["running"], started["game"]["scene"]) == (True, level)
        stepped = await call(client, "runtime_step", {"frames": 10})
        assert stepped["frames_stepped"] == 10
        sprite = await call(
            client, "runtime_get_node", {"node_path": "Player/Sprite", "names": ["animation", "autoplay"]}
        )
        assert {row["name"]: row["value"] for row in sprite["properties"]} == {
            "animation": "run",
            "autoplay": "run",
        }
        playing = await call(
            client, "runtime_call_method", {"node_path": "Player/Sprite", "method": "is_playing"}
        )
        assert playing["result"] is True
        # At 8 frames a second the third frame shows after a quarter second of game time.
        advanced = await call(
            client,
            "runtime_step_until",
            {"condition": "get_node('Player/Sprite').frame == 2", "max_frames": 240},
        )
        assert advanced["condition_met"] is True, advanced
        bob = await call(client, "runtime_animation", {"node_path": "Player/Bob"})
        assert (bob["animation"], bob["playing"], bob["length"]) == ("bob", True, 1.0)
        sound = await call(client, "runtime_get_node", {"node_path": "JumpSound", "names": ["bus"]})
        assert sound["properties"][0]["value"] == bus  # a bus the game lacks would read as Master
    finally:
        stopped = await call(client, "game_stop", {})
    assert stopped["running"] is False


async def test_a_lit_3d_arena_with_a_shader_material_is_built_saved_and_reopened(
    tools: Client, scratch: Scratch
) -> None:
    arena = scratch.path("arena.tscn")
    await call(tools, "scene_create", {"path": arena, "root_class": "Node3D", "root_name": "Arena"})
    try:
        checked = await build_arena(tools, scratch, arena)
        assert (checked["ok"], checked["errors"]) == (True, [])
        built = await read_arena(tools, scratch, arena)
        assert_arena_is_what_was_asked(built, scratch)
        saved, reopened = await save_and_reopen(tools, arena, lambda: read_arena(tools, scratch, arena))
        assert (reopened["root_name"], reopened["root_type"]) == ("Arena", "Node3D")
        assert await read_arena(tools, scratch, arena) == saved
        assert without(saved, "orb", "floor") == without(built, "orb", "floor")  # meshes became references
        text = scratch.file("arena.tscn").read_text("utf-8")
        assert f'path="{scratch.path("glow.tres")}"' in text
        assert '[sub_resource type="ProceduralSkyMaterial"' in text
    finally:
        await close_quietly(tools, arena)
    material = scratch.file("glow.tres").read_text("utf-8")
    assert f'path="{scratch.path("glow.gdshader")}"' in material
    assert "shader_parameter/pulse_speed = 3.0" in material


def assert_arena_is_what_was_asked(arena: dict[str, Any], scratch: Scratch) -> None:
    assert arena["tree"] == ARENA_TREE
    uniforms = {row["name"]: (row["type"], row["value"]) for row in arena["uniforms"]}
    assert uniforms["pulse_speed"] == ("float", 3.0)
    tint_type, tint = uniforms["tint"]
    assert tint_type == "Color"
    assert [tint["r"], tint["g"], tint["b"]] == pytest.approx([1.0, 0x88 / 255, 0.0], abs=0.001)
    orb_mesh = arena["orb"]["mesh"]
    assert orb_mesh["class"] == "SphereMesh"
    assert orb_mesh["properties"]["material"]["path"] == scratch.path("glow.tres")
    assert arena["orb"]["position"] == vector3(0, 1, 0)
    assert arena["floor"]["mesh"]["class"] == "PlaneMesh"
    assert arena["sun"] == {"light_energy": 1.5, "shadow_enabled": True}
    assert (arena["camera"]["fov"], arena["camera"]["current"]) == (60.0, True)
    assert arena["camera"]["position"] == vector3(0, 3, 6)
    node_path, environment, sky = arena["environment"]
    assert node_path == "WorldEnvironment"
    assert environment["background_mode"] == "sky"
    assert environment["tonemap_mode"] == "filmic"
    assert sky["sky_top_color"]["type"] == "Color"
    orb = next(node for node in arena["map"] if node["path"] == "Orb")
    assert orb["aabb"] == pytest.approx([-0.75, 0.25, -0.75, 1.5, 1.5, 1.5], abs=0.01)
