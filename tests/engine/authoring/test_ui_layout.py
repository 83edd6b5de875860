"""ui.set_layout and ui.get_layout on the real editor: presets, sides, size flags, saved, undone."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.authoring._scenes import add, assert_undo_redo
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

SIDES = ("left", "top", "right", "bottom")


async def layout(client: Client, scene: str, node_path: str) -> dict[str, Any]:
    read = await call(client, "ui_get_layout", {"scene": scene, "node_path": node_path})
    return {
        key: read[key]
        for key in ("anchors", "offsets", "horizontal", "vertical", "stretch_ratio", "min_size")
    }


async def test_preset_full_rect_with_margin_is_saved_and_undoable(
    tools: Client, scene: str, engine_editor: EngineEditor
) -> None:
    await add(tools, scene, "Control", "Hud", properties={"size": {"type": "Vector2", "x": 400, "y": 300}})
    await add(tools, scene, "Panel", "Frame", parent="Hud")
    before = await layout(tools, scene, "Hud/Frame")
    laid = await call(
        tools, "ui_set_layout", {"scene": scene, "node_path": "Hud/Frame", "preset": "full_rect", "margin": 8}
    )
    assert (laid["preset"], laid["container"], laid["node_path"]) == ("full_rect", "", "Hud/Frame")
    assert laid["anchors"] == dict.fromkeys(SIDES, 1.0) | {"left": 0.0, "top": 0.0}
    assert laid["offsets"] == {"left": 8.0, "top": 8.0, "right": -8.0, "bottom": -8.0}
    assert laid["size"] == {"type": "Vector2", "x": 384.0, "y": 284.0}
    after = await layout(tools, scene, "Hud/Frame")
    name = await assert_undo_redo(tools, scene, lambda: layout(tools, scene, "Hud/Frame"), before, after)
    assert name == "MCP: Lay out 'Frame'"
    await call(tools, "scene_save", {"scene": scene})
    saved = (engine_editor.project / scene.removeprefix("res://")).read_text("utf-8")
    frame = saved[saved.index('[node name="Frame"') :]
    assert "anchors_preset = 15" in frame
    assert "anchor_right = 1.0" in frame
    assert "offset_left = 8.0" in frame


async def test_explicit_anchors_and_offsets_win_over_the_preset(tools: Client, scene: str) -> None:
    await add(tools, scene, "Control", "Hud", properties={"size": {"type": "Vector2", "x": 200, "y": 100}})
    await add(tools, scene, "Panel", "Score", parent="Hud")
    laid = await call(
        tools,
        "ui_set_layout",
        {
            "scene": scene,
            "node_path": "Hud/Score",
            "preset": "center",
            "anchors": {"left": 0.25, "right": 0.75},
            "offsets": {"left": 0, "right": 0, "top": -10, "bottom": 10},
            "min_size": [20, 20],
        },
    )
    assert laid["anchors"] == {"left": 0.25, "top": 0.5, "right": 0.75, "bottom": 0.5}
    assert laid["offsets"] == {"left": 0.0, "top": -10.0, "right": 0.0, "bottom": 10.0}
    assert laid["size"] == {"type": "Vector2", "x": 100.0, "y": 20.0}
    assert laid["min_size"] == {"type": "Vector2", "x": 20.0, "y": 20.0}


async def test_size_flags_inside_a_container(tools: Client, scene: str) -> None:
    await add(tools, scene, "VBoxContainer", "Menu")
    await add(tools, scene, "Button", "Play", parent="Menu")
    before = await layout(tools, scene, "Menu/Play")
    laid = await call(
        tools,
        "ui_set_layout",
        {
            "scene": scene,
            "node_path": "Menu/Play",
            "horizontal": ["shrink_center"],
            "vertical": ["fill", "expand"],
            "stretch_ratio": 2,
        },
    )
    assert (laid["container"], laid["horizontal"], laid["vertical"]) == (
        "VBoxContainer",
        ["shrink_center"],
        ["fill", "expand"],
    )
    assert laid["stretch_ratio"] == 2.0
    after = await layout(tools, scene, "Menu/Play")
    await assert_undo_redo(tools, scene, lambda: layout(tools, scene, "Menu/Play"), before, after)
    refused = await call_fails(
        tools,
        "ui_set_layout",
        {"scene": scene, "node_path": "Menu/Play", "preset": "center"},
        "INVALID_OPERATION",
    )
    assert "VBoxContainer" in refused["message"]
    assert "size flags" in refused["hint"]


async def test_failures_name_the_next_step(tools: Client, scene: str) -> None:
    await add(tools, scene, "Node2D", "Plain")
    await add(tools, scene, "Control", "Box")
    not_control = await call_fails(
        tools, "ui_set_layout", {"scene": scene, "node_path": "Plain", "preset": "center"}, "INVALID_PARAMS"
    )
    assert "Control" in not_control["message"]
    assert "scene_get_tree" in not_control["hint"]
    nothing = await call_fails(tools, "ui_set_layout", {"scene": scene, "node_path": "Box"}, "INVALID_PARAMS")
    assert "preset" in nothing["hint"]
    bad_side = await call_fails(
        tools,
        "ui_set_layout",
        {"scene": scene, "node_path": "Box", "anchors": {"middle": 1}},
        "INVALID_PARAMS",
    )
    assert "middle" in bad_side["message"]
    missing = await call_fails(tools, "ui_get_layout", {"scene": scene, "node_path": "Bx"}, "NOT_FOUND")
    assert "Box" in missing["hint"]
