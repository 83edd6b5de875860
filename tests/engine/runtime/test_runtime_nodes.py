"""runtime_get_node, runtime_set_property and runtime_call_method on live nodes."""

from __future__ import annotations

import pytest
from mcp.client import Client

from godot_live_mcp.contract import ErrorCode
from tests.engine.runtime.conftest import PLAYER_START, call, error_code, error_text

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_get_node_gives_properties_with_types_and_values(game: Client) -> None:
    node = await call(game, "runtime_get_node", node_path="Player")
    assert node["type"] == "CharacterBody2D"
    assert node["children"] == ["Sprite2D", "CollisionShape2D"]
    speed = node["properties"]["speed"]
    assert speed == {"type": "float", "value": 200.0}
    position = node["properties"]["position"]
    assert position["type"] == "Vector2"
    assert position["value"]["type"] == "Vector2"


async def test_set_property_converts_the_value_to_the_property_type(game: Client) -> None:
    await call(game, "runtime_pause")
    tagged = await call(
        game,
        "runtime_set_property",
        node_path="Player",
        property="position",
        value={"type": "Vector2", "x": 10, "y": 20},
    )
    assert tagged["value"] == {"type": "Vector2", "x": 10.0, "y": 20.0}
    as_list = await call(
        game, "runtime_set_property", node_path="Player", property="position", value=list(PLAYER_START)
    )
    assert as_list["value"] == {"type": "Vector2", "x": PLAYER_START[0], "y": PLAYER_START[1]}
    speed = await call(game, "runtime_set_property", node_path="Player", property="speed", value=250)
    assert speed["value"] == 250.0
    await call(game, "runtime_set_property", node_path="Player", property="speed", value=200)


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
    before = (await call(game, "runtime_get_node", node_path="/root/GameState", properties=["score"]))[
        "properties"
    ]
    await call(game, "runtime_call_method", node_path="/root/GameState", method="add_score", args=[3])
    after = (await call(game, "runtime_get_node", node_path="/root/GameState", properties=["score"]))[
        "properties"
    ]
    assert after["score"]["value"] == before["score"]["value"] + 3
    label = await call(game, "runtime_get_node", node_path="HUD/ScoreLabel", properties=["text"])
    assert label["properties"]["text"]["value"] == f"Score: {after['score']['value']}"
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
