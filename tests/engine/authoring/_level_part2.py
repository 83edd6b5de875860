"""Issue 16 acceptance, the building half: a 2D level and a 3D arena made with the authoring tools only,
and readers that describe what a scene holds through the tools (never through editor_execute)."""

from __future__ import annotations

from typing import Any

from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call
from tests.engine.authoring._scenes import add, tree, vector2

TILE = 16
# The tile atlas is a 3x3 grid of 16 px tiles: the corners, edges and middle of a terrain patch.
ATLAS_SIDE = 3
# The painted ground: 12 cells wide, 3 high, so every tile of the patch is used.
GROUND_WIDTH = 12
GROUND_CELLS = [[x, y] for y in range(ATLAS_SIDE) for x in range(GROUND_WIDTH)]
SHEET_FRAMES = 4
WALKABLE = [[0, 0], [320, 0], [320, 160], [0, 160]]
PATH_FROM, PATH_TO = [20.0, 20.0], [300.0, 140.0]
SHADER = """shader_type spatial;

uniform vec4 tint : source_color = vec4(1.0);
uniform float pulse_speed = 1.0;

void fragment() {
\tfloat pulse = 0.5 + 0.5 * sin(TIME * pulse_speed);
\tALBEDO = tint.rgb;
\tEMISSION = tint.rgb * pulse;
}
"""
# Bit name -> the neighbour (dx, dy) it faces.
PEERING_BITS = {
    "right_side": (1, 0),
    "bottom_right_corner": (1, 1),
    "bottom_side": (0, 1),
    "bottom_left_corner": (-1, 1),
    "left_side": (-1, 0),
    "top_left_corner": (-1, -1),
    "top_side": (0, -1),
    "top_right_corner": (1, -1),
}


def vector3(x: float, y: float, z: float) -> dict[str, Any]:
    return {"type": "Vector3", "x": x, "y": y, "z": z}


def resource(path: str) -> dict[str, Any]:
    return {"type": "Resource", "path": path}


def patch_tiles() -> list[dict[str, Any]]:
    """Each atlas tile with terrain 0 and the peering bits towards the neighbours inside the 3x3 patch."""
    tiles = []
    for y in range(ATLAS_SIDE):
        for x in range(ATLAS_SIDE):
            bits = {
                name: 0
                for name, (dx, dy) in PEERING_BITS.items()
                if 0 <= x + dx < ATLAS_SIDE and 0 <= y + dy < ATLAS_SIDE
            }
            tiles.append({"atlas_coords": [x, y], "terrain": 0, "peering": bits})
    return tiles


def expected_tile(cell: list[int]) -> tuple[int, int]:
    """The atlas tile a ground cell must get: the patch's edge tiles on the area's edges, else the middle."""
    x, y = cell
    column = 0 if x == 0 else 2 if x == GROUND_WIDTH - 1 else 1
    return column, y


async def build_terrain(client: Client, scratch: Scratch, scene: str) -> dict[str, Any]:
    """A checker atlas, its tile set with a 'ground' terrain, and a TileMapLayer painted by terrain."""
    atlas, tile_set = scratch.path("ground_atlas.png"), scratch.path("ground.tres")
    side = ATLAS_SIDE * TILE
    await call(
        client,
        "texture_generate",
        {"path": atlas, "kind": "checker", "width": side, "height": side, "cell_size": TILE},
    )
    await call(client, "editor_wait_for_idle", {})
    made = await call(
        client, "tileset_create", {"path": tile_set, "texture": atlas, "tile_size": [TILE, TILE]}
    )
    assert (made["tiles"], made["grid_size"]) == (9, [3, 3]), made
    terrain = await call(
        client, "tileset_add_terrain", {"path": tile_set, "name": "ground", "color": "#8b5a2b"}
    )
    assert (terrain["terrain_set"], terrain["terrain"]) == (0, 0), terrain
    await call(client, "tileset_set_terrain", {"path": tile_set, "tiles": patch_tiles()})
    await add(
        client,
        scene,
        "TileMapLayer",
        "Ground",
        properties={"tile_set": resource(tile_set), "position": vector2(0, 200)},
    )
    return await call(
        client,
        "tilemap_connect_terrain",
        {
            "scene": scene,
            "node_path": "Ground",
            "cells": GROUND_CELLS,
            "terrain": 0,
            # Empty neighbours count too, so each edge cell gets exactly its edge tile.
            "ignore_empty_terrains": False,
        },
    )


