"""runtime_get_node, runtime_set_property and runtime_call_method on live nodes."""

from __future__ import annotations

import pytest
from mcp.client import Client

from godot_live_mcp.contract import ErrorCode
from tests.engine.runtime.conftest import PLAYER_START, call, error_code, error_text, node_values

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_get_node_gives_properties_with_types_and_values(game: Client) -> None:
    node = await call(game, "runtime_get_node", node_path="Player", detail="full")
    assert node["type"] == "CharacterBody2D"
    assert node["script"] == "res://scripts/player.gd"
    assert node["children"] == ["Sprite2D", "CollisionShape2D"]
    properties = {row["name"]: row for row in node["properties"]}
    assert properties["speed"] == {"name": "speed", "type": "float", "value": 200.0}
    assert properties["position"]["type"] == "Vector2"
    assert properties["position"]["value"]["type"] == "Vector2"


async def test_get_node_reads_the_properties_named_or_only_those_changed(game: Client) -> None:
    named = await call(game, "runtime_get_node", node_path="Player", names=["speed", "nonesuch"])
    assert [row["name"] for row in named["properties"]] == ["speed"]
    assert named["unreadable"] == [{"name": "nonesuch", "reason": "no such property"}]
    changed = await call(game, "runtime_get_node", node_path="Player", detail="normal")
    changed_names = {row["name"] for row in changed["properties"]}
    assert "position" in changed_names  # the level places the player
    assert "speed" not in changed_names  # the script's default


async def test_set_property_converts_the_value_to_the_property_type(game: Client) -> None:
    await call(game, "runtime_pause")
    tagged = await call(
        game,
        "runtime_set_property",
        node_path="Player",
        property="position",
        value={"type": "Vector2", "x": 10, "y": 20},
    )
    assert tagged["properties"]["position"] == {"type": "Vector2", "x": 10.0, "y": 20.0}
    as_list = await call(
        game, "runtime_set_property", node_path="Player", property="position", value=list(PLAYER_START)
    )
    assert as_list["previous"]["position"] == {"type": "Vector2", "x": 10.0, "y": 20.0}
    assert as_list["properties"]["position"] == {
        "type": "Vector2",
        "x": PLAYER_START[0],
        "y": PLAYER_START[1],
    }
    both = await call(
        game, "runtime_set_property", node_path="Player", properties={"speed": 250, "visible": False}
    )
    assert both["properties"] == {"speed": 250.0, "visible": False}
    await call(game, "runtime_set_property", node_path="Player", properties={"speed": 200, "visible": True})


async def test_set_property_refuses_an_unknown_property_and_a_wrong_type(game: Client) -> None:
    unknown = await game.call_tool(
        "runtime_set_property", {"node_path": "Player", "property": "sped", "value": 1}
    )
    assert error_code(unknown) == ErrorCode.NOT_FOUND
    wrong = await game.call_tool(
        "runtime_set_property", {"node_path": "Player", "property": "speed", "value": "fast"}
    )
    assert error_code(wrong) == "TYPE_MISMATCH"


async def test_call_method_runs_game_code_and_serialises_the_result(game: Client) -> None:
    before = (await node_values(game, "/root/GameState", "score"))["score"]
    await call(game, "runtime_call_method", node_path="/root/GameState", method="add_score", args=[3])
    after = (await node_values(game, "/root/GameState", "score"))["score"]
    assert after == before + 3
    assert (await node_values(game, "HUD/ScoreLabel", "text"))["text"] == f"Score: {after}"
    position = await call(game, "runtime_call_method", node_path="Player", method="get_position")
    assert position["result"]["type"] == "Vector2"


async def test_call_method_refuses_a_bad_method_and_bad_arguments(game: Client) -> None:
    missing = await game.call_tool(
        "runtime_call_method", {"node_path": "/root/GameState", "method": "add_scor"}
    )
    assert error_code(missing) == ErrorCode.NOT_FOUND
    too_many = await game.call_tool(
        "runtime_call_method", {"node_path": "/root/GameState", "method": "add_score", "args": [1, 2]}
    )
    assert error_code(too_many) == ErrorCode.INVALID_PARAMS
    assert "add_score() takes 1 argument, got 2" in error_text(too_many)
    wrong_type = await game.call_tool(
        "runtime_call_method", {"node_path": "/root/GameState", "method": "add_score", "args": ["three"]}
    )
    assert error_code(wrong_type) == "TYPE_MISMATCH"
    no_node = await game.call_tool("runtime_call_method", {"node_path": "Nope", "method": "x"})
    assert error_code(no_node) == ErrorCode.NOT_FOUND
