"""asset.list, asset.dependencies, asset.create_inherited_scene and asset.diff_scenes on the real editor."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, redo, undo
from tests.engine.authoring._scenes import add, close_quietly

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_list_matches_subclasses_of_the_type_and_pages(tools: Client) -> None:
    textures = await call(tools, "asset_list", {"type": "Texture2D", "folder": "res://textures"})
    scripts = await call(tools, "asset_list", {"type": "Script", "folder": "res://scripts", "limit": 1})
    assert [row["path"] for row in textures["assets"]] == [
        "res://textures/coin.png",
        "res://textures/player.png",
    ]
    assert {row["type"] for row in textures["assets"]} == {"CompressedTexture2D"}
    assert scripts["assets"][0]["type"] == "GDScript"
    assert (scripts["total_assets"], scripts["has_more"]) == (4, True)
    everything = await call(tools, "asset_list", {"limit": 1000})
    assert not any(row["path"].startswith("res://addons/godot_live_mcp") for row in everything["assets"])


async def test_list_refuses_a_type_that_is_no_resource_and_an_unknown_folder(tools: Client) -> None:
    refused = await call_fails(tools, "asset_list", {"type": "Node2D"}, "INVALID_PARAMS")
    missing = await call_fails(tools, "asset_list", {"folder": "res://no_such_folder"}, "NOT_FOUND")
    assert "Texture2D" in refused["hint"]
    assert "folder_list" in missing["hint"]


async def test_dependencies_and_dependents_of_a_scene_and_a_texture(tools: Client) -> None:
    coin = await call(tools, "asset_dependencies", {"path": "res://scenes/coin.tscn"})
    texture = await call(tools, "asset_dependencies", {"path": "res://textures/coin.png"})
    assert {row["path"] for row in coin["dependencies"]} == {
        "res://scripts/coin.gd",
        "res://textures/coin.png",
    }
    assert "res://scenes/level.tscn" in coin["dependents"]
    assert texture["dependents"] == ["res://scenes/coin.tscn"]
    refused = await call_fails(tools, "asset_dependencies", {"path": "res://nothing.png"}, "NOT_FOUND")
    assert refused["hint"]


async def test_an_inherited_scene_is_written_undone_and_redone(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("big_coin.tscn")
    made = await call(tools, "asset_create_inherited_scene", {"base": "res://scenes/coin.tscn", "path": path})
    read = await call(tools, "scene_read_file", {"path": path})
    again = await call(
        tools, "asset_create_inherited_scene", {"base": "res://scenes/coin.tscn", "path": path}
    )
    assert (made["status"], made["root_name"], again["status"]) == ("created", "Coin", "returned")
    assert read["inherits"] == "res://scenes/coin.tscn"
    assert [node["path"] for node in read["nodes"]] == ["."]
    assert read["root_type"] == "Area2D"
    await undo(tools)
    assert not scratch.file("big_coin.tscn").exists()
    await redo(tools)
    assert "coin.tscn" in scratch.file("big_coin.tscn").read_text()


async def test_an_inherited_scene_refuses_a_base_that_is_no_scene_and_an_existing_file(
    tools: Client, scratch: Scratch
) -> None:
    path = scratch.path("copy.tscn")
    refused = await call_fails(
        tools,
        "asset_create_inherited_scene",
        {"base": "res://scripts/coin.gd", "path": path},
        "INVALID_PARAMS",
    )
    await call(tools, "asset_create_inherited_scene", {"base": "res://scenes/coin.tscn", "path": path})
    exists = await call_fails(
        tools,
        "asset_create_inherited_scene",
        {"base": "res://scenes/coin.tscn", "path": path, "if_exists": "fail"},
        "ALREADY_EXISTS",
    )
    assert "coin.gd" in refused["message"]
    assert "if_exists" in exists["hint"]


async def test_diff_of_an_open_scene_against_its_file_and_of_two_files(
    tools: Client, scene: str, scratch: Scratch
) -> None:
    await add(tools, scene, "Sprite2D", "Kept")
    await add(tools, scene, "Node2D", "Gone")
    await call(tools, "scene_save", {"scene": scene})
    await call(tools, "node_delete", {"scene": scene, "node_path": "Gone"})
    await add(tools, scene, "Label", "New")
    await call(
        tools,
        "node_set_property",
        {"scene": scene, "node_path": "Kept", "property": "visible", "value": False},
    )
    unsaved = await call(tools, "asset_diff_scenes", {"scene": scene})
    changes = {row["path"]: row for row in unsaved["changes"]}
    assert (unsaved["before"], unsaved["after"]) == ("saved", "open")
    assert changes["New"]["change"] == "added"
    assert changes["New"]["type"] == "Label"
    assert changes["Gone"]["change"] == "removed"
    assert changes["Kept"]["properties"] == [{"name": "visible", "before": None, "after": False}]
    assert set(changes) == {"New", "Gone", "Kept"}
    other = scratch.path("other.tscn")
    await call(tools, "scene_save_as", {"scene": scene, "path": other})
    files = await call(
        tools, "asset_diff_scenes", {"scene": "res://scenes/coin.tscn", "other": other, "limit": 1}
    )
    assert files["has_more"] is True
    assert files["changes"][0]["path"] == "."
    await close_quietly(tools, other)


async def test_diff_without_other_needs_the_scene_open(tools: Client) -> None:
    await close_quietly(tools, "res://scenes/coin.tscn")
    refused = await call_fails(
        tools, "asset_diff_scenes", {"scene": "res://scenes/coin.tscn"}, "SCENE_NOT_OPEN"
    )
    assert "other" in refused["hint"]
