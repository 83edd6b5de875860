from __future__ import annotations

from typing import Any

import mcp_types as types

from godot_live_mcp.bridge.reply import CommandFailure, CommandSuccess
from godot_live_mcp.cli._demo_render import render_result, render_tools
from godot_live_mcp.server.results import reply_result


def ok(data: dict[str, Any]) -> types.CallToolResult:
    return reply_result(CommandSuccess(data))


def test_scene_tree_is_indented_by_depth_with_scripts() -> None:
    result = ok(
        {
            "nodes": [
                {"name": "Level", "type": "Node2D", "depth": 0, "script": "res://level.gd"},
                {"name": "Player", "type": "CharacterBody2D", "depth": 1, "script": ""},
            ],
            "has_more": False,
        }
    )
    assert (
        render_result("scene_get_tree", result)
        == "Level (Node2D)  [res://level.gd]\n  Player (CharacterBody2D)"
    )


def test_class_info_shows_the_inheritance_chain_and_member_counts() -> None:
    result = ok(
        {"class_name": "A", "inherits": ["B", "Object"], "methods": [{}], "properties": [], "signals": []}
    )
    assert render_result("classdb_get_class", result) == "A > B > Object\n1 methods, 0 properties, 0 signals"


def test_an_unexpected_shape_falls_back_to_json() -> None:
    assert '"surprise": 1' in render_result("scene_get_tree", ok({"surprise": 1}))


def test_an_error_shows_its_text() -> None:
    failed = reply_result(CommandFailure("NOT_FOUND", "gone", ""))
    assert render_result("scene_get_tree", failed) == "NOT_FOUND: gone"


def test_tools_are_summed_up_by_domain_with_the_read_only_count() -> None:
    read_only = types.ToolAnnotations(read_only_hint=True)
    tools = [
        types.Tool(name="scene_get_tree", input_schema={}, annotations=read_only),
        types.Tool(name="scene_create", input_schema={}),
        types.Tool(name="node_get", input_schema={}, annotations=read_only),
    ]
    assert render_tools(tools) == "3 tools (2 read-only): node 1, scene 2"


def test_a_stepped_game_and_a_node_read_in_the_game_are_summed_up() -> None:
    stepped = ok({"frames_stepped": 30, "game_frame": 41, "paused": True})
    node = ok(
        {
            "node_path": "Player",
            "type": "CharacterBody2D",
            "properties": [
                {"name": "position", "type": "Vector2", "value": {"type": "Vector2", "x": 260, "y": 564}}
            ],
        }
    )
    assert render_result("runtime_step", stepped) == "30 physics frames, now at game frame 41 (paused)"
    assert render_result("runtime_get_node", node) == "Player (CharacterBody2D): position = (260, 564)"
