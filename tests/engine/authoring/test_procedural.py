"""gradient.*, curve.* and noise.* on the real editor: the resource files, if_exists, edits, undo and redo."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, redo, undo

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

STOPS = [{"offset": 1, "color": "#0000ff"}, {"offset": 0, "color": [1, 0, 0]}]


async def test_gradient_create_sorts_stops_and_undo_removes_the_file(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("sky.tres")
    made = await call(tools, "gradient_create", {"path": path, "points": STOPS, "interpolation": "constant"})
    assert made == {
        "path": path,
        "points": [{"offset": 0.0, "color": "#ff0000"}, {"offset": 1.0, "color": "#0000ff"}],
        "interpolation": "constant",
        "color_space": "srgb",
        "status": "created",
        "undoable": True,
    }
    text = scratch.file("sky.tres").read_text()
    assert text.startswith('[gd_resource type="Gradient"')
    assert "interpolation_mode = 1" in text
    assert "colors = PackedColorArray(1, 0, 0, 1, 0, 0, 1, 1)" in text
    assert await undo(tools) == f"MCP: Create Gradient {path}"
    assert not scratch.file("sky.tres").exists()
    await redo(tools)
    assert (await call(tools, "gradient_get", {"path": path}))["interpolation"] == "constant"


async def test_gradient_edit_changes_only_what_is_given_and_is_undoable(
    tools: Client, scratch: Scratch
) -> None:
    path = scratch.path("fade.tres")
    await call(tools, "gradient_create", {"path": path, "points": STOPS})
    kept = await call(tools, "gradient_create", {"path": path, "points": [{"offset": 0, "color": "white"}]})
    assert (kept["status"], len(kept["points"])) == ("returned", 2)
    await call_fails(
        tools, "gradient_create", {"path": path, "points": STOPS, "if_exists": "fail"}, "ALREADY_EXISTS"
    )
    edited = await call(tools, "gradient_edit", {"path": path, "color_space": "oklab"})
    assert (edited["color_space"], len(edited["points"])) == ("oklab", 2)
    assert "interpolation_color_space = 2" in scratch.file("fade.tres").read_text()
    assert await undo(tools) == f"MCP: Edit Gradient {path}"
    assert (await call(tools, "gradient_get", {"path": path}))["color_space"] == "srgb"
    await redo(tools)
    assert (await call(tools, "gradient_get", {"path": path}))["color_space"] == "oklab"


async def test_curve_create_edit_and_read(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("falloff.tres")
    points = [{"x": 1, "y": 0}, {"x": 0, "y": 2, "right_tangent": -1.5, "right_mode": "linear"}]
    made = await call(tools, "curve_create", {"path": path, "points": points, "max_value": 2})
    assert (made["min_value"], made["max_value"]) == (0, 2)
    assert made["points"][0] == {
        "x": 0.0,
        "y": 2.0,
        "left_tangent": 0.0,
        "right_tangent": -1.5,
        "left_mode": "free",
        "right_mode": "linear",
    }
    assert made["points"][1]["x"] == 1.0
    assert '[gd_resource type="Curve"' in scratch.file("falloff.tres").read_text()
    edited = await call(tools, "curve_edit", {"path": path, "min_value": -1, "points": [{"x": 0.5, "y": -1}]})
    assert (edited["min_value"], [p["y"] for p in edited["points"]]) == (-1, [-1.0])
    await undo(tools)
    got = await call(tools, "curve_get", {"path": path})
    assert (got["min_value"], len(got["points"])) == (0, 2)
    await redo(tools)
    assert len((await call(tools, "curve_get", {"path": path}))["points"]) == 1


async def test_noise_create_edit_and_read(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("terrain.tres")
    made = await call(
        tools,
        "noise_create",
        {"path": path, "noise_type": "cellular", "seed": 7, "frequency": 0.05, "fractal_type": "ridged"},
    )
    assert (made["noise_type"], made["seed"], made["fractal_type"]) == ("cellular", 7, "ridged")
    assert made["frequency"] == pytest.approx(0.05)
    text = scratch.file("terrain.tres").read_text()
    assert '[gd_resource type="FastNoiseLite"' in text
    assert "seed = 7" in text
    edited = await call(tools, "noise_edit", {"path": path, "fractal_octaves": 3})
    assert (edited["fractal_octaves"], edited["seed"]) == (3, 7)
    await undo(tools)
    assert (await call(tools, "noise_get", {"path": path}))["fractal_octaves"] == 5
    await redo(tools)
    assert (await call(tools, "noise_get", {"path": path}))["fractal_octaves"] == 3


async def test_failures_name_the_next_step(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("g.tres")
    bad_color = await call_fails(
        tools, "gradient_create", {"path": path, "points": [{"offset": 0, "color": "nope"}]}, "TYPE_MISMATCH"
    )
    assert "Point 0 color" in bad_color["message"]
    assert not scratch.file("g.tres").exists()
    await call(tools, "noise_create", {"path": path})
    wrong_kind = await call_fails(
        tools, "gradient_edit", {"path": path, "interpolation": "cubic"}, "INVALID_PARAMS"
    )
    assert "FastNoiseLite" in wrong_kind["message"]
    assert "gradient_create" in wrong_kind["hint"]  # the shared hint of a declared resource target
    missing = await call_fails(tools, "curve_get", {"path": scratch.path("none.tres")}, "NOT_FOUND")
    assert missing["hint"]
    nothing = await call_fails(tools, "noise_edit", {"path": path}, "INVALID_PARAMS")
    assert "setting" in nothing["hint"]
    limits = await call_fails(
        tools,
        "curve_create",
        {"path": scratch.path("c.tres"), "points": [], "min_value": 2, "max_value": 1},
        "INVALID_PARAMS",
    )
    assert "min_value" in limits["hint"]
