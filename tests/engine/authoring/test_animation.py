"""animation.* on an AnimationPlayer in the real editor: animations, tracks and keys, saved with the
scene, each change one undo step in the scene's history."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails
from tests.engine.authoring._scenes import add, assert_undo_redo
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


@pytest.fixture
async def staged(tools: Client, scene: str) -> str:
    """The test's scene with a Sprite2D 'Sprite' and an AnimationPlayer 'Player' under the root."""
    await add(tools, scene, "Sprite2D", "Sprite")
    await add(tools, scene, "AnimationPlayer", "Player")
    return scene


def player(scene: str, **extra: Any) -> dict[str, Any]:
    return {"scene": scene, "node_path": "Player"} | extra


def vector3(x: float, y: float, z: float) -> dict[str, Any]:
    return {"type": "Vector3", "x": x, "y": y, "z": z}


def saved_text(engine_editor: EngineEditor, scene: str) -> str:
    return (engine_editor.project / scene.removeprefix("res://")).read_text("utf-8")


async def names(client: Client, scene: str) -> list[tuple[str, float, str]]:
    listed = await call(client, "animation_list", player(scene))
    return [(row["animation"], row["length"], row["loop_mode"]) for row in listed["animations"]]


async def track_keys(client: Client, scene: str, animation: str, track: int = 0) -> list[dict[str, Any]]:
    read = await call(client, "animation_get_keys", player(scene, animation=animation, track=track))
    return [{k: v for k, v in key.items() if k != "index"} for key in read["keys"]]


async def frame_track(client: Client, scene: str, animation: str = "walk") -> int:
    await call(client, "animation_create", player(scene, animation=animation, length=1.0))
    made = await call(
        client,
        "animation_add_track",
        player(
            scene, animation=animation, path="Sprite:frame", update_mode="discrete", interpolation="nearest"
        ),
    )
    return int(made["track"]["index"])


async def test_create_is_saved_with_the_scene_and_undoable(
    tools: Client, staged: str, engine_editor: EngineEditor
) -> None:
    made = await call(
        tools, "animation_create", player(staged, animation="walk", length=2.0, loop_mode="linear", step=0.05)
    )
    assert made == {
        "scene": staged,
        "node_path": "Player",
        "animation": "walk",
        "length": 2.0,
        "loop_mode": "linear",
        "step": 0.05,
        "track_count": 0,
        "status": "created",
    }
    name = await assert_undo_redo(tools, staged, lambda: names(tools, staged), [], [("walk", 2.0, "linear")])
    assert name == "MCP: Create animation 'walk' in 'Player'"
    await call(tools, "scene_save", {"scene": staged})
    saved = saved_text(engine_editor, staged)
    assert '&"walk": SubResource(' in saved
    assert "length = 2.0" in saved
    assert "loop_mode = 1" in saved


async def test_create_in_a_named_library_and_if_exists(tools: Client, staged: str) -> None:
    await call(tools, "animation_create", player(staged, animation="moves/run", length=0.5))
    kept = await call(tools, "animation_create", player(staged, animation="moves/run", length=3.0))
    await call_fails(
        tools, "animation_create", player(staged, animation="moves/run", if_exists="fail"), "ALREADY_EXISTS"
    )
    replaced = await call(
        tools, "animation_create", player(staged, animation="moves/run", length=3.0, if_exists="replace")
    )
    assert (kept["status"], kept["length"]) == ("returned", 0.5)
    assert (replaced["status"], replaced["length"]) == ("replaced", 3.0)
    listed = await call(tools, "animation_list", player(staged))
    assert listed["libraries"] == ["moves"]
    await assert_undo_redo(
        tools,
        staged,
        lambda: names(tools, staged),
        [("moves/run", 0.5, "none")],
        [("moves/run", 3.0, "none")],
    )
    read = await call(tools, "animation_get", player(staged, animation="moves/run"))
    assert (read["animation"], read["length"]) == ("moves/run", 3.0)
    await call(tools, "animation_delete", player(staged, animation="moves/run"))
    await assert_undo_redo(tools, staged, lambda: names(tools, staged), [("moves/run", 3.0, "none")], [])


