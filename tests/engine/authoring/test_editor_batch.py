"""editor_batch and node_create's children on the real editor: one undo action, all or nothing."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails
from tests.engine.authoring._scenes import close_quietly, tree, value, vector2
from tests.engine.harness import EngineEditor, mcp_client

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


def step(tool: str, **arguments: Any) -> dict[str, Any]:
    return {"tool": tool, "arguments": arguments}


async def history(client: Client, scene: str) -> dict[str, Any]:
    """The scene's whole undo history: every action, which are applied, and where it stands."""
    return await call(client, "editor_get_history", {"scene": scene, "limit": 100})


async def test_steps_refer_to_earlier_results_and_the_batch_is_one_undo_action(
    tools: Client, scene: str
) -> None:
    before = await history(tools, scene)
    done = await call(
        tools,
        "editor_batch",
        {
            "steps": [
                step("node_create", scene=scene, class_name="Node2D", name="Player"),
                step("node_create", scene=scene, class_name="Sprite2D", name="Look", parent="$0.node_path"),
                step(
                    "node_set_property",
                    scene=scene,
                    node_path="$1.node_path",
                    property="position",
                    value=vector2(3, 4),
                ),
            ],
            "name": "build the player",
        },
    )
    assert done["undo"] == "build the player"
    assert await tree(tools, scene) == [(".", "Node2D"), ("Player", "Node2D"), ("Player/Look", "Sprite2D")]
    assert await value(tools, scene, "Player/Look", "position") == vector2(3, 4)
    after = await history(tools, scene)
    assert after["total_actions"] == before["total_actions"] + 1
    assert after["actions"][0]["name"] == "MCP: build the player"
    undone = await call(tools, "editor_undo", {})  # no target: the history the batch's action went to
    assert (undone["action"], undone["scene"]) == ("MCP: build the player", scene)
    assert await tree(tools, scene) == [(".", "Node2D")]
    await call(tools, "editor_redo", {"scene": scene})
    assert await value(tools, scene, "Player/Look", "position") == vector2(3, 4)


async def test_a_failing_step_leaves_the_scene_and_its_history_exactly_as_they_were(
    tools: Client, scene: str
) -> None:
    await call(tools, "node_create", {"scene": scene, "class_name": "Node2D", "name": "Kept"})
    await call(tools, "node_create", {"scene": scene, "class_name": "Node2D", "name": "Undone"})
    await call(tools, "editor_undo", {"scene": scene})  # leaves a redo entry the batch must not drop
    nodes, before = await tree(tools, scene), await history(tools, scene)
    refused = await call_fails(
        tools,
        "editor_batch",
        {
            "steps": [
                step("node_create", scene=scene, class_name="Node2D", name="Temporary"),
                step(
                    "node_set_property",
                    scene=scene,
                    node_path="Kept",
                    property="position",
                    value=vector2(9, 9),
                ),
                step(
                    "node_set_property",
                    scene=scene,
                    node_path="$0.node_path",
                    property="no_such_property",
                    value=1,
                ),
            ]
        },
        "NOT_FOUND",
    )
    assert refused["message"].startswith("Step 2 (node_set_property) failed, and the batch changed nothing")
    assert refused["hint"]
    assert await tree(tools, scene) == nodes
    assert await value(tools, scene, "Kept", "position") == vector2(0, 0)
    assert await history(tools, scene) == before
    assert (await call(tools, "editor_redo", {"scene": scene}))["action"] == "MCP: create Undone"


async def test_a_step_refused_by_read_only_mode_changes_nothing(
    tools: Client, scene: str, engine_editor: EngineEditor
) -> None:
    nodes, before = await tree(tools, scene), await history(tools, scene)
    batch = {
        "steps": [
            step("scene_get_tree", scene=scene),
            step("node_create", scene=scene, class_name="Node2D", name="Refused"),
        ]
    }
    async with mcp_client(engine_editor, "--read-only") as client:
        refused = await call_fails(client, "editor_batch", batch, "READ_ONLY_MODE")
    assert refused["message"].startswith("Step 1 (node_create): ")
    assert await tree(tools, scene) == nodes
    assert await history(tools, scene) == before


async def test_a_step_no_undo_can_hold_is_refused_before_any_step_runs(tools: Client, scene: str) -> None:
    nodes = await tree(tools, scene)
    batch = {
        "steps": [
            step("node_create", scene=scene, class_name="Node2D", name="Never"),
            step("scene_save", scene=scene),
        ]
    }
    refused = await call_fails(tools, "editor_batch", batch, "INVALID_PARAMS")
    assert refused["message"].startswith("Step 1 (scene_save) failed")
    assert await tree(tools, scene) == nodes
    later = {"steps": [step("node_create", scene=scene, class_name="Node2D", parent="$1.node_path")]}
    refused = await call_fails(tools, "editor_batch", later, "INVALID_PARAMS")
    assert "has not run yet" in refused["message"]


async def test_a_reference_to_a_missing_field_names_its_step_and_changes_nothing(
    tools: Client, scene: str
) -> None:
    nodes, before = await tree(tools, scene), await history(tools, scene)
    batch = {
        "steps": [
            step("node_create", scene=scene, class_name="Node2D", name="First"),
            step("node_create", scene=scene, class_name="Node2D", parent="$0.no_such_field"),
        ]
    }
    refused = await call_fails(tools, "editor_batch", batch, "INVALID_PARAMS")
    assert refused["message"].startswith("Step 1 (node_create) failed")
    assert "$0.no_such_field" in refused["message"]
    assert (await tree(tools, scene), await history(tools, scene)) == (nodes, before)


