"""texture.generate on the real editor: noise, gradient and checker files, the size limit, undo and redo."""

from __future__ import annotations

import struct

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, redo, undo

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_noise_texture_is_saved_with_its_settings(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("clouds.tres")
    arguments = {"path": path, "kind": "noise", "width": 128, "height": 64, "seamless": True}
    ramp = [{"offset": 0, "color": "black"}, {"offset": 1, "color": "#ffcc00"}]
    noise = {"noise_type": "perlin", "seed": 9}
    made = await call(tools, "texture_generate", arguments | {"noise": noise, "points": ramp})
    assert made == {
        "path": path,
        "kind": "noise",
        "type": "NoiseTexture2D",
        "width": 128,
        "height": 64,
        "status": "created",
        "undoable": True,
    }
    text = scratch.file("clouds.tres").read_text()
    assert '[gd_resource type="NoiseTexture2D"' in text
    assert '[sub_resource type="FastNoiseLite"' in text
    assert "noise_type = 3" in text
    assert "seed = 9" in text
    assert "width = 128" in text
    assert "seamless = true" in text
    assert '[sub_resource type="Gradient"' in text
    assert "color_ramp = SubResource(" in text
    assert await undo(tools) == f"MCP: Generate noise texture {path}"
    assert not scratch.file("clouds.tres").exists()
    await redo(tools)
    assert "seed = 9" in scratch.file("clouds.tres").read_text()


async def test_gradient_texture_radial_with_colours(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("glow.tres")
    points = [{"offset": 0, "color": "white"}, {"offset": 1, "color": [1, 1, 1, 0]}]
    arguments = {
        "path": path,
        "kind": "gradient",
        "points": points,
        "fill": "radial",
        "fill_from": [0.5, 0.5],
    }
    made = await call(tools, "texture_generate", arguments)
    assert (made["type"], made["status"]) == ("GradientTexture2D", "created")
    text = scratch.file("glow.tres").read_text()
    assert "fill = 1" in text
    assert "fill_from = Vector2(0.5, 0.5)" in text
    assert "colors = PackedColorArray(1, 1, 1, 1, 1, 1, 1, 0)" in text
    kept = await call(tools, "texture_generate", arguments | {"fill": "square"})
    assert kept["status"] == "returned"
    replaced = await call(tools, "texture_generate", arguments | {"fill": "square", "if_exists": "replace"})
    assert replaced["status"] == "replaced"
    assert "fill = 2" in scratch.file("glow.tres").read_text()
    await undo(tools)
    assert "fill = 1" in scratch.file("glow.tres").read_text()


async def test_checker_png_is_written_and_imported(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("grid.png")
    arguments = {"path": path, "kind": "checker", "width": 64, "height": 32, "cell_size": 8}
    made = await call(tools, "texture_generate", arguments | {"colors": ["#ff0000", "#00ff00"]})
    assert (made["type"], made["undoable"]) == ("ImageTexture", True)
    data = scratch.file("grid.png").read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", data[16:24]) == (64, 32)
    assert scratch.file("grid.png.import").exists()
    listed = await call(tools, "resource_list", {"path": scratch.res, "type": "Texture2D"})
    assert [entry["path"] for entry in listed["resources"]] == [path]
    await undo(tools)
    assert not scratch.file("grid.png").exists()
    await redo(tools)
    assert scratch.file("grid.png").read_bytes() == data


async def test_checker_tres_embeds_the_pixels(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("grid.tres")
    made = await call(tools, "texture_generate", {"path": path, "kind": "checker", "width": 4, "height": 4})
    assert made["type"] == "ImageTexture"
    text = scratch.file("grid.tres").read_text()
    assert '[gd_resource type="ImageTexture"' in text
    assert '"width": 4' in text


async def test_failures_name_the_next_step(tools: Client, scratch: Scratch) -> None:
    too_big = await call_fails(
        tools,
        "texture_generate",
        {"path": scratch.path("big.png"), "kind": "checker", "width": 2048, "height": 16},
        "INVALID_PARAMS",
    )
    assert "1024" in too_big["message"]
    assert "1024" in too_big["hint"]
    png_noise = await call_fails(
        tools, "texture_generate", {"path": scratch.path("n.png"), "kind": "noise"}, "INVALID_PARAMS"
    )
    assert ".tres" in png_noise["hint"]
    colours = await call_fails(
        tools,
        "texture_generate",
        {"path": scratch.path("c.tres"), "kind": "checker", "colors": ["red"]},
        "INVALID_PARAMS",
    )
    assert "colors" in colours["hint"]
    outside = await call_fails(
        tools, "texture_generate", {"path": "res://../x.tres", "kind": "noise"}, "PATH_DENIED"
    )
    assert outside["hint"]
    assert not scratch.disk.exists() or not any(scratch.disk.iterdir())