async def test_create_refuses_a_node_that_is_not_a_player(tools: Client, staged: str) -> None:
    # A node of another class is a bad node_path: the shared INVALID_PARAMS of NodeLookup.of_class.
    refused = await call_fails(
        tools,
        "animation_create",
        {"scene": staged, "node_path": "Sprite", "animation": "walk"},
        "INVALID_PARAMS",
    )
    assert "Sprite2D" in refused["message"]
    assert "AnimationPlayer" in refused["hint"]
    missing = await call_fails(
        tools, "animation_create", {"scene": staged, "node_path": "Plyer", "animation": "walk"}, "NOT_FOUND"
    )
    assert "Player" in missing["hint"]
    bad = await call_fails(tools, "animation_create", player(staged, animation="a/b/c"), "INVALID_PARAMS")
    assert "library/walk" in bad["hint"]


async def test_value_keys_in_one_call_are_saved_and_one_undo_step(
    tools: Client, staged: str, engine_editor: EngineEditor
) -> None:
    track = await frame_track(tools, staged)
    inserted = await call(
        tools,
        "animation_insert_keys",
        player(
            staged, animation="walk", track=track, keys=[{"time": 0, "value": 0}, {"time": 0.5, "value": 3}]
        ),
    )
    assert inserted["inserted"] == 2
    assert inserted["track"] == {
        "index": 0,
        "type": "value",
        "path": "Sprite:frame",
        "interpolation": "nearest",
        "update_mode": "discrete",
        "enabled": True,
        "key_count": 2,
    }
    after = [{"time": 0.0, "transition": 1.0, "value": 0}, {"time": 0.5, "transition": 1.0, "value": 3}]
    name = await assert_undo_redo(tools, staged, lambda: track_keys(tools, staged, "walk"), [], after)
    assert name == "MCP: Insert 2 key(s) into track 0 of 'walk'"
    await call(tools, "scene_save", {"scene": staged})
    saved = saved_text(engine_editor, staged)
    assert 'tracks/0/path = NodePath("Sprite:frame")' in saved
    assert '"values": [0, 3]' in saved
    assert '"update": 1' in saved


async def test_a_bad_key_leaves_the_track_as_it_was(tools: Client, staged: str) -> None:
    track = await frame_track(tools, staged)
    keys = [{"time": 0, "value": 1}, {"time": 0.5, "value": "three"}]
    refused = await call_fails(
        tools,
        "animation_insert_keys",
        player(staged, animation="walk", track=track, keys=keys),
        "TYPE_MISMATCH",
    )
    assert "0.5" in refused["message"]
    assert await track_keys(tools, staged, "walk") == []
    missing = await call_fails(
        tools, "animation_insert_keys", player(staged, animation="walk", track=4, keys=keys), "NOT_FOUND"
    )
    assert "animation_get" in missing["hint"]


async def test_method_bezier_and_3d_keys_read_back(tools: Client, staged: str) -> None:
    await call(tools, "animation_create", player(staged, animation="act", length=2.0))
    specs: list[tuple[str, str, dict[str, Any]]] = [
        (
            "method",
            ".",
            {"time": 0.25, "method": "queue_free", "args": [1, {"type": "Vector2", "x": 1, "y": 2}]},
        ),
        (
            "bezier",
            "Sprite:position:x",
            {
                "time": 1,
                "value": 4.5,
                "in_handle": {"type": "Vector2", "x": -0.25, "y": 0},
                "out_handle": {"type": "Vector2", "x": 0.25, "y": 1},
            },
        ),
        ("position_3d", "Mesh", {"time": 0.5, "value": vector3(1, 2, 3)}),
        ("rotation_3d", "Mesh", {"time": 0.5, "value": vector3(0, 1.5, 0)}),
    ]
    for index, (kind, path, key) in enumerate(specs):
        made = await call(tools, "animation_add_track", player(staged, animation="act", type=kind, path=path))
        assert made["track"]["index"] == index
        await call(tools, "animation_insert_keys", player(staged, animation="act", track=index, keys=[key]))
    method, bezier, position, rotation = [(await track_keys(tools, staged, "act", i))[0] for i in range(4)]
    assert (method["method"], method["args"]) == ("queue_free", [1, {"type": "Vector2", "x": 1.0, "y": 2.0}])
    assert (bezier["value"], bezier["out_handle"]) == (4.5, {"type": "Vector2", "x": 0.25, "y": 1.0})
    assert position["value"] == vector3(1, 2, 3)
    assert rotation["value"]["y"] == pytest.approx(1.5)
    assert made["warning"].startswith("No node 'Mesh'")


