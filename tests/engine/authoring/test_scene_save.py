"""scene.save, scene.save_as and scene.close on the real editor."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, scratch_for
from tests.engine.authoring._scenes import add, close_quietly
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


@pytest.fixture
def scratch(request: pytest.FixtureRequest, engine_editor: EngineEditor) -> Scratch:
    return scratch_for(request, engine_editor.project)


async def unsaved(client: Client, path: str) -> object:
    listed = await call(client, "scene_list_open", {})
    return {item["path"]: item["unsaved"] for item in listed["scenes"]}[path]


async def test_save_writes_the_scene_to_its_file(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("saved.tscn")
    await call(tools, "scene_create", {"path": path})
    await add(tools, path, "Sprite2D", "Written")
    assert await unsaved(tools, path) is True
    saved = await call(tools, "scene_save", {"scene": path})
    clean = await unsaved(tools, path)
    await close_quietly(tools, path)
    assert saved == {"scene": path, "saved": True}
    assert clean is False
    assert '[node name="Written" type="Sprite2D" parent="."' in scratch.file("saved.tscn").read_text()


async def test_save_refuses_a_scene_that_is_not_open(tools: Client) -> None:
    await call_fails(tools, "scene_save", {"scene": "res://tests_tmp/never_opened.tscn"}, "NOT_FOUND")


async def test_save_as_moves_the_tab_to_the_new_file_and_keeps_the_old_one(
    tools: Client, scratch: Scratch
) -> None:
    old, new = scratch.path("first.tscn"), scratch.path("copies/second.tscn")
    await call(tools, "scene_create", {"path": old})
    await add(tools, old, "Node2D", "OnlyInCopy")
    copied = await call(tools, "scene_save_as", {"scene": old, "path": new})
    listed = await call(tools, "scene_list_open", {})
    await close_quietly(tools, new)
    assert copied == {"scene": new, "saved": True, "previous_path": old, "status": "created"}
    open_paths = {item["path"] for item in listed["scenes"]}
    assert new in open_paths
    assert old not in open_paths
    assert "OnlyInCopy" in scratch.file("copies/second.tscn").read_text()
    assert "OnlyInCopy" not in scratch.file("first.tscn").read_text()


async def test_save_as_refuses_to_overwrite_unless_told(tools: Client, scratch: Scratch) -> None:
    source, taken = scratch.path("source.tscn"), scratch.path("taken.tscn")
    await call(tools, "scene_create", {"path": taken, "root_class": "Control"})
    await close_quietly(tools, taken)
    before = scratch.file("taken.tscn").read_text()
    await call(tools, "scene_create", {"path": source, "root_class": "Node3D"})
    refused = await call_fails(tools, "scene_save_as", {"scene": source, "path": taken}, "ALREADY_EXISTS")
    kept = await call(tools, "scene_save_as", {"scene": source, "path": taken, "if_exists": "return"})
    untouched = scratch.file("taken.tscn").read_text()
    replaced = await call(tools, "scene_save_as", {"scene": source, "path": taken, "if_exists": "replace"})
    await close_quietly(tools, taken)
    assert "if_exists" in refused["hint"]
    assert (kept["status"], kept["saved"], untouched) == ("returned", False, before)
    assert replaced["status"] == "replaced"
    assert 'type="Node3D"' in scratch.file("taken.tscn").read_text()


@pytest.mark.parametrize(
    ("path", "code"), [("res://x/notes.txt", "INVALID_PARAMS"), ("../x.tscn", "PATH_DENIED")]
)
async def test_save_as_refuses_bad_paths(tools: Client, path: str, code: str) -> None:
    await call_fails(tools, "scene_save_as", {"path": path}, code)


async def test_close_refuses_unsaved_changes_unless_discarding(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("closing.tscn")
    await call(tools, "scene_create", {"path": path})
    await add(tools, path, "Node2D", "Pending")
    refused = await call_fails(tools, "scene_close", {"scene": path}, "INVALID_STATE")
    still_open = await unsaved(tools, path)
    closed = await call(tools, "scene_close", {"scene": path, "discard_changes": True})
    listed = await call(tools, "scene_list_open", {})
    assert "scene_save" in refused["hint"]
    assert still_open is True
    assert (closed["scene"], closed["closed"], closed["discarded_changes"]) == (path, True, True)
    assert path not in {item["path"] for item in listed["scenes"]}
    assert "Pending" not in scratch.file("closing.tscn").read_text()


async def test_closing_another_tab_keeps_the_active_scene(tools: Client, scratch: Scratch) -> None:
    background, active = scratch.path("background.tscn"), scratch.path("active.tscn")
    await call(tools, "scene_create", {"path": background})
    await call(tools, "scene_create", {"path": active})
    closed = await call(tools, "scene_close", {"scene": background})
    current = await call(tools, "scene_get_current", {})
    await close_quietly(tools, active)
    assert (closed["discarded_changes"], closed["active"]) == (False, active)
    assert current["scene"] == active


async def test_close_refuses_a_scene_that_is_not_open(tools: Client) -> None:
    await call_fails(tools, "scene_close", {"scene": "res://tests_tmp/not_open.tscn"}, "NOT_FOUND")
