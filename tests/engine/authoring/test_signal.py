"""signal.list, signal.connect and signal.disconnect on the real editor: persisted, undone and redone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails, scratch_for
from tests.engine.authoring._scenes import add, assert_undo_redo, close_quietly
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

RECEIVER = """extends Node2D

signal cleared(points: int)


func _on_gem_entered(_body: Node2D) -> void:
	pass


func _on_ping() -> void:
	pass
"""


@pytest.fixture
async def wired(
    tools: Client, scene: str, request: pytest.FixtureRequest, engine_editor: EngineEditor
) -> str:
    """The test's scene: a root with the RECEIVER script and an Area2D child named Gem."""
    script = scratch_for(request, engine_editor.project).path("receiver.gd")
    await call(tools, "script_write", {"path": script, "content": RECEIVER, "if_exists": "replace"})
    await call(tools, "script_attach", {"scene": scene, "node_path": ".", "path": script})
    await add(tools, scene, "Area2D", "Gem")
    return scene


Connection = tuple[str, str, str, tuple[str, ...]]


def link(scene: str, **extra: Any) -> dict[str, Any]:
    return {
        "scene": scene,
        "node_path": "Gem",
        "signal": "body_entered",
        "target": ".",
        "method": "_on_gem_entered",
    } | extra


async def connections(client: Client, scene: str, node_path: str = "Gem") -> list[Connection]:
    """(signal, target, method, flags) of every connection of the node's signals."""
    listed = await call(
        client, "signal_list", {"scene": scene, "node_path": node_path, "connected_only": True}
    )
    return [
        (entry["name"], each["target"], each["method"], tuple(each["flags"]))
        for entry in listed["signals"]
        for each in entry["connections"]
    ]


def scene_file(engine_editor: EngineEditor, scene: str) -> Path:
    return engine_editor.project / scene.removeprefix("res://")


async def test_connect_is_saved_with_the_scene_and_undoable(
    tools: Client, wired: str, engine_editor: EngineEditor
) -> None:
    made = await call(tools, "signal_connect", link(wired, flags=["deferred"]))
    assert made == {
        "scene": wired,
        "node_path": "Gem",
        "signal": "body_entered",
        "target": ".",
        "method": "_on_gem_entered",
        "flags": ["deferred"],
        "status": "created",
    }
    connected: list[Connection] = [("body_entered", ".", "_on_gem_entered", ("deferred",))]
    name = await assert_undo_redo(tools, wired, lambda: connections(tools, wired), [], connected)
    assert name == "MCP: Connect 'body_entered' of 'Gem' to '_on_gem_entered' of '.'"
    await call(tools, "scene_save", {"scene": wired})
    saved = scene_file(engine_editor, wired).read_text("utf-8")
    assert '[connection signal="body_entered" from="Gem" to="." method="_on_gem_entered" flags=3]' in saved


async def test_connecting_again_follows_if_exists(tools: Client, wired: str) -> None:
    await call(tools, "signal_connect", link(wired, flags=["deferred"]))
    kept = await call(tools, "signal_connect", link(wired, flags=["one_shot"]))
    await call_fails(tools, "signal_connect", link(wired, if_exists="fail"), "ALREADY_EXISTS")
    replaced = await call(tools, "signal_connect", link(wired, flags=["one_shot"], if_exists="replace"))
    assert (kept["status"], kept["flags"]) == ("returned", ["deferred"])
    assert (replaced["status"], replaced["flags"]) == ("replaced", ["one_shot"])
    before: list[Connection] = [("body_entered", ".", "_on_gem_entered", ("deferred",))]
    after: list[Connection] = [("body_entered", ".", "_on_gem_entered", ("one_shot",))]
    await assert_undo_redo(tools, wired, lambda: connections(tools, wired), before, after)


async def test_connect_warns_when_the_method_cannot_take_the_signal_arguments(
    tools: Client, wired: str
) -> None:
    made = await call(tools, "signal_connect", link(wired, method="_on_ping"))
    assert made["status"] == "created"
    assert "passes 1 argument(s) but _on_ping takes 0 to 0" in made["warning"]


