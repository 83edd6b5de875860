"""animation.tree_* on an AnimationTree in the real editor: the root state machine's states,
transitions, start state and blend points, saved with the scene and undone one step at a time."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.authoring._scenes import add, assert_undo_redo
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


@pytest.fixture
async def rigged(tools: Client, scene: str) -> str:
    """The test's scene: AnimationPlayer 'Player' (idle, walk, run) and an AnimationTree 'Tree' using it."""
    await add(tools, scene, "AnimationPlayer", "Player")
    for name in ("idle", "walk", "run"):
        await call(tools, "animation_create", {"scene": scene, "node_path": "Player", "animation": name})
    await add(tools, scene, "AnimationTree", "Tree", properties={"anim_player": "../Player"})
    return scene


def tree(scene: str, **extra: Any) -> dict[str, Any]:
    return {"scene": scene, "node_path": "Tree"} | extra


Graph = tuple[str, list[str], list[tuple[str, str, str]]]


async def graph(client: Client, scene: str) -> Graph:
    """(start state, states, transitions as (from, to, advance_mode))."""
    read = await call(client, "animation_tree_get", tree(scene))
    states = [row["state"] for row in read["states"]]
    links = [(row["from"], row["to"], row["advance_mode"]) for row in read["transitions"]]
    return read["start_state"], states, links


async def test_states_transitions_and_start_are_saved_with_the_scene(
    tools: Client, rigged: str, engine_editor: EngineEditor
) -> None:
    first = await call(tools, "animation_tree_add_state", tree(rigged, state="idle", animation="idle"))
    assert first["root_created"] is True
    assert first["state"] == {
        "state": "idle",
        "type": "animation",
        "animation": "idle",
        "position": {"type": "Vector2", "x": 200.0, "y": 100.0},
    }
    assert "warning" not in first
    await call(tools, "animation_tree_add_state", tree(rigged, state="walk", animation="walk"))
    link = await call(
        tools,
        "animation_tree_add_transition",
        tree(rigged, **{"from": "idle", "to": "walk"}, advance_condition="moving", switch_mode="at_end"),
    )
    assert link["transition"] == {
        "from": "idle",
        "to": "walk",
        "switch_mode": "at_end",
        "advance_mode": "enabled",
        "advance_condition": "moving",
        "xfade_time": 0.0,
    }
    started = await call(tools, "animation_tree_set_start", tree(rigged, state="idle"))
    assert (started["start_state"], started["previous"]) == ("idle", "")
    read = await call(tools, "animation_tree_get", tree(rigged))
    assert (read["anim_player"], read["root_type"], read["total_states"]) == (
        "../Player",
        "AnimationNodeStateMachine",
        2,
    )
    assert await graph(tools, rigged) == (
        "idle",
        ["idle", "walk"],
        [("idle", "walk", "enabled"), ("Start", "idle", "auto")],
    )
    await call(tools, "scene_save", {"scene": rigged})
    saved = (engine_editor.project / rigged.removeprefix("res://")).read_text("utf-8")
    assert 'advance_condition = &"moving"' in saved
    assert "states/walk/node = SubResource(" in saved
    assert 'transitions = ["idle", "walk", SubResource(' in saved


async def test_each_change_is_one_undo_step(tools: Client, rigged: str) -> None:
    for name in ("idle", "walk"):
        await call(tools, "animation_tree_add_state", tree(rigged, state=name, animation=name))
    one: Graph = ("", ["idle"], [])
    two: Graph = ("", ["idle", "walk"], [])
    name = await assert_undo_redo(tools, rigged, lambda: graph(tools, rigged), one, two)
    assert name == "MCP: Add state 'walk' of 'Tree'"
    await call(tools, "animation_tree_add_transition", tree(rigged, **{"from": "idle", "to": "walk"}))
    await call(tools, "animation_tree_set_start", tree(rigged, state="walk"))
    linked: Graph = ("", ["idle", "walk"], [("idle", "walk", "enabled")])
    started: Graph = ("walk", ["idle", "walk"], [("idle", "walk", "enabled"), ("Start", "walk", "auto")])
    await assert_undo_redo(tools, rigged, lambda: graph(tools, rigged), linked, started)
    await call(tools, "animation_tree_remove_state", tree(rigged, state="walk"))
    await assert_undo_redo(tools, rigged, lambda: graph(tools, rigged), started, one)


