"""tilemap.* on the real editor: cells of a TileMapLayer painted, filled, connected by terrain, erased and
read, each change one undo step in the scene's history."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, undo
from tests.engine.authoring._scenes import add, assert_undo_redo

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

ATLAS = "res://textures/player.png"

Cell = tuple[tuple[int, int], int, tuple[int, int]]


@pytest.fixture
async def layer(tools: Client, scene: str, scratch: Scratch) -> str:
    """The test's scene with a TileMapLayer 'Ground' using a 2x2 tile set of 16x16 tiles."""
    tile_set = scratch.path("tiles.tres")
    await call(tools, "tileset_create", {"path": tile_set, "texture": ATLAS, "tile_size": [16, 16]})
    properties = {"tile_set": {"type": "Resource", "path": tile_set}}
    await add(tools, scene, "TileMapLayer", "Ground", properties=properties)
    return scene


def target(scene: str, **extra: Any) -> dict[str, Any]:
    return {"scene": scene, "node_path": "Ground"} | extra


async def cells(client: Client, scene: str) -> list[Cell]:
    read = await call(client, "tilemap_get_cells", target(scene))
    return [(tuple(cell["coords"]), cell["source_id"], tuple(cell["atlas_coords"])) for cell in read["cells"]]


async def test_set_cells_paints_each_cell_and_undoes(tools: Client, layer: str, scratch: Scratch) -> None:
    painted = await call(
        tools,
        "tilemap_set_cells",
        target(
            layer, cells=[{"coords": [0, 0]}, {"coords": [3, 1], "atlas_coords": [1, 1]}], atlas_coords=[1, 0]
        ),
    )
    assert painted == {
        "scene": layer,
        "node_path": "Ground",
        "cells": 2,
        "used_rect": {"x": 0, "y": 0, "width": 4, "height": 2},
    }
    after = [((0, 0), 0, (1, 0)), ((3, 1), 0, (1, 1))]
    assert await cells(tools, layer) == after
    name = await assert_undo_redo(tools, layer, lambda: cells(tools, layer), [], after)
    assert name.startswith("MCP: Set 2 cells")
    await call(tools, "scene_save", {"scene": layer})
    saved = scratch.file("scene.tscn").read_text()
    assert 'type="TileMapLayer"' in saved
    assert "tile_map_data = PackedByteArray(" in saved


async def test_set_cells_refuses_a_tile_the_tile_set_lacks(tools: Client, layer: str) -> None:
    refused = await call_fails(
        tools,
        "tilemap_set_cells",
        target(layer, cells=[{"coords": [0, 0], "atlas_coords": [5, 5]}]),
        "NOT_FOUND",
    )
    assert "cells[0]" in refused["message"]
    assert "tileset_get" in refused["hint"]
    assert await cells(tools, layer) == []
    await call_fails(tools, "tilemap_set_cells", target(layer, cells=[]), "INVALID_PARAMS")


async def test_fill_erase_and_paged_reads(tools: Client, layer: str) -> None:
    filled = await call(
        tools, "tilemap_fill_rect", target(layer, rect={"x": 0, "y": 0, "width": 3, "height": 2})
    )
    assert filled["cells"] == 6
    page = await call(tools, "tilemap_get_cells", target(layer, offset=2, limit=2))
    assert [cell["coords"] for cell in page["cells"]] == [[2, 0], [0, 1]]
    assert (page["total_cells"], page["has_more"], page["next_offset"]) == (6, True, 4)
    assert page["used_rect"] == {"x": 0, "y": 0, "width": 3, "height": 2}
    inside = await call(
        tools, "tilemap_get_cells", target(layer, rect={"x": 1, "y": 1, "width": 5, "height": 5})
    )
    assert [cell["coords"] for cell in inside["cells"]] == [[1, 1], [2, 1]]
    full = await cells(tools, layer)
    erased = await call(tools, "tilemap_erase_cells", target(layer, cells=[[0, 0], [9, 9]]))
    assert erased["cells"] == 1
    after = await cells(tools, layer)
    assert len(after) == 5
    await assert_undo_redo(tools, layer, lambda: cells(tools, layer), full, after)
    cleared = await call(tools, "tilemap_erase_cells", target(layer, all=True))
    assert (cleared["cells"], await cells(tools, layer)) == (5, [])
    both = await call_fails(
        tools, "tilemap_erase_cells", target(layer, all=True, cells=[[0, 0]]), "INVALID_PARAMS"
    )
    assert "exactly one" in both["message"]


async def test_connect_terrain_paints_terrain_tiles(tools: Client, layer: str, scratch: Scratch) -> None:
    tile_set = scratch.path("tiles.tres")
    missing = await call_fails(
        tools, "tilemap_connect_terrain", target(layer, cells=[[0, 0]], terrain=0), "NOT_FOUND"
    )
    assert "tileset_add_terrain" in missing["hint"]
    await call(tools, "tileset_add_terrain", {"path": tile_set, "name": "grass"})
    # The four tiles are the corners of a grass patch: each joins its neighbours in the patch.
    corners = {
        (0, 0): ("right_side", "bottom_right_corner", "bottom_side"),
        (1, 0): ("left_side", "bottom_left_corner", "bottom_side"),
        (0, 1): ("right_side", "top_right_corner", "top_side"),
        (1, 1): ("left_side", "top_left_corner", "top_side"),
    }
    tiles = [
        {"atlas_coords": list(tile), "terrain": 0, "peering": dict.fromkeys(bits, 0)}
        for tile, bits in corners.items()
    ]
    await call(tools, "tileset_set_terrain", {"path": tile_set, "tiles": tiles})
    painted = await call(
        tools, "tilemap_connect_terrain", target(layer, cells=[[0, 0], [1, 0], [0, 1], [1, 1]], terrain=0)
    )
    assert painted["cells"] == 4
    assert "warning" not in painted
    after = await cells(tools, layer)
    assert after == [((0, 0), 0, (0, 0)), ((1, 0), 0, (1, 0)), ((0, 1), 0, (0, 1)), ((1, 1), 0, (1, 1))]
    lonely = await call(tools, "tilemap_connect_terrain", target(layer, cells=[[5, 5]], terrain=0))
    assert (lonely["cells"], "no tile" in lonely["warning"]) == (0, True)
    await undo(tools, "scene", layer)
    await assert_undo_redo(tools, layer, lambda: cells(tools, layer), [], after)


async def test_layers_without_tile_set_and_old_tile_maps_are_refused(tools: Client, scene: str) -> None:
    await add(tools, scene, "TileMapLayer", "Bare")
    bare = await call_fails(
        tools, "tilemap_set_cells", {"scene": scene, "node_path": "Bare", "cells": []}, "INVALID_STATE"
    )
    assert "node_set_property" in bare["hint"]
    await add(tools, scene, "TileMap", "Old")
    old = await call_fails(
        tools,
        "tilemap_fill_rect",
        {"scene": scene, "node_path": "Old", "rect": {"x": 0, "y": 0, "width": 1, "height": 1}},
        "INVALID_OPERATION",
    )
    assert "deprecated" in old["message"]
    assert "TileMapLayer" in old["hint"]
