"""ui.theme_* on the real editor: Theme files created, items set and removed, read paged, undone."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, redo, undo
from tests.engine.authoring._scenes import add, value

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

PANEL = {"class": "flat", "bg_color": "#202020", "corner_radius": 6, "border_width": 2, "content_margin": 4}
ITEMS: list[dict[str, Any]] = [
    {"kind": "color", "type": "Label", "name": "font_color", "value": "#ffcc00"},
    {"kind": "font_size", "type": "Label", "name": "font_size", "value": 22},
    {"kind": "constant", "type": "VBoxContainer", "name": "separation", "value": 12},
    {"kind": "stylebox", "type": "Button", "name": "normal", "value": PANEL},
]


async def items(client: Client, path: str, **extra: Any) -> list[tuple[str, str, str, Any]]:
    read = await call(client, "ui_theme_get", {"path": path} | extra)
    return [(row["kind"], row["type"], row["name"], row["value"]) for row in read["items"]]


async def test_create_with_items_saves_them_and_undo_removes_the_file(
    tools: Client, scratch: Scratch
) -> None:
    path = scratch.path("game_theme.tres")
    made = await call(tools, "ui_theme_create", {"path": path, "default_font_size": 18, "items": ITEMS})
    assert made == {"path": path, "status": "created", "undoable": True, "item_count": 4}
    text = scratch.file("game_theme.tres").read_text()
    assert '[gd_resource type="Theme"' in text
    assert '[sub_resource type="StyleBoxFlat"' in text
    assert "default_font_size = 18" in text
    assert "Label/colors/font_color = Color(1, 0.8, 0, 1)" in text
    assert "VBoxContainer/constants/separation = 12" in text
    read = await call(tools, "ui_theme_get", {"path": path})
    assert (read["types"], read["default_font_size"], read["total_items"]) == (
        ["Button", "Label", "VBoxContainer"],
        18,
        4,
    )
    assert await items(tools, path, type="Button") == [
        (
            "stylebox",
            "Button",
            "normal",
            {
                "class": "StyleBoxFlat",
                "bg_color": "#202020",
                "border_color": "#cccccc",
                "border_width": 2,
                "corner_radius": 6,
                "content_margin": 4.0,
            },
        )
    ]
    assert await undo(tools) == f"MCP: Create theme {path}"
    assert not scratch.file("game_theme.tres").exists()
    await redo(tools)
    assert len(await items(tools, path)) == 4
    kept = await call(tools, "ui_theme_create", {"path": path})
    assert (kept["status"], kept["item_count"]) == ("returned", 4)


async def test_set_and_remove_items_are_undoable(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("t.tres")
    font = scratch.path("wide.tres")
    await call(tools, "resource_create", {"path": font, "class_name": "FontVariation"})
    await call(tools, "ui_theme_create", {"path": path, "items": ITEMS[:1]})
    more = [
        {"kind": "font", "type": "Label", "name": "font", "value": font},
        {"kind": "color", "type": "Label", "name": "font_color", "value": [0, 0, 1]},
        {
            "kind": "stylebox",
            "type": "Panel",
            "name": "panel",
            "value": {"class": "empty", "content_margin": 3},
        },
    ]
    changed = await call(tools, "ui_theme_set_items", {"path": path, "items": more})
    assert changed["item_count"] == 3
    after = await items(tools, path)
    assert ("font", "Label", "font", font) in after
    assert ("color", "Label", "font_color", "#0000ff") in after
    assert ("stylebox", "Panel", "panel", {"class": "StyleBoxEmpty", "content_margin": 3.0}) in after
    await undo(tools)
    assert await items(tools, path) == [("color", "Label", "font_color", "#ffcc00")]
    await redo(tools)
    assert await items(tools, path) == after
    removed = await call(
        tools,
        "ui_theme_remove_items",
        {"path": path, "items": [{"kind": "font", "type": "Label", "name": "font"}]},
    )
    assert removed["item_count"] == 2
    assert "Label/fonts/font" not in scratch.file("t.tres").read_text()
    assert await undo(tools) == f"MCP: Remove theme items of {path}"
    assert await items(tools, path) == after


async def test_a_theme_given_to_a_control(tools: Client, scratch: Scratch, scene: str) -> None:
    path = scratch.path("hud.tres")
    await call(tools, "ui_theme_create", {"path": path, "items": ITEMS[:2]})
    await add(tools, scene, "Label", "Score")
    theme = {"type": "Resource", "path": path}
    await call(
        tools,
        "node_set_property",
        {"scene": scene, "node_path": "Score", "property": "theme", "value": theme},
    )
    assert (await value(tools, scene, "Score", "theme"))["path"] == path


async def test_failures_name_the_next_step(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("t.tres")
    await call(tools, "ui_theme_create", {"path": path})
    bad_color = await call_fails(
        tools,
        "ui_theme_set_items",
        {"path": path, "items": [ITEMS[0], {"kind": "color", "type": "Label", "name": "x", "value": "nope"}]},
        "TYPE_MISMATCH",
    )
    assert bad_color["message"].startswith("Item 1")
    assert await items(tools, path) == []
    missing_font = await call_fails(
        tools,
        "ui_theme_set_items",
        {
            "path": path,
            "items": [{"kind": "font", "type": "Label", "name": "font", "value": "res://none.ttf"}],
        },
        "NOT_FOUND",
    )
    assert "resource_list" in missing_font["hint"]
    not_held = await call_fails(
        tools,
        "ui_theme_remove_items",
        {"path": path, "items": [{"kind": "color", "type": "Label", "name": "font_color"}]},
        "NOT_FOUND",
    )
    assert "ui_theme_get" in not_held["hint"]
    await call(tools, "noise_create", {"path": scratch.path("n.tres")})
    not_theme = await call_fails(tools, "ui_theme_get", {"path": scratch.path("n.tres")}, "INVALID_PARAMS")
    assert "ui_theme_create" in not_theme["hint"]
    await call_fails(tools, "ui_theme_create", {"path": path, "if_exists": "fail"}, "ALREADY_EXISTS")