async def build_player(client: Client, scratch: Scratch, scene: str) -> dict[str, Any]:
    """A CharacterBody2D with an AnimatedSprite2D running a sliced sheet, a fitted shape and a bobbing
    AnimationPlayer; the fit_shape answer."""
    sheet = scratch.path("runner_sheet.png")
    await call(
        client,
        "texture_generate",
        {
            "path": sheet,
            "kind": "checker",
            "width": SHEET_FRAMES * TILE,
            "height": TILE,
            "cell_size": TILE,
            "colors": ["#3070ff", "#ffd040"],
        },
    )
    await call(client, "editor_wait_for_idle", {})
    await add(client, scene, "CharacterBody2D", "Player", properties={"position": vector2(40, 180)})
    await add(client, scene, "AnimatedSprite2D", "Sprite", parent="Player")
    sprite = {"scene": scene, "node_path": "Player/Sprite"}
    await call(client, "sprite_create_frames", sprite)
    await call(
        client,
        "sprite_slice_sheet",
        sprite | {"animation": "run", "texture": sheet, "hframes": SHEET_FRAMES, "fps": 8},
    )
    await call(client, "node_set_property", sprite | {"properties": {"animation": "run", "autoplay": "run"}})
    fitted = await call(client, "physics_fit_shape", {"scene": scene, "source": "Player/Sprite"})
    await add(client, scene, "AnimationPlayer", "Bob", parent="Player")
    bob = {"scene": scene, "node_path": "Player/Bob", "animation": "bob"}
    await call(client, "animation_create", bob | {"length": 1.0, "loop_mode": "linear"})
    await call(client, "animation_add_track", bob | {"path": "Sprite:scale"})
    keys = [
        {"time": 0.0, "value": vector2(1, 1)},
        {"time": 0.5, "value": vector2(1.25, 0.75)},
        {"time": 1.0, "value": vector2(1, 1)},
    ]
    await call(client, "animation_insert_keys", bob | {"track": 0, "keys": keys})
    await call(
        client,
        "node_set_property",
        {"scene": scene, "node_path": "Player/Bob", "property": "autoplay", "value": "bob"},
    )
    return fitted


async def build_effects_ui_sound(client: Client, scratch: Scratch, scene: str, bus: str) -> None:
    """Sparks with an additive material, a themed HUD label laid out along the top, a jump sound on bus."""
    await call(
        client,
        "particles_add",
        {
            "scene": scene,
            "preset": "sparks",
            "type": "GPUParticles2D",
            "name": "Sparks",
            "properties": {"position": vector2(150, 180)},
        },
    )
    await call(client, "particles_set", {"scene": scene, "node_path": "Sparks", "properties": {"amount": 24}})
    await call(
        client,
        "material_create",
        {
            "scene": scene,
            "node_path": "Sparks",
            "class_name": "CanvasItemMaterial",
            "properties": {"blend_mode": 1},
        },
    )
    theme = scratch.path("hud_theme.tres")
    label_color = {"kind": "color", "type": "Label", "name": "font_color", "value": "#ffcc00"}
    await call(client, "ui_theme_create", {"path": theme, "default_font_size": 20, "items": [label_color]})
    outline = {"kind": "constant", "type": "Label", "name": "outline_size", "value": 4}
    await call(client, "ui_theme_set_items", {"path": theme, "items": [outline]})
    await add(client, scene, "CanvasLayer", "HUD")
    await add(client, scene, "Label", "Score", parent="HUD", properties={"text": "Score: 0"})
    label = {"scene": scene, "node_path": "HUD/Score"}
    await call(client, "node_set_property", label | {"property": "theme", "value": resource(theme)})
    await call(client, "ui_set_layout", label | {"preset": "top_wide", "margin": 8})
    await add(client, scene, "AudioStreamPlayer", "JumpSound")
    await call(
        client,
        "audio_generate_sound",
        {
            "path": scratch.path("jump.wav"),
            "scene": scene,
            "node_path": "JumpSound",
            "bus": bus,
            "waveform": "square",
            "frequency": 330,
            "end_frequency": 660,
            "duration": 0.2,
        },
    )


async def build_navigation(client: Client, scene: str) -> dict[str, Any]:
    """A NavigationRegion2D over the walkable floor, baked; the bake's answer."""
    await add(client, scene, "NavigationRegion2D", "Walkable")
    region = {"scene": scene, "node_path": "Walkable"}
    await call(
        client, "navigation_set_source", region | {"outlines": [WALKABLE], "settings": {"agent_radius": 8}}
    )
    return await call(client, "navigation_bake", region)