async def test_the_answer_is_one_short_line_a_step_and_whole_results_only_where_asked(
    tools: Client, scene: str
) -> None:
    steps = [step("node_create", scene=scene, class_name="Node2D", name=f"N{index}") for index in range(8)]
    done = await call(tools, "editor_batch", {"steps": steps, "full": [7]})
    assert done["steps"][0] == "0 node_create: node_path=N0 name=N0 type=Node2D"
    assert all(len(line) < 80 for line in done["steps"])
    assert list(done["results"]) == ["7"]
    assert done["results"]["7"]["node_path"] == "N7"


async def test_a_subtree_is_one_call_and_one_undo_removes_all_of_it(tools: Client, scene: str) -> None:
    rectangle = {"type": "NewResource", "class": "RectangleShape2D", "properties": {"size": vector2(14, 16)}}
    children = [
        {"class_name": "AnimatedSprite2D", "name": "Sprite"},
        {"class_name": "CollisionShape2D", "name": "Shape", "properties": {"shape": rectangle}},
        {"class_name": "Camera2D", "children": [{"class_name": "Node2D", "name": "Marker"}]},
    ]
    arguments = {"scene": scene, "class_name": "CharacterBody2D", "name": "Player", "children": children}
    await call(tools, "node_create", arguments)
    assert await tree(tools, scene) == [
        (".", "Node2D"),
        ("Player", "CharacterBody2D"),
        ("Player/Sprite", "AnimatedSprite2D"),
        ("Player/Shape", "CollisionShape2D"),
        ("Player/Camera2D", "Camera2D"),
        ("Player/Camera2D/Marker", "Node2D"),
    ]
    shape = await call(tools, "node_get", {"scene": scene, "node_path": "Player/Shape", "names": ["shape"]})
    assert shape["properties"][0]["value"]["properties"]["size"] == vector2(14, 16)
    await call(tools, "editor_undo", {"scene": scene})
    assert await tree(tools, scene) == [(".", "Node2D")]


async def test_a_bad_child_creates_nothing(tools: Client, scene: str) -> None:
    before = await history(tools, scene)
    children = [{"class_name": "Node2D", "children": [{"class_name": "NoSuchClass"}]}]
    arguments = {"scene": scene, "class_name": "Node2D", "name": "Top", "children": children}
    refused = await call_fails(tools, "node_create", arguments, "NOT_FOUND")
    assert "children[0].children[0].class_name" in refused["message"]
    assert (await tree(tools, scene), await history(tools, scene)) == ([(".", "Node2D")], before)
    arguments["children"] = [{"class_name": "Node2D", "type": "Node2D"}]
    refused = await call_fails(tools, "node_create", arguments, "INVALID_PARAMS")
    assert "children[0] has no field 'type'" in refused["message"]


async def test_a_failing_batch_takes_back_the_files_its_steps_wrote(
    tools: Client, scene: str, scratch: Scratch
) -> None:
    before = await call(tools, "editor_get_history", {"history": "global", "limit": 100})
    batch = {
        "steps": [
            step("file_write", path=scratch.path("notes.txt"), content="written by the batch"),
            step("node_create", scene=scene, class_name="NoSuchClass"),
        ]
    }
    await call_fails(tools, "editor_batch", batch, "NOT_FOUND")
    await call(tools, "editor_wait_for_idle", {})
    assert not scratch.file("notes.txt").exists()
    assert await call(tools, "editor_get_history", {"history": "global", "limit": 100}) == before


async def test_a_batch_that_edits_two_scenes_is_refused_and_undone(
    tools: Client, scene: str, scratch: Scratch
) -> None:
    other = scratch.path("other.tscn")
    await call(tools, "scene_create", {"path": other, "root_class": "Node2D", "if_exists": "replace"})
    try:
        batch = {
            "steps": [
                step("node_create", scene=scene, class_name="Node2D", name="Here"),
                step("node_create", scene=other, class_name="Node2D", name="There"),
            ]
        }
        refused = await call_fails(tools, "editor_batch", batch, "INVALID_OPERATION")
        assert refused["message"].startswith("Step 1 (node_create) failed")
        assert await tree(tools, scene) == await tree(tools, other) == [(".", "Node2D")]
        assert (await history(tools, scene))["total_actions"] == 0
        global_before = await call(tools, "editor_get_history", {"history": "global", "limit": 100})
        # Not the active tab: the action still goes to that scene's history.
        await call(tools, "editor_batch", {"steps": batch["steps"][:1]})
        assert (await history(tools, scene))["total_actions"] == 1
        assert (await history(tools, other))["total_actions"] == 0
        assert await call(tools, "editor_get_history", {"history": "global", "limit": 100}) == global_before
        assert (await call(tools, "scene_get_current", {}))["scene"] == other
    finally:
        await close_quietly(tools, other)


async def test_a_deleted_subtree_comes_back_whole_when_a_later_step_fails(tools: Client, scene: str) -> None:
    children = [{"class_name": "Sprite2D", "name": "Look"}]
    await call(
        tools, "node_create", {"scene": scene, "class_name": "Node2D", "name": "Kept", "children": children}
    )
    nodes, before = await tree(tools, scene), await history(tools, scene)
    batch = {
        "steps": [
            step("node_delete", scene=scene, node_path="Kept"),
            step("node_create", scene=scene, class_name="Node2D", parent="Kept"),
        ]
    }
    refused = await call_fails(tools, "editor_batch", batch, "NOT_FOUND")
    assert refused["message"].startswith("Step 1 (node_create) failed")
    assert (await tree(tools, scene), await history(tools, scene)) == (nodes, before)
    await call(tools, "editor_batch", {"steps": batch["steps"][:1]})
    assert await tree(tools, scene) == [(".", "Node2D")]
    await call(tools, "editor_undo", {"scene": scene})
    assert await tree(tools, scene) == nodes
