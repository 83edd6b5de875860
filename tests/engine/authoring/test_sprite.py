"""sprite.* on the real editor: SpriteFrames files (global undo) and SpriteFrames built into an
AnimatedSprite2D (scene undo), sliced from sprite sheets, their animations and frames edited."""

from __future__ import annotations

import struct
import zlib
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, redo, undo
from tests.engine.authoring._scenes import add, assert_undo_redo

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

# The demo project's 32x32 player image: a 2x2 sheet of 16x16 frames.
SHEET = "res://textures/player.png"
COIN = "res://textures/coin.png"
QUADRANTS = [[0, 0, 16, 16], [16, 0, 16, 16], [0, 16, 16, 16], [16, 16, 16, 16]]


def png(width: int, height: int) -> bytes:
    """A plain opaque RGBA PNG, written by hand (no imaging library needed)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    row = b"\x00" + b"\x20\x80\xff\xff" * width
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(row * height))
        + chunk(b"IEND", b"")
    )


async def animations(
    client: Client, where: dict[str, Any], animation: str | None = None
) -> list[dict[str, Any]]:
    read = await call(client, "sprite_get_frames", where | ({"animation": animation} if animation else {}))
    return list(read["animations"])


async def make_frames(client: Client, scratch: Scratch) -> dict[str, Any]:
    path = scratch.path("hero_frames.tres")
    await call(client, "sprite_create_frames", {"path": path})
    return {"path": path}


async def test_create_frames_file_is_undoable(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("hero_frames.tres")
    made = await call(tools, "sprite_create_frames", {"path": path})
    assert made == {"path": path, "undoable": True, "status": "created"}
    assert await animations(tools, {"path": path}) == [
        {"name": "default", "frame_count": 0, "fps": 5.0, "loop": True}
    ]
    kept = await call(tools, "sprite_create_frames", {"path": path})
    assert kept["status"] == "returned"
    refused = await call_fails(
        tools, "sprite_create_frames", {"path": path, "if_exists": "fail"}, "ALREADY_EXISTS"
    )
    assert "replace" in refused["hint"]
    await undo(tools)
    assert not scratch.file("hero_frames.tres").exists()
    await redo(tools)
    assert scratch.file("hero_frames.tres").exists()


async def test_slice_sheet_into_a_file_animation(tools: Client, scratch: Scratch) -> None:
    where = await make_frames(tools, scratch)
    sliced = await call(
        tools,
        "sprite_slice_sheet",
        where | {"animation": "walk", "texture": SHEET, "hframes": 2, "vframes": 2, "fps": 8},
    )
    assert sliced == where | {
        "animation": "walk",
        "frame_count": 4,
        "frame_size": [16, 16],
        "status": "created",
        "undoable": True,
    }
    walk = await animations(tools, where, "walk")
    assert (walk[0]["fps"], walk[0]["loop"]) == (8.0, True)
    assert [frame["region"] for frame in walk[0]["frames"]] == QUADRANTS
    assert {frame["texture"] for frame in walk[0]["frames"]} == {SHEET}
    assert "AtlasTexture" in scratch.file("hero_frames.tres").read_text()
    await undo(tools)
    assert [entry["name"] for entry in await animations(tools, where)] == ["default"]
    await redo(tools)
    assert [entry["name"] for entry in await animations(tools, where)] == ["default", "walk"]
    again = where | {"animation": "walk", "texture": SHEET, "if_exists": "fail"}
    await call_fails(tools, "sprite_slice_sheet", again, "ALREADY_EXISTS")


async def test_slice_sheet_refuses_bad_grids_and_missing_images(tools: Client, scratch: Scratch) -> None:
    where = await make_frames(tools, scratch)
    outside = await call_fails(
        tools,
        "sprite_slice_sheet",
        where | {"animation": "walk", "texture": SHEET, "hframes": 2, "first_frame": 1, "frame_count": 5},
        "INVALID_PARAMS",
    )
    assert "frame_count" in outside["hint"]
    missing = await call_fails(
        tools,
        "sprite_slice_sheet",
        where | {"animation": "walk", "texture": scratch.path("none.png")},
        "NOT_FOUND",
    )
    assert "editor_wait_for_idle" in missing["hint"]
    pixels = await call_fails(
        tools,
        "sprite_slice_sheet",
        where | {"animation": "dust", "texture": SHEET, "frame_size": [1, 1]},
        "LIMIT_EXCEEDED",
    )
    assert "frame_size" in pixels["hint"]
    both = await call_fails(tools, "sprite_get_frames", where | {"node_path": "Hero"}, "INVALID_PARAMS")
    assert "node_path" in both["message"]


async def test_a_new_png_is_sliced_once_imported(tools: Client, scratch: Scratch) -> None:
    scratch.disk.mkdir(parents=True, exist_ok=True)
    scratch.file("strip.png").write_bytes(png(64, 16))
    await call(tools, "editor_wait_for_idle", {"scan": True})
    where = await make_frames(tools, scratch)
    sliced = await call(
        tools,
        "sprite_slice_sheet",
        where | {"animation": "spin", "texture": scratch.path("strip.png"), "frame_size": [16, 16]},
    )
    assert sliced["frame_count"] == 4


async def test_frames_built_into_a_sprite_are_scene_edits(tools: Client, scene: str) -> None:
    await add(tools, scene, "AnimatedSprite2D", "Hero")
    await add(tools, scene, "Node2D", "Plain")
    where = {"scene": scene, "node_path": "Hero"}
    empty = await call_fails(
        tools, "sprite_slice_sheet", where | {"animation": "a", "texture": SHEET}, "INVALID_STATE"
    )
    assert "sprite_create_frames" in empty["hint"]
    plain = await call_fails(
        tools, "sprite_get_frames", {"scene": scene, "node_path": "Plain"}, "INVALID_PARAMS"
    )
    assert "AnimatedSprite2D" in plain["hint"]
    made = await call(tools, "sprite_create_frames", where)
    assert (made["path"], made["status"], made["scene"]) == ("", "created", scene)
    sliced = await call(
        tools,
        "sprite_slice_sheet",
        where
        | {"animation": "idle", "texture": SHEET, "frame_size": [16, 16], "first_frame": 1, "frame_count": 2},
    )
    assert (sliced["frame_count"], sliced["path"]) == (2, "")
    idle = await animations(tools, where, "idle")
    assert [frame["region"] for frame in idle[0]["frames"]] == QUADRANTS[1:3]
    names = await assert_undo_redo(
        tools,
        scene,
        lambda: _names(tools, where),
        ["default"],
        ["default", "idle"],
    )
    assert names.startswith("MCP: Slice")


async def _names(client: Client, where: dict[str, Any]) -> list[str]:
    return [entry["name"] for entry in await animations(client, where)]


async def test_animations_are_added_set_renamed_and_removed(tools: Client, scratch: Scratch) -> None:
    where = await make_frames(tools, scratch)
    added = await call(tools, "sprite_add_animation", where | {"animation": "jump", "fps": 12, "loop": False})
    assert (added["fps"], added["loop"], added["status"]) == (12.0, False, "created")
    changed = await call(tools, "sprite_set_animation", where | {"animation": "jump", "loop": True})
    assert (changed["fps"], changed["loop"]) == (12.0, True)
    await undo(tools)
    assert (await animations(tools, where, "jump"))[0]["loop"] is False
    await redo(tools)
    renamed = await call(tools, "sprite_rename_animation", where | {"animation": "jump", "new_name": "hop"})
    assert renamed["animation"] == "hop"
    assert await _names(tools, where) == ["default", "hop"]
    taken = await call_fails(
        tools,
        "sprite_rename_animation",
        where | {"animation": "hop", "new_name": "default"},
        "ALREADY_EXISTS",
    )
    assert "new_name" in taken["hint"]
    removed = await call(tools, "sprite_remove_animation", where | {"animation": "hop"})
    assert removed["removed"] == "hop"
    assert await _names(tools, where) == ["default"]
    await undo(tools)
    assert await _names(tools, where) == ["default", "hop"]
    await redo(tools)
    unknown = await call_fails(tools, "sprite_remove_animation", where | {"animation": "hop"}, "NOT_FOUND")
    assert "sprite_add_animation" in unknown["hint"]
    paged = await call(tools, "sprite_get_frames", where | {"limit": 1})
    assert (paged["total_animations"], paged["has_more"]) == (1, False)


async def test_frames_are_added_moved_and_removed(tools: Client, scene: str) -> None:
    await add(tools, scene, "AnimatedSprite2D", "Hero")
    where = {"scene": scene, "node_path": "Hero"}
    await call(tools, "sprite_create_frames", where)
    await call(
        tools,
        "sprite_slice_sheet",
        where | {"animation": "walk", "texture": SHEET, "hframes": 2, "vframes": 2},
    )

    async def frames() -> list[Any]:
        walk = await animations(tools, where, "walk")
        return [frame.get("region", frame["texture"]) for frame in walk[0]["frames"]]

    added = await call(tools, "sprite_add_frames", where | {"animation": "walk", "textures": [COIN], "at": 1})
    assert added["frame_count"] == 5
    with_coin = [QUADRANTS[0], COIN, *QUADRANTS[1:]]
    assert await frames() == with_coin
    await assert_undo_redo(tools, scene, frames, QUADRANTS, with_coin)
    moved = await call(tools, "sprite_move_frame", where | {"animation": "walk", "from": 1, "to": 4})
    assert moved["frame_count"] == 5
    assert await frames() == [*QUADRANTS, COIN]
    removed = await call(tools, "sprite_remove_frames", where | {"animation": "walk", "indices": [4, 0]})
    assert removed["frame_count"] == 3
    assert await frames() == QUADRANTS[1:]
    await assert_undo_redo(tools, scene, frames, [*QUADRANTS, COIN], QUADRANTS[1:])
    outside = await call_fails(
        tools, "sprite_remove_frames", where | {"animation": "walk", "indices": [9]}, "INVALID_PARAMS"
    )
    assert "sprite_get_frames" in outside["hint"]


async def test_a_sprite_using_a_frames_file_edits_the_file(
    tools: Client, scene: str, scratch: Scratch
) -> None:
    where = await make_frames(tools, scratch)
    frames_file = {"type": "Resource", "path": where["path"]}
    await add(tools, scene, "AnimatedSprite2D", "Hero", properties={"sprite_frames": frames_file})
    added = await call(
        tools, "sprite_add_animation", {"scene": scene, "node_path": "Hero", "animation": "run"}
    )
    assert (added["path"], added["node_path"], added["undoable"]) == (where["path"], "Hero", True)
    assert '&"run"' in scratch.file("hero_frames.tres").read_text()
    await undo(tools)
    assert await _names(tools, where) == ["default"]
    await redo(tools)
    assert await _names(tools, where) == ["default", "run"]


async def test_a_later_scene_save_does_not_write_the_frames_file_again(
    tools: Client, scene: str, scratch: Scratch
) -> None:
    where = await make_frames(tools, scratch)
    await call(tools, "sprite_slice_sheet", where | {"animation": "walk", "texture": SHEET, "hframes": 2})
    await undo(tools)
    await redo(tools)
    # Gone behind the editor's back: a save of any scene must not bring it back (nor log a failed save).
    scratch.file("hero_frames.tres").unlink()
    await call(tools, "scene_save", {"scene": scene})
    assert not scratch.file("hero_frames.tres").exists()


async def test_an_animated_sprite_3d_gets_frames_too(tools: Client, scene: str) -> None:
    await add(tools, scene, "AnimatedSprite3D", "Billboard")
    where = {"scene": scene, "node_path": "Billboard"}
    await call(tools, "sprite_create_frames", where)
    await call(
        tools,
        "sprite_slice_sheet",
        where | {"animation": "spin", "texture": SHEET, "hframes": 2, "vframes": 2},
    )
    assert await _names(tools, where) == ["default", "spin"]
    await undo(tools, "scene", scene)
    assert await _names(tools, where) == ["default"]
