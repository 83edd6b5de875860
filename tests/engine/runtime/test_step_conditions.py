"""runtime_step_until conditions (docs/conditions.md) read autoloads by name, the scene's nodes by path
($Player or get_node), groups through the tree and the listed methods; a wrong condition is refused with a
hint before the game moves."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.harness import expect_editor_error
from tests.engine.runtime.conftest import call, error_code
from tests.mcp_results import failure

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

# Coin1 hangs at (400, 520); a player put just under it touches it on the next physics frame.
UNDER_COIN_1 = [400, 540]


async def test_a_condition_names_the_autoload_and_stops_when_a_coin_is_collected(game: Client) -> None:
    await call(game, "runtime_pause")
    score = await call(game, "execute_code", code="GameState.score")
    await call(game, "runtime_set_property", node_path="Player", property="position", value=UNDER_COIN_1)

    result = await call(
        game, "runtime_step_until", condition=f"GameState.score > {score['value']}", max_frames=60
    )

    assert result["condition_met"] is True
    assert 1 <= result["frames_stepped"] <= 3
    assert (await call(game, "execute_code", code="GameState.score"))["value"] == score["value"] + 1
    # The collected coin is gone: a condition reaching scene nodes by path holds at once.
    gone = await call(game, "runtime_step_until", condition="not scene.has_node('Coin1')", max_frames=5)
    assert (gone["condition_met"], gone["frames_stepped"]) == (True, 1)


async def test_an_unknown_name_is_refused_before_any_frame_with_what_the_condition_can_see(
    game: Client,
) -> None:
    before = await call(game, "runtime_pause")

    refused = await game.call_tool("runtime_step_until", {"condition": "Scoreboard.points > 0"})

    assert error_code(refused) == "EXECUTION_ERROR"
    details = failure(refused)
    assert "before the first frame" in details["message"]
    assert "Scoreboard" in details["hint"]
    assert "autoloads by name" in details["hint"]
    assert (await call(game, "runtime_pause"))["game_frame"] == before["game_frame"]


async def test_a_condition_that_breaks_later_ends_the_step_at_that_frame(game: Client) -> None:
    expect_editor_error(r'Node not found: "Coin2"')
    await call(game, "runtime_pause")
    await call(game, "runtime_set_property", node_path="Player", property="position", value=[640, 540])

    broken = await game.call_tool(
        "runtime_step_until", {"condition": "get_node('Coin2').position.x < 0", "max_frames": 30}
    )

    assert error_code(broken) == "EXECUTION_ERROR"
    message = failure(broken)["message"]
    assert "after frame" in message
    assert "Coin2" in message or "position" in message


async def test_an_expression_that_does_not_parse_is_a_parse_error_with_an_example(game: Client) -> None:
    unparsable = await game.call_tool("runtime_step_until", {"condition": "GameState.score >"})
    assert error_code(unparsable) == "PARSE_ERROR"
    assert "GameState" in failure(unparsable)["hint"] or "get_node" in failure(unparsable)["hint"]


async def test_execute_code_names_autoloads_in_expressions_too(game: Client) -> None:
    assert (await call(game, "execute_code", code="GameState.name"))["value"] == "GameState"


async def test_dollar_paths_groups_and_listed_methods_read_the_live_game(game: Client) -> None:
    await call(game, "runtime_pause")
    coins = await call(game, "execute_code", code="get_tree().get_node_count_in_group('coins')")
    condition = (
        f"tree.get_node_count_in_group('coins') == {coins['value']} and $Player.is_in_group('player')"
        " and $Player.position.y > 0 and not $Player.is_on_ceiling() and get_child_count() > 0"
    )
    result = await call(game, "runtime_step_until", condition=condition, max_frames=5)
    assert (result["condition_met"], result["frames_stepped"]) == (True, 1)


async def test_a_call_outside_the_list_is_refused_with_the_list_and_execute_code(game: Client) -> None:
    refused = failure(
        await game.call_tool("runtime_step_until", {"condition": "$Player.set('position', null)"})
    )
    assert refused["code"] == "INVALID_PARAMS"
    assert "'set' is not a method" in refused["message"]
    assert "is_on_floor" in refused["message"]
    assert "execute_code" in refused["hint"]
