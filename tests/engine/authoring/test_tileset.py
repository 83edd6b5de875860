"""tileset.* on the real editor: TileSet files built from an atlas image, their layers and per-tile data,
saved at once and undone and redone in the global history."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, redo, undo

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

# The demo project's 32x32 player image: four 16x16 tiles.
ATLAS = "res://textures/player.png"
COIN = "res://textures/coin.png"


async def make_tile_set(client: Client, scratch: Scratch, name: str = "tiles.tres") -> str:
    path = scratch.path(name)
    made = await call(client, "tileset_create", {"path": path, "texture": ATLAS, "tile_size": [16, 16]})
    assert made["status"] == "created", made
    return path


def file_text(scratch: Scratch, name: str = "tiles.tres") -> str:
    return scratch.file(name).read_text()


async def read(client: Client, path: str) -> dict[str, Any]:
    return await call(client, "tileset_get", {"path": path})


async def tile(client: Client, path: str, index: int) -> dict[str, Any]:
    """The index-th tile of source 0 (row by row), as tileset_get_tiles reports it."""
    page = await call(client, "tileset_get_tiles", {"path": path, "offset": index, "limit": 1})
    return dict(page["tiles"][0])


async def test_create_builds_one_atlas_source_over_the_whole_image(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("tiles.tres")
    made = await call(tools, "tileset_create", {"path": path, "texture": ATLAS, "tile_size": [16, 16]})
    assert made == {
        "path": path,
        "source_id": 0,
        "tiles": 4,
        "grid_size": [2, 2],
        "undoable": True,
        "status": "created",
    }
    described = await read(tools, path)
    assert described["tile_size"] == [16, 16]
    assert described["sources"] == [
        {
            "source_id": 0,
            "type": "TileSetAtlasSource",
            "tiles": 4,
            "texture": ATLAS,
            "tile_size": [16, 16],
            "grid_size": [2, 2],
        }
    ]
    assert "TileSetAtlasSource" in file_text(scratch)
    again = await call(tools, "tileset_create", {"path": path, "texture": ATLAS})
    assert again["status"] == "returned"
    refused = await call_fails(
        tools, "tileset_create", {"path": path, "texture": ATLAS, "if_exists": "fail"}, "ALREADY_EXISTS"
    )
    assert "if_exists" in refused["hint"]
    assert (await undo(tools)).startswith("MCP: Create tile set")
    assert not scratch.file("tiles.tres").exists()
    await redo(tools)
    assert (await read(tools, path))["sources"][0]["tiles"] == 4


async def test_create_refuses_a_missing_image_and_tiles_that_do_not_fit(
    tools: Client, scratch: Scratch
) -> None:
    path = scratch.path("tiles.tres")
    missing = await call_fails(
        tools, "tileset_create", {"path": path, "texture": scratch.path("none.png")}, "NOT_FOUND"
    )
    assert "editor_wait_for_idle" in missing["hint"]
    too_big = await call_fails(
        tools, "tileset_create", {"path": path, "texture": ATLAS, "tile_size": [64, 64]}, "INVALID_PARAMS"
    )
    assert "tile_size" in too_big["hint"]
    assert not scratch.file("tiles.tres").exists()


async def test_add_source_takes_the_next_id_and_is_undoable(tools: Client, scratch: Scratch) -> None:
    path = await make_tile_set(tools, scratch)
    added = await call(tools, "tileset_add_source", {"path": path, "texture": COIN})
    assert added == {"path": path, "source_id": 1, "tiles": 1, "grid_size": [1, 1], "undoable": True}
    assert [source["source_id"] for source in (await read(tools, path))["sources"]] == [0, 1]
    taken = await call_fails(
        tools, "tileset_add_source", {"path": path, "texture": COIN, "source_id": 0}, "ALREADY_EXISTS"
    )
    assert "source_id" in taken["hint"]
    await undo(tools)
    assert [source["source_id"] for source in (await read(tools, path))["sources"]] == [0]
    await redo(tools)
    paged = await call(tools, "tileset_get", {"path": path, "offset": 1, "limit": 1})
    assert [source["source_id"] for source in paged["sources"]] == [1]
    assert paged["total_sources"] == 2


async def test_collision_polygons_are_saved_per_tile(tools: Client, scratch: Scratch) -> None:
    path = await make_tile_set(tools, scratch)
    no_layer = await call_fails(tools, "tileset_set_collision", {"path": path}, "NOT_FOUND")
    assert "tileset_add_physics_layer" in no_layer["hint"]
    layer = await call(tools, "tileset_add_physics_layer", {"path": path, "collision_layer": 2})
    assert layer["physics_layer"] == 0
    assert (await read(tools, path))["physics_layers"] == [
        {"index": 0, "collision_layer": 2, "collision_mask": 1}
    ]
    shaped = await call(tools, "tileset_set_collision", {"path": path, "tiles": [[1, 0]]})
    assert shaped["tiles"] == 1
    text = file_text(scratch)
    assert "1:0/0/physics_layer_0/polygon_0/points = PackedVector2Array(-8, -8, 8, -8, 8, 8, -8, 8)" in text
    assert "0:0/0/physics_layer_0/polygon_0" not in text
    outside = await call_fails(tools, "tileset_set_collision", {"path": path, "tiles": [[5, 5]]}, "NOT_FOUND")
    assert "tileset_get" in outside["hint"]
    await undo(tools)
    assert "physics_layer_0/polygon_0" not in file_text(scratch)
    assert (await tile(tools, path, 1))["collision"] == {}
    await redo(tools)
    assert "1:0/0/physics_layer_0/polygon_0" in file_text(scratch)


async def test_terrains_and_peering_bits(tools: Client, scratch: Scratch) -> None:
    path = await make_tile_set(tools, scratch)
    grass = await call(tools, "tileset_add_terrain", {"path": path, "name": "grass", "color": "#00ff00"})
    assert (grass["terrain_set"], grass["terrain"], grass["status"]) == (0, 0, "created")
    again = await call(tools, "tileset_add_terrain", {"path": path, "name": "grass", "terrain_set": 0})
    assert again["status"] == "returned"
    terrain_sets = (await read(tools, path))["terrain_sets"]
    assert terrain_sets == [
        {
            "index": 0,
            "mode": "corners_and_sides",
            "terrains": [{"index": 0, "name": "grass", "color": "#00ff00ff"}],
        }
    ]
    tiles = [{"atlas_coords": [0, 0], "terrain": 0, "peering": {"right_side": 0, "bottom_side": 0}}]
    painted = await call(tools, "tileset_set_terrain", {"path": path, "tiles": tiles})
    assert painted["tiles"] == 1
    text = file_text(scratch)
    assert "0:0/0/terrain_set = 0" in text
    assert "0:0/0/terrains_peering_bit/right_side = 0" in text
    bad = [{"atlas_coords": [0, 0], "terrain": 0, "peering": {"right_corner": 0}}]
    refused = await call_fails(tools, "tileset_set_terrain", {"path": path, "tiles": bad}, "INVALID_PARAMS")
    assert "bottom_right_corner" in refused["hint"]
    await undo(tools)
    assert "terrain_set = 0" not in file_text(scratch)
    assert (await tile(tools, path, 0))["terrain_set"] == -1
    await redo(tools)
    assert "0:0/0/terrains_peering_bit/bottom_side = 0" in file_text(scratch)


async def test_custom_data_layers_and_values(tools: Client, scratch: Scratch) -> None:
    path = await make_tile_set(tools, scratch)
    layer = await call(
        tools, "tileset_add_custom_data_layer", {"path": path, "name": "damage", "type": "int"}
    )
    assert (layer["layer"], layer["status"]) == (0, "created")
    assert (await read(tools, path))["custom_data_layers"] == [{"index": 0, "name": "damage", "type": "int"}]
    bad_type = await call_fails(
        tools,
        "tileset_add_custom_data_layer",
        {"path": path, "name": "x", "type": "Number"},
        "INVALID_PARAMS",
    )
    assert "Vector2" in bad_type["hint"]
    set_ = await call(
        tools, "tileset_set_custom_data", {"path": path, "layer": "damage", "value": 5, "tiles": [[1, 1]]}
    )
    assert set_["tiles"] == 1
    assert "1:1/0/custom_data_0 = 5" in file_text(scratch)
    await call_fails(
        tools, "tileset_set_custom_data", {"path": path, "layer": "damage", "value": "much"}, "TYPE_MISMATCH"
    )
    unknown = await call_fails(
        tools, "tileset_set_custom_data", {"path": path, "layer": "speed", "value": 1}, "NOT_FOUND"
    )
    assert "tileset_add_custom_data_layer" in unknown["hint"]
    await undo(tools)
    assert "custom_data_0 = 5" not in file_text(scratch)
    assert (await tile(tools, path, 3))["custom_data"] == {"damage": 0}
    await redo(tools)
    assert "1:1/0/custom_data_0 = 5" in file_text(scratch)


async def test_tile_set_tools_refuse_other_resources(tools: Client, scratch: Scratch) -> None:
    shape = scratch.path("shape.tres")
    await call(tools, "resource_create", {"path": shape, "class_name": "RectangleShape2D"})
    # A file of another class is a bad path: the shared INVALID_PARAMS of a declared resource target.
    refused = await call_fails(tools, "tileset_get", {"path": shape}, "INVALID_PARAMS")
    assert "tileset_create" in refused["hint"]


async def test_get_tiles_reports_each_tiles_data_paged(tools: Client, scratch: Scratch) -> None:
    path = await make_tile_set(tools, scratch)
    await call(tools, "tileset_add_physics_layer", {"path": path})
    await call(tools, "tileset_set_collision", {"path": path, "tiles": [[1, 0]]})
    await call(tools, "tileset_add_terrain", {"path": path, "name": "grass"})
    tiles = [{"atlas_coords": [1, 0], "terrain": 0, "peering": {"left_side": 0}}]
    await call(tools, "tileset_set_terrain", {"path": path, "tiles": tiles})
    await call(tools, "tileset_add_custom_data_layer", {"path": path, "name": "solid", "type": "bool"})
    await call(
        tools, "tileset_set_custom_data", {"path": path, "layer": "solid", "value": True, "tiles": [[1, 0]]}
    )
    page = await call(tools, "tileset_get_tiles", {"path": path, "offset": 1, "limit": 1})
    assert (page["total_tiles"], page["has_more"], page["source_id"]) == (4, True, 0)
    assert page["tiles"] == [
        {
            "atlas_coords": [1, 0],
            "terrain_set": 0,
            "terrain": 0,
            "peering": {"left_side": 0},
            "collision": {"0": [[[-8, -8], [8, -8], [8, 8], [-8, 8]]]},
            "custom_data": {"solid": True},
        }
    ]
    first = (await call(tools, "tileset_get_tiles", {"path": path, "limit": 1}))["tiles"][0]
    assert (first["terrain_set"], first["collision"], first["custom_data"]) == (-1, {}, {"solid": False})
    missing = await call_fails(tools, "tileset_get_tiles", {"path": path, "source_id": 7}, "NOT_FOUND")
    assert "tileset_add_source" in missing["hint"]


async def test_a_later_scene_save_does_not_write_the_tile_set_again(
    tools: Client, scene: str, scratch: Scratch
) -> None:
    path = await make_tile_set(tools, scratch)
    await call(tools, "tileset_add_source", {"path": path, "texture": COIN})
    await undo(tools)
    await redo(tools)
    # Gone behind the editor's back: a save of any scene must not bring it back (nor log a failed save).
    scratch.file("tiles.tres").unlink()
    await call(tools, "scene_save", {"scene": scene})
    assert not scratch.file("tiles.tres").exists()