async def test_add_track_follows_if_exists_and_checks_the_path(tools: Client, staged: str) -> None:
    await frame_track(tools, staged)
    again = await call(tools, "animation_add_track", player(staged, animation="walk", path="Sprite:frame"))
    assert (again["status"], again["track"]["index"]) == ("returned", 0)
    await call_fails(
        tools,
        "animation_add_track",
        player(staged, animation="walk", path="Sprite:frame", if_exists="fail"),
        "ALREADY_EXISTS",
    )
    bare = await call_fails(
        tools, "animation_add_track", player(staged, animation="walk", path="Sprite"), "INVALID_PARAMS"
    )
    assert "Sprite2D:frame" in bare["hint"]
    typo = await call(tools, "animation_add_track", player(staged, animation="walk", path="Sprite:frme"))
    assert typo["warning"] == "Sprite2D 'Sprite' has no property 'frme'."
    unknown = await call_fails(
        tools, "animation_add_track", player(staged, animation="wlk", path="Sprite:frame"), "NOT_FOUND"
    )
    assert "walk" in unknown["hint"]


async def test_remove_keys_by_time_and_index_then_the_track(tools: Client, staged: str) -> None:
    track = await frame_track(tools, staged)
    keys = [{"time": t, "value": i} for i, t in enumerate((0.0, 0.25, 0.5, 0.75))]
    await call(tools, "animation_insert_keys", player(staged, animation="walk", track=track, keys=keys))
    removed = await call(
        tools,
        "animation_remove_keys",
        player(staged, animation="walk", track=track, times=[0.25], indices=[3]),
    )
    assert removed["removed"] == 2
    before = [{"time": k["time"], "transition": 1.0, "value": k["value"]} for k in keys]
    await assert_undo_redo(
        tools, staged, lambda: track_keys(tools, staged, "walk"), before, [before[0], before[2]]
    )
    await call_fails(
        tools,
        "animation_remove_keys",
        player(staged, animation="walk", track=track, times=[0.3]),
        "NOT_FOUND",
    )
    gone = await call(tools, "animation_remove_track", player(staged, animation="walk", track=track))
    assert (gone["removed"], gone["track"]["path"]) == (True, "Sprite:frame")

    async def tracks() -> int:
        return int((await call(tools, "animation_get", player(staged, animation="walk")))["total_tracks"])

    await assert_undo_redo(tools, staged, tracks, 1, 0)


async def test_get_pages_tracks_and_delete_is_undoable(tools: Client, staged: str) -> None:
    await frame_track(tools, staged)
    await call(tools, "animation_add_track", player(staged, animation="walk", path="Sprite:modulate"))
    page = await call(tools, "animation_get", player(staged, animation="walk", limit=1))
    assert (page["returned"], page["has_more"], page["next_offset"], page["total_tracks"]) == (1, True, 1, 2)
    assert page["tracks"][0]["keys"] == []
    assert page["length"] == 1.0
    deleted = await call(tools, "animation_delete", player(staged, animation="walk"))
    assert deleted["deleted"] is True
    name = await assert_undo_redo(tools, staged, lambda: names(tools, staged), [("walk", 1.0, "none")], [])
    assert name == "MCP: Delete animation 'walk' of 'Player'"


async def test_a_running_game_plays_the_saved_animation(tools: Client, staged: str) -> None:
    await call(tools, "animation_create", player(staged, animation="slide", length=2.0))
    await call(tools, "animation_add_track", player(staged, animation="slide", path="Sprite:position"))
    keys = [
        {"time": 0, "value": {"type": "Vector2", "x": 0, "y": 0}},
        {"time": 2, "value": {"type": "Vector2", "x": 40, "y": 0}},
    ]
    await call(tools, "animation_insert_keys", player(staged, animation="slide", track=0, keys=keys))
    await call(tools, "scene_save", {"scene": staged})
    await call(tools, "game_start", {"scene": staged})
    try:
        status = await call(tools, "runtime_animation", {"node_path": "Player"})
        assert status["animations"] == ["slide"]
        await call(
            tools, "runtime_animation", {"node_path": "Player", "action": "play", "animation": "slide"}
        )
        await call(tools, "runtime_animation", {"node_path": "Player", "action": "pause"})
        sought = await call(
            tools, "runtime_animation", {"node_path": "Player", "action": "seek", "position": 1.0}
        )
        assert (sought["animation"], sought["length"]) == ("slide", 2.0)
        sprite = await call(tools, "runtime_get_node", {"node_path": "Sprite", "names": ["position"]})
        assert sprite["properties"][0]["value"]["x"] == pytest.approx(20.0)
    finally:
        await tools.call_tool("game_stop", {})