async def test_blend_space_points_grow_the_space_and_undo(tools: Client, rigged: str) -> None:
    made = await call(tools, "animation_tree_add_state", tree(rigged, state="move", type="blend_space_2d"))
    assert made["state"]["blend_points"] == []
    await call(
        tools, "animation_tree_add_blend_point", tree(rigged, state="move", animation="walk", x=1, y=0)
    )
    point = await call(
        tools, "animation_tree_add_blend_point", tree(rigged, state="move", animation="run", x=2, y=0.5)
    )
    after = [{"x": 1.0, "y": 0.0, "animation": "walk"}, {"x": 2.0, "y": 0.5, "animation": "run"}]
    assert point["state"]["blend_points"] == after

    async def points() -> list[dict[str, Any]]:
        read = await call(tools, "animation_tree_get", tree(rigged))
        return list(read["states"][0]["blend_points"])

    await assert_undo_redo(tools, rigged, points, after[:1], after)
    line = await call(tools, "animation_tree_add_state", tree(rigged, state="lean", type="blend_space_1d"))
    assert line["state"]["type"] == "blend_space_1d"
    lean = await call(
        tools, "animation_tree_add_blend_point", tree(rigged, state="lean", animation="idle", x=-3)
    )
    assert lean["state"]["blend_points"] == [{"x": -3.0, "animation": "idle"}]


async def test_refusals_name_the_fix(tools: Client, rigged: str) -> None:
    await call(tools, "animation_tree_add_state", tree(rigged, state="idle", animation="idle"))
    wrong = await call_fails(
        tools, "animation_tree_get", {"scene": rigged, "node_path": "Player"}, "INVALID_PARAMS"
    )
    assert "AnimationTree" in wrong["hint"]
    unknown = await call_fails(
        tools, "animation_tree_add_transition", tree(rigged, **{"from": "idle", "to": "wlk"}), "NOT_FOUND"
    )
    assert "idle" in unknown["hint"]
    await call_fails(
        tools, "animation_tree_add_state", tree(rigged, state="Start", animation="idle"), "INVALID_PARAMS"
    )
    await call_fails(
        tools,
        "animation_tree_add_state",
        tree(rigged, state="idle", animation="walk", if_exists="fail"),
        "ALREADY_EXISTS",
    )
    flat = await call_fails(
        tools,
        "animation_tree_add_blend_point",
        tree(rigged, state="idle", animation="walk", x=1),
        "INVALID_OPERATION",
    )
    assert "blend_space" in flat["hint"]
    gone = await call_fails(
        tools, "animation_tree_remove_transition", tree(rigged, **{"from": "idle", "to": "End"}), "NOT_FOUND"
    )
    assert "animation_tree_get" in gone["hint"]
    missing = await call(tools, "animation_tree_add_state", tree(rigged, state="jump", animation="jump"))
    assert "no animation 'jump'" in missing["warning"]


async def test_transitions_come_and_go_as_undo_steps(tools: Client, rigged: str) -> None:
    for name in ("idle", "run"):
        await call(tools, "animation_tree_add_state", tree(rigged, state=name, animation=name))
    ends = {"from": "run", "to": "idle"}
    await call(
        tools, "animation_tree_add_transition", tree(rigged, **ends, advance_mode="auto", xfade_time=0.2)
    )
    states = ["idle", "run"]
    before: Graph = ("", states, [])
    linked: Graph = ("", states, [("run", "idle", "auto")])
    name = await assert_undo_redo(tools, rigged, lambda: graph(tools, rigged), before, linked)
    assert name == "MCP: Add transition 'run' -> 'idle' of 'Tree'"
    kept = await call(tools, "animation_tree_add_transition", tree(rigged, **ends))
    assert (kept["status"], kept["transition"]["xfade_time"]) == ("returned", 0.2)
    removed = await call(tools, "animation_tree_remove_transition", tree(rigged, **ends))
    assert removed["removed"] is True
    await assert_undo_redo(tools, rigged, lambda: graph(tools, rigged), linked, before)
    for tool in ("animation_tree_remove_state", "animation_tree_set_start"):
        refused = await call_fails(tools, tool, tree(rigged, state="jump"), "NOT_FOUND")
        assert "idle, run" in refused["hint"]


async def test_a_running_game_starts_in_the_start_state(tools: Client, rigged: str) -> None:
    for name in ("idle", "walk"):
        await call(tools, "animation_tree_add_state", tree(rigged, state=name, animation=name))
    await call(tools, "animation_tree_add_transition", tree(rigged, **{"from": "idle", "to": "walk"}))
    await call(tools, "animation_tree_set_start", tree(rigged, state="walk"))
    await call(tools, "scene_save", {"scene": rigged})
    await call(tools, "game_start", {"scene": rigged})
    try:
        status = await call(tools, "runtime_animation", {"node_path": "Tree"})
        assert (status["type"], status["animation"]) == ("AnimationTree", "walk")
    finally:
        await tools.call_tool("game_stop", {})