async def read_level(client: Client, scene: str) -> dict[str, Any]:
    """What the 2D level holds, as the tools read it."""
    node = {"scene": scene}
    cells = await call(client, "tilemap_get_cells", node | {"node_path": "Ground"})
    run = await call(client, "sprite_get_frames", node | {"node_path": "Player/Sprite", "animation": "run"})
    bob = await call(client, "animation_get", node | {"node_path": "Player/Bob", "animation": "bob"})
    particles = await call(client, "particles_get", node | {"node_path": "Sparks"})
    material = await call(client, "material_get", node | {"node_path": "Sparks"})
    layout = await call(client, "ui_get_layout", node | {"node_path": "HUD/Score"})
    route = await call(
        client,
        "navigation_get_path",
        node | {"node_path": "Walkable", "from": PATH_FROM, "to": PATH_TO},
    )
    tile_set = await call(client, "tileset_get", {"path": cells["tile_set"]})
    label = await values(client, scene, "HUD/Score", "text", "theme")
    theme = await call(client, "ui_theme_get", {"path": label["theme"]["path"]})
    return {
        "tree": await tree(client, scene),
        "cells": [
            (tuple(cell["coords"]), cell["source_id"], tuple(cell["atlas_coords"])) for cell in cells["cells"]
        ],
        "tile_set": cells["tile_set"],
        "terrain_sets": tile_set["terrain_sets"],
        "run": run["animations"],
        "sprite": await values(client, scene, "Player/Sprite", "animation", "autoplay"),
        "shape": await values(client, scene, "Player/CollisionShape2D", "shape", "position"),
        "bob": (bob["length"], bob["loop_mode"], bob["tracks"]),
        "bob_autoplay": await values(client, scene, "Player/Bob", "autoplay"),
        "particles": (particles["type"], particles["settings"], particles["process"]),
        "material": (material["type"], material["properties"]),
        "layout": (layout["anchors"], layout["offsets"]),
        "label": label,
        "theme": (
            theme["default_font_size"],
            [(row["kind"], row["name"], row["value"]) for row in theme["items"]],
        ),
        "sound": await values(client, scene, "JumpSound", "stream", "bus"),
        "route": route,
    }


async def values(client: Client, scene: str, node_path: str, *names: str) -> dict[str, Any]:
    """name -> JSON value of the named properties of a node of an open scene."""
    read = await call(client, "node_get", {"scene": scene, "node_path": node_path, "names": list(names)})
    assert read["unreadable"] == [], read["unreadable"]
    return {row["name"]: row["value"] for row in read["properties"]}


async def build_arena(client: Client, scratch: Scratch, scene: str) -> dict[str, Any]:
    """A lit 3D arena: a shader-material orb on a coloured floor, a sun, a camera and a sky; the
    shader_check answer."""
    shader, material = scratch.path("glow.gdshader"), scratch.path("glow.tres")
    await call(client, "shader_create", {"path": shader, "code": SHADER})
    checked = await call(client, "shader_check", {"path": shader})
    await call(
        client, "material_create", {"path": material, "class_name": "ShaderMaterial", "shader": shader}
    )
    await call(
        client,
        "material_set_shader_parameters",
        {"path": material, "parameters": {"tint": "#ff8800", "pulse_speed": 3}},
    )
    arena = {"scene": scene}
    await call(
        client,
        "spatial_add_mesh",
        arena
        | {
            "shape": "plane",
            "name": "Floor",
            "color": "#336633",
            "mesh_properties": {"size": vector2(10, 10)},
        },
    )
    await call(
        client,
        "spatial_add_mesh",
        arena
        | {
            "shape": "sphere",
            "name": "Orb",
            "material": material,
            "mesh_properties": {"radius": 0.75, "height": 1.5},
            "properties": {"position": vector3(0, 1, 0)},
        },
    )
    await call(
        client,
        "spatial_add_light",
        arena
        | {
            "kind": "directional",
            "name": "Sun",
            "energy": 1.5,
            "shadows": True,
            "properties": {"rotation_degrees": vector3(-45, 30, 0)},
        },
    )
    await call(
        client,
        "spatial_add_camera",
        arena
        | {
            "name": "Camera",
            "position": vector3(0, 3, 6),
            "look_at": vector3(0, 1, 0),
            "fov": 60,
            "current": True,
        },
    )
    await call(
        client,
        "spatial_set_environment",
        arena
        | {"background": "sky", "sky_top_color": "#2060c0", "ambient_source": "sky", "tonemap": "filmic"},
    )
    return checked


async def read_arena(client: Client, scratch: Scratch, scene: str) -> dict[str, Any]:
    """What the 3D arena holds, as the tools read it."""
    mapped = await call(client, "spatial_map", {"scene": scene})
    environment = await call(client, "spatial_get_environment", {"scene": scene})
    uniforms = await call(client, "shader_list_uniforms", {"path": scratch.path("glow.tres")})
    return {
        "tree": await tree(client, scene),
        "map": mapped["nodes"],
        "environment": (environment["node_path"], environment["environment"], environment["sky"]),
        "uniforms": uniforms["uniforms"],
        "orb": await values(client, scene, "Orb", "mesh", "position"),
        "floor": await values(client, scene, "Floor", "mesh"),
        "sun": await values(client, scene, "Sun", "light_energy", "shadow_enabled"),
        "camera": await values(client, scene, "Camera", "fov", "current", "position"),
    }
