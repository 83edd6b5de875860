"""scene.create, scene.open and scene.reload on the real editor: files on disk, tabs, refusals."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, scratch_for
from tests.engine.authoring._scenes import add, close_quietly, tree
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


@pytest.fixture
def scratch(request: pytest.FixtureRequest, engine_editor: EngineEditor) -> Scratch:
    return scratch_for(request, engine_editor.project)


async def test_create_writes_the_scene_and_makes_it_the_active_tab(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("arena.tscn")
    created = await call(tools, "scene_create", {"path": path, "root_class": "Node3D", "root_name": "Arena"})
    current = await call(tools, "scene_get_current", {})
    await close_quietly(tools, path)
    assert created["status"] == "created"
    assert (created["scene"], created["root_name"], created["root_type"]) == (path, "Arena", "Node3D")
    assert current["scene"] == path
    assert '[node name="Arena" type="Node3D"' in scratch.file("arena.tscn").read_text()


async def test_create_honours_if_exists(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("twice.tscn")
    await call(tools, "scene_create", {"path": path, "root_class": "Node2D"})
    first_text = scratch.file("twice.tscn").read_text()
    kept = await call(tools, "scene_create", {"path": path, "root_class": "Control"})
    await call_fails(tools, "scene_create", {"path": path, "if_exists": "fail"}, "ALREADY_EXISTS")
    unchanged = scratch.file("twice.tscn").read_text()
    replaced = await call(
        tools, "scene_create", {"path": path, "root_class": "Control", "if_exists": "replace"}
    )
    await close_quietly(tools, path)
    assert (kept["status"], kept["root_type"]) == ("returned", "Node2D")
    assert unchanged == first_text
    assert (replaced["status"], replaced["root_type"]) == ("replaced", "Control")
    assert 'type="Control"' in scratch.file("twice.tscn").read_text()


async def test_create_accepts_a_script_class_as_root(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("player_scene.tscn")
    created = await call(tools, "scene_create", {"path": path, "root_class": "Player"})
    root = await call(tools, "node_get", {"scene": path, "node_path": ".", "names": ["speed"]})
    await close_quietly(tools, path)
    assert created["root_type"] == "CharacterBody2D"
    assert root["script"] == "res://scripts/player.gd"
    assert root["properties"] == [{"name": "speed", "type": "float", "value": 200.0}]


@pytest.mark.parametrize(
    ("arguments", "code"),
    [
        ({"root_class": "Resource"}, "INVALID_PARAMS"),
        ({"root_class": "CanvasItem"}, "INVALID_PARAMS"),
        ({"root_class": "NoSuchClass"}, "NOT_FOUND"),
        ({"root_name": "bad/name"}, "INVALID_PARAMS"),
        ({"if_exists": "sometimes"}, "INVALID_PARAMS"),
    ],
)
async def test_create_refuses_what_cannot_be_a_scene_root(
    tools: Client, scratch: Scratch, arguments: dict[str, str], code: str
) -> None:
    refused = await call_fails(tools, "scene_create", {"path": scratch.path("bad.tscn"), **arguments}, code)
    assert refused["hint"]
    assert not scratch.file("bad.tscn").exists()


@pytest.mark.parametrize(
    ("path", "code"),
    [
        ("res://tests_tmp/notes.txt", "INVALID_PARAMS"),
        ("res://../outside.tscn", "PATH_DENIED"),
        ("/tmp/absolute.tscn", "PATH_DENIED"),
        ("res://addons/godot_live_mcp/evil.tscn", "PATH_DENIED"),
    ],
)
async def test_create_refuses_paths_that_are_not_project_scenes(tools: Client, path: str, code: str) -> None:
    await call_fails(tools, "scene_create", {"path": path}, code)


async def test_open_opens_a_file_and_switches_to_an_open_one(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("reopen.tscn")
    await call(tools, "scene_create", {"path": path})
    await close_quietly(tools, path)
    opened = await call(tools, "scene_open", {"path": path})
    level = await call(tools, "scene_open", {"path": "res://scenes/level.tscn"})
    back = await call(tools, "scene_open", {"path": path})
    await close_quietly(tools, path)
    assert (opened["scene"], opened["already_open"], opened["broken_dependencies"]) == (path, False, [])
    assert (level["scene"], level["already_open"], level["root_type"]) == (
        "res://scenes/level.tscn",
        True,
        "Node2D",
    )
    assert (back["scene"], back["already_open"]) == (path, True)


@pytest.mark.parametrize(
    ("path", "code"),
    [("res://scenes/absent.tscn", "NOT_FOUND"), ("res://scripts/player.gd", "INVALID_PARAMS")],
)
async def test_open_refuses_missing_and_non_scene_files(tools: Client, path: str, code: str) -> None:
    before = await call(tools, "scene_get_current", {})
    await call_fails(tools, "scene_open", {"path": path}, code)
    assert (await call(tools, "scene_get_current", {}))["scene"] == before["scene"]


async def test_reload_drops_unsaved_changes_only_when_asked(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("reload.tscn")
    await call(tools, "scene_create", {"path": path})
    await add(tools, path, "Node2D", "Saved")
    await call(tools, "scene_save", {"scene": path})
    await add(tools, path, "Node2D", "Unsaved")
    refused = await call_fails(tools, "scene_reload", {"scene": path}, "INVALID_STATE")
    kept = await tree(tools, path)
    reloaded = await call(tools, "scene_reload", {"scene": path, "discard_changes": True})
    after = await tree(tools, path)
    await close_quietly(tools, path)
    assert "discard_changes" in refused["hint"]
    assert [node for node, _ in kept] == [".", "Saved", "Unsaved"]
    assert reloaded["discarded_changes"] is True
    assert [node for node, _ in after] == [".", "Saved"]
