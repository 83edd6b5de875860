"""runtime_animation on an AnimationPlayer of the running game: status, play, pause, seek, stop."""

from __future__ import annotations

import pytest
from mcp.client import Client

from godot_live_mcp.contract import ErrorCode
from tests.engine.runtime.conftest import call
from tests.mcp_results import failure

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

# An AnimationPlayer under the player with one two-second animation moving its sprite.
ADD_PLAYER = """
var player: AnimationPlayer = AnimationPlayer.new()
player.name = "Anim"
var bob: Animation = Animation.new()
bob.length = 2.0
var track: int = bob.add_track(Animation.TYPE_VALUE)
bob.track_set_path(track, NodePath("Sprite2D:position"))
bob.track_insert_key(track, 0.0, Vector2.ZERO)
bob.track_insert_key(track, 2.0, Vector2(0, -20))
var library: AnimationLibrary = AnimationLibrary.new()
library.add_animation("bob", bob)
player.add_animation_library("", library)
scene.get_node("Player").add_child(player)
return str(scene.get_path_to(player))
"""
ANIM = "Player/Anim"


async def test_an_animation_player_plays_pauses_seeks_and_stops(game: Client) -> None:
    assert (await call(game, "execute_code", code=ADD_PLAYER))["value"] == ANIM
    status = await call(game, "runtime_animation", node_path=ANIM)
    assert (status["type"], status["playing"], status["animations"]) == ("AnimationPlayer", False, ["bob"])

    playing = await call(game, "runtime_animation", node_path=ANIM, action="play", animation="bob")
    assert (playing["playing"], playing["animation"], playing["length"]) == (True, "bob", 2.0)
    paused = await call(game, "runtime_animation", node_path=ANIM, action="pause")
    assert paused["playing"] is False
    sought = await call(game, "runtime_animation", node_path=ANIM, action="seek", position=1.5)
    assert (sought["animation"], sought["position"]) == ("bob", 1.5)
    sprite = await call(game, "runtime_get_node", node_path="Player/Sprite2D", names=["position"])
    assert sprite["properties"][0]["value"]["y"] == pytest.approx(-15.0)

    unknown = await game.call_tool(
        "runtime_animation", {"node_path": ANIM, "action": "play", "animation": "jump"}
    )
    assert failure(unknown)["code"] == ErrorCode.NOT_FOUND
    assert "bob" in failure(unknown)["hint"]
    stopped = await call(game, "runtime_animation", node_path=ANIM, action="stop")
    assert stopped["playing"] is False


async def test_a_node_that_is_not_an_animation_player_is_refused(game: Client) -> None:
    refused = await game.call_tool("runtime_animation", {"node_path": "Player"})
    assert failure(refused)["code"] == ErrorCode.INVALID_PARAMS
    assert "AnimationPlayer" in failure(refused)["message"]