async def test_audio_keys_name_their_stream(tools: Client, staged: str, scratch: Scratch) -> None:
    stream = scratch.path("hum.tres")
    await call(tools, "resource_create", {"path": stream, "class_name": "AudioStreamGenerator"})
    await call(tools, "animation_create", player(staged, animation="noise"))
    await call(tools, "animation_add_track", player(staged, animation="noise", type="audio", path="Sprite"))
    key = {"time": 0.5, "stream": stream, "start_offset": 0.25}
    await call(tools, "animation_insert_keys", player(staged, animation="noise", track=0, keys=[key]))
    assert await track_keys(tools, staged, "noise") == [
        {"time": 0.5, "transition": 1.0, "stream": stream, "start_offset": 0.25, "end_offset": 0.0}
    ]
    wrong = key | {"stream": scratch.path("missing.wav")}
    await call_fails(
        tools, "animation_insert_keys", player(staged, animation="noise", track=0, keys=[wrong]), "NOT_FOUND"
    )


async def test_reads_and_removals_refuse_what_does_not_exist(tools: Client, staged: str) -> None:
    await frame_track(tools, staged)
    listed = await call(tools, "animation_list", player(staged))
    assert listed["animations"][0]["step"] == pytest.approx(1 / 30, abs=1e-6)
    wrong = await call_fails(
        tools, "animation_list", {"scene": staged, "node_path": "Sprite"}, "INVALID_PARAMS"
    )
    assert "AnimationPlayer" in wrong["hint"]
    unknown = await call_fails(tools, "animation_get", player(staged, animation="wak"), "NOT_FOUND")
    assert "Did you mean" in unknown["hint"]
    await call_fails(tools, "animation_delete", player(staged, animation="run"), "NOT_FOUND")
    for tool in ("animation_get_keys", "animation_remove_track"):
        refused = await call_fails(tools, tool, player(staged, animation="walk", track=1), "NOT_FOUND")
        assert "has no track 1 (it has 1)" in refused["message"]
    none = await call_fails(
        tools, "animation_remove_keys", player(staged, animation="walk", track=0), "INVALID_PARAMS"
    )
    assert "times or indices" in none["hint"]


async def test_set_changes_length_and_loop_but_keeps_the_keys(tools: Client, staged: str) -> None:
    track = await frame_track(tools, staged)
    late = await call(
        tools,
        "animation_insert_keys",
        player(staged, animation="walk", track=track, keys=[{"time": 1.5, "value": 2}]),
    )
    assert "animation_set" in late["warning"]
    changed = await call(
        tools, "animation_set", player(staged, animation="walk", length=2.0, loop_mode="pingpong")
    )
    assert (changed["length"], changed["loop_mode"], changed["track_count"]) == (2.0, "pingpong", 1)
    name = await assert_undo_redo(
        tools, staged, lambda: names(tools, staged), [("walk", 1.0, "none")], [("walk", 2.0, "pingpong")]
    )
    assert name == "MCP: Set 'walk' of 'Player'"
    assert len(await track_keys(tools, staged, "walk")) == 1
    await call_fails(tools, "animation_set", player(staged, animation="walk"), "INVALID_PARAMS")


async def test_add_track_replace_starts_the_track_afresh(tools: Client, staged: str) -> None:
    track = await frame_track(tools, staged)
    await call(
        tools,
        "animation_insert_keys",
        player(staged, animation="walk", track=track, keys=[{"time": 0, "value": 1}]),
    )
    fresh = await call(
        tools,
        "animation_add_track",
        player(staged, animation="walk", path="Sprite:frame", interpolation="linear", if_exists="replace"),
    )
    assert (fresh["status"], fresh["track"]["index"], fresh["track"]["key_count"]) == ("replaced", 0, 0)
    assert fresh["track"]["interpolation"] == "linear"
    await assert_undo_redo(
        tools,
        staged,
        lambda: track_keys(tools, staged, "walk"),
        [{"time": 0.0, "transition": 1.0, "value": 1}],
        [],
    )


async def test_an_animation_kept_in_its_own_file_is_flagged(
    tools: Client, staged: str, scratch: Scratch
) -> None:
    library = scratch.path("moves.tres")
    await call(tools, "resource_create", {"path": library, "class_name": "AnimationLibrary"})
    code = f"scene.get_node('Player').add_animation_library('ext', load('{library}'))\nreturn true"
    await call(tools, "editor_execute", {"code": code})
    await call(tools, "animation_create", player(staged, animation="ext/hop"))
    made = await call(tools, "animation_add_track", player(staged, animation="ext/hop", path="Sprite:frame"))
    assert made["warning"].startswith(f"'ext/hop' is kept in {library}, not in the scene")