@pytest.mark.parametrize(
    ("changes", "code", "in_hint"),
    [
        ({"node_path": "Nope"}, "NOT_FOUND", "Gem"),
        ({"target": "Nope"}, "NOT_FOUND", "Gem"),
        ({"signal": "body_entred"}, "NOT_FOUND", "body_entered"),
        ({"method": "_on_missing"}, "NOT_FOUND", "script_patch"),
        ({"scene": "res://tests_tmp/not_open.tscn"}, "NOT_FOUND", "scene_create"),
    ],
)
async def test_connect_refuses_what_does_not_exist(
    tools: Client, wired: str, changes: dict[str, str], code: str, in_hint: str
) -> None:
    refused = await call_fails(tools, "signal_connect", link(wired) | changes, code)
    assert in_hint in refused["hint"]
    assert await connections(tools, wired) == []


async def test_disconnect_removes_the_connection_and_undo_restores_its_flags(
    tools: Client, wired: str
) -> None:
    await call(tools, "signal_connect", link(wired, flags=["one_shot"]))
    removed = await call(tools, "signal_disconnect", link(wired))
    assert (removed["disconnected"], removed["flags"]) == (True, ["one_shot"])
    before: list[Connection] = [("body_entered", ".", "_on_gem_entered", ("one_shot",))]
    name = await assert_undo_redo(tools, wired, lambda: connections(tools, wired), before, [])
    assert name.startswith("MCP: Disconnect 'body_entered' of 'Gem'")


async def test_disconnecting_what_is_not_connected_is_not_found(tools: Client, wired: str) -> None:
    refused = await call_fails(tools, "signal_disconnect", link(wired), "NOT_FOUND")
    assert "signal_list" in refused["hint"]


async def test_list_shows_script_signals_arguments_and_both_directions(tools: Client, wired: str) -> None:
    await call(tools, "signal_connect", link(wired))
    root = await call(tools, "signal_list", {"scene": wired, "node_path": "."})
    gem = await call(tools, "signal_list", {"scene": wired, "node_path": "Gem", "limit": 2})
    signals = {entry["name"]: entry for entry in root["signals"]}
    assert signals["cleared"]["args"] == ["points: int"]
    assert signals["cleared"]["defined_by"] == "script"
    assert signals["ready"]["defined_by"] == "class"
    assert root["incoming"] == [
        {
            "source": "Gem",
            "signal": "body_entered",
            "method": "_on_gem_entered",
            "flags": [],
            "persistent": True,
        }
    ]
    assert (gem["returned"], gem["has_more"], gem["next_offset"]) == (2, True, 2)
    assert gem["total_signals"] > 2


async def test_list_of_an_unknown_node_names_the_existing_ones(tools: Client, wired: str) -> None:
    refused = await call_fails(tools, "signal_list", {"scene": wired, "node_path": "Gme"}, "NOT_FOUND")
    assert "Gem" in refused["hint"]


async def test_a_connection_in_a_background_tab_lands_in_that_scene_and_its_history(
    tools: Client, wired: str, request: pytest.FixtureRequest, engine_editor: EngineEditor
) -> None:
    other = scratch_for(request, engine_editor.project).path("other.tscn")
    await call(tools, "scene_create", {"path": other, "if_exists": "replace"})
    try:
        made = await call(tools, "signal_connect", link(wired))
        assert made["scene"] == wired
        assert (await call(tools, "scene_get_current", {}))["scene"] == other
        history = await call(tools, "editor_get_history", {"scene": wired, "limit": 1})
        assert history["actions"][0]["name"].startswith("MCP: Connect 'body_entered'")
        after: list[Connection] = [("body_entered", ".", "_on_gem_entered", ())]
        await assert_undo_redo(tools, wired, lambda: connections(tools, wired), [], after)
        assert (await call(tools, "scene_get_current", {}))["scene"] == other
    finally:
        await close_quietly(tools, other)
