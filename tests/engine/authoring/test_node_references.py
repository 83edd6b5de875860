"""node.rename and node.reparent on paths held elsewhere in the scene: NodePath properties, animation
tracks and $, % and get_node paths in the scene's scripts are reported, and rewritten on request
(the scene's part in the same undo step, the scripts as file edits in the global history)."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, redo, undo
from tests.engine.authoring._scenes import add

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

MAIN = """extends Node2D


func _ready() -> void:
\tvar label: Label = $HUD/ScoreLabel
\tprint(get_node("HUD"), %ScoreLabel.text)
"""
SETUP = """var lib := AnimationLibrary.new()
var blink := Animation.new()
var track := blink.add_track(Animation.TYPE_VALUE)
blink.track_set_path(track, NodePath('HUD/ScoreLabel:visible'))
lib.add_animation('blink', blink)
scene.get_node('Player').add_animation_library('', lib)
scene.get_node('Follower').remote_path = NodePath('../HUD/ScoreLabel')
return true"""
HELD = (
    "[str(scene.get_node('Follower').remote_path),"
    " str(scene.get_node('Player').get_animation('blink').track_get_path(0))]"
)


@pytest.fixture
async def wired(tools: Client, scene: str, scratch: Scratch) -> str:
    """The scene: HUD/ScoreLabel (unique name), a RemoteTransform2D and an animation pointing at the
    label, and a root script reaching it by $, get_node and %; the script's res:// path."""
    script = scratch.path("main.gd")
    await call(tools, "script_write", {"path": script, "content": MAIN, "if_exists": "replace"})
    await add(tools, scene, "CanvasLayer", "HUD")
    await add(tools, scene, "Label", "ScoreLabel", "HUD", {"unique_name_in_owner": True})
    await add(tools, scene, "RemoteTransform2D", "Follower")
    await add(tools, scene, "AnimationPlayer", "Player")
    await call(tools, "script_attach", {"scene": scene, "node_path": ".", "path": script})
    await call(tools, "editor_execute", {"code": SETUP})
    return script


async def held(tools: Client) -> list[str]:
    """The Follower's remote_path and the blink track's path, as the open scene holds them."""
    return list((await call(tools, "editor_execute", {"code": HELD}))["value"])


def rows(result: dict[str, Any]) -> dict[str, tuple[str, str, str]]:
    return {row["at"]: (row["kind"], row["path"], row["new_path"]) for row in result["references"]}


async def test_a_rename_reports_every_path_it_breaks_and_changes_none(
    tools: Client, scene: str, scratch: Scratch, wired: str
) -> None:
    renamed = await call(tools, "node_rename", {"scene": scene, "node_path": "HUD", "new_name": "Overlay"})
    assert renamed["references_updated"] is False
    assert rows(renamed) == {
        "Follower.remote_path": ("property", "../HUD/ScoreLabel", "../Overlay/ScoreLabel"),
        "Player/blink[0]": ("track", "HUD/ScoreLabel:visible", "Overlay/ScoreLabel:visible"),
        f"{wired}:5": ("script", "HUD/ScoreLabel", "Overlay/ScoreLabel"),
        f"{wired}:6": ("script", "HUD", "Overlay"),
    }
    assert await held(tools) == ["../HUD/ScoreLabel", "HUD/ScoreLabel:visible"]
    assert scratch.file("main.gd").read_text() == MAIN


async def test_a_rename_with_update_rewrites_them_and_undoes_in_one_step(
    tools: Client, scene: str, scratch: Scratch, wired: str
) -> None:
    arguments = {"scene": scene, "node_path": "HUD", "new_name": "Overlay", "update_references": True}
    renamed = await call(tools, "node_rename", arguments)
    after = ["../Overlay/ScoreLabel", "Overlay/ScoreLabel:visible"]
    assert (renamed["references_updated"], renamed["scripts_updated"]) == (True, [wired])
    assert await held(tools) == after
    text = scratch.file("main.gd").read_text()
    assert "$Overlay/ScoreLabel" in text
    assert 'get_node("Overlay")' in text
    assert "%ScoreLabel" in text
    assert await undo(tools) == f"MCP: Update node paths in {wired}"
    assert scratch.file("main.gd").read_text() == MAIN
    assert await undo(tools, "scene", scene) == "MCP: rename HUD to Overlay"
    assert await held(tools) == ["../HUD/ScoreLabel", "HUD/ScoreLabel:visible"]
    await redo(tools, "scene", scene)
    assert await held(tools) == after
    await redo(tools)
    assert scratch.file("main.gd").read_text() == text


async def test_renaming_a_unique_node_rewrites_its_percent_name(
    tools: Client, scene: str, scratch: Scratch, wired: str
) -> None:
    arguments = {
        "scene": scene,
        "node_path": "HUD/ScoreLabel",
        "new_name": "Score",
        "update_references": True,
    }
    renamed = await call(tools, "node_rename", arguments)
    assert rows(renamed)[f"{wired}:6"] == ("script", "%ScoreLabel", "%Score")
    text = scratch.file("main.gd").read_text()
    assert "%Score.text" in text
    assert "$HUD/Score\n" in text


async def test_a_reparent_with_update_rewrites_paths_and_keeps_percent_names(
    tools: Client, scene: str, scratch: Scratch, wired: str
) -> None:
    arguments = {"scene": scene, "node_path": "HUD/ScoreLabel", "new_parent": ".", "update_references": True}
    moved = await call(tools, "node_reparent", arguments)
    assert set(rows(moved)) == {"Follower.remote_path", "Player/blink[0]", f"{wired}:5"}
    assert await held(tools) == ["../ScoreLabel", "ScoreLabel:visible"]
    assert "$ScoreLabel\n" in scratch.file("main.gd").read_text()
    await undo(tools)
    await undo(tools, "scene", scene)
    assert await held(tools) == ["../HUD/ScoreLabel", "HUD/ScoreLabel:visible"]
    assert scratch.file("main.gd").read_text() == MAIN


async def test_nothing_referencing_the_node_adds_nothing_and_a_refused_rename_changes_nothing(
    tools: Client, scene: str, scratch: Scratch, wired: str
) -> None:
    plain = await call(tools, "node_rename", {"scene": scene, "node_path": "Player", "new_name": "Anim"})
    assert "references" not in plain
    arguments = {"scene": scene, "node_path": "HUD", "new_name": "Follower", "update_references": True}
    refused = await call_fails(tools, "node_rename", arguments, "ALREADY_EXISTS")
    assert "scene_get_tree" in refused["hint"]
    assert scratch.file("main.gd").read_text() == MAIN


async def test_a_percent_path_in_a_property_survives_a_reparent_unreported(
    tools: Client, scene: str, wired: str
) -> None:
    code = "scene.get_node('Follower').remote_path = NodePath('%ScoreLabel')\nreturn true"
    await call(tools, "editor_execute", {"code": code})
    arguments = {"scene": scene, "node_path": "HUD/ScoreLabel", "new_parent": ".", "update_references": True}
    moved = await call(tools, "node_reparent", arguments)
    assert "Follower.remote_path" not in rows(moved)
    assert (await held(tools))[0] == "%ScoreLabel"
    await undo(tools)
