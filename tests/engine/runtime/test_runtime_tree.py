"""runtime_get_tree and runtime_find: the live node tree of the running game."""

from __future__ import annotations

import pytest
from mcp.client import Client

from godot_live_mcp.contract import ErrorCode
from tests.engine.runtime.conftest import call, error_code, error_text

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_get_tree_lists_the_live_level_with_types_scripts_and_groups(game: Client) -> None:
    tree = await call(game, "runtime_get_tree", max_depth=1, detail="full")
    nodes = {node["path"]: node for node in tree["nodes"]}
    assert tree["scene"] == "res://scenes/level.tscn"
    assert nodes["."]["type"] == "Node2D"
    assert nodes["Player"]["type"] == "CharacterBody2D"
    assert nodes["Player"]["script"] == "res://scripts/player.gd"
    assert nodes["Player"]["groups"] == ["player"]
    assert {"Coin1", "Coin2", "Ground", "Camera2D", "HUD"} <= set(nodes)


async def test_get_tree_from_root_shows_autoloads_but_not_the_runtime_server(game: Client) -> None:
    tree = await call(game, "runtime_get_tree", node_path="/root", max_depth=1)
    paths = {node["path"] for node in tree["nodes"]}
    assert "/root/GameState" in paths
    assert "." in paths  # the current scene, named as tools name it
    assert not any("MCPRuntimeServer" in path for path in paths)


async def test_get_tree_pages_with_offset_and_limit(game: Client) -> None:
    first = await call(game, "runtime_get_tree", limit=3)
    assert first["returned"] == 3
    assert first["has_more"] is True
    rest = await call(game, "runtime_get_tree", offset=first["next_offset"], limit=100)
    assert rest["has_more"] is False
    assert first["total_nodes"] == 3 + rest["returned"]


async def test_find_the_player_by_group_by_class_by_script_and_by_name_pattern(game: Client) -> None:
    by_group = await call(game, "runtime_find", group="player")
    by_class = await call(game, "runtime_find", type="CharacterBody2D")
    by_script_class = await call(game, "runtime_find", type="Player")
    by_script = await call(game, "runtime_find", script="res://scripts/player.gd")
    by_name = await call(game, "runtime_find", name="Pl*")
    for found in (by_group, by_class, by_script_class, by_script, by_name):
        assert [node["path"] for node in found["nodes"]] == ["Player"]
        assert found["total_matches"] == 1
    coins = await call(game, "runtime_find", type="Area2D", node_path="/root")
    assert [node["path"] for node in coins["nodes"]] == ["Coin1", "Coin2"]


async def test_find_without_any_filter_is_refused(game: Client) -> None:
    assert error_code(await game.call_tool("runtime_find", {})) == ErrorCode.INVALID_PARAMS


async def test_a_missing_node_is_not_found_and_its_siblings_are_named(game: Client) -> None:
    result = await game.call_tool("runtime_get_node", {"node_path": "Playr"})
    assert error_code(result) == ErrorCode.NOT_FOUND
    assert "Player" in error_text(result)
    assert (
        error_code(await game.call_tool("runtime_get_tree", {"node_path": "Nowhere"})) == ErrorCode.NOT_FOUND
    )
