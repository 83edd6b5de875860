"""script.patch / check / attach / detach on the real editor."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, redo, undo

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

SOURCE = (
    "extends Node\n\nvar speed: int = 1\n\n\nfunc _ready() -> void:\n\tpass\n"
    + "\n\nfunc stop() -> void:\n\tpass\n"
)
BROKEN = 'extends Node\n\n\nfunc _ready() -> void:\n\tvar count: int = "three"\n\tprint(undeclared_name)\n'


@pytest.fixture
async def scene(tools: Client, scratch: Scratch) -> AsyncIterator[str]:
    """A scene of the test's own, open in the editor: a Node2D root with a Sprite2D child."""
    path = scratch.path("scene.tscn")
    await call(tools, "scene_create", {"path": path, "root_class": "Node2D"})
    await call(tools, "node_create", {"scene": path, "class_name": "Sprite2D", "name": "Sprite"})
    yield path
    await call(tools, "scene_close", {"scene": path, "discard_changes": True})


async def script_of(tools: Client, scene: str, node_path: str) -> str:
    tree = await call(tools, "scene_get_tree", {"scene": scene, "detail": "full"})
    return str({node["path"]: node for node in tree["nodes"]}[node_path]["script"])


async def test_patch_replaces_an_exact_text_once_and_undo_restores_it(
    tools: Client, scratch: Scratch
) -> None:
    path = scratch.path("p.gd")
    await call(tools, "script_write", {"path": path, "content": SOURCE})
    patched = await call(
        tools, "script_patch", {"path": path, "search": "var speed: int = 1", "content": "var speed: int = 5"}
    )
    assert (patched["mode"], patched["start_line"], patched["end_line"], patched["total_lines"]) == (
        "text",
        3,
        3,
        11,
    )
    assert scratch.file("p.gd").read_text() == SOURCE.replace("= 1", "= 5")
    assert await undo(tools) == f"MCP: Patch script {path}"
    assert scratch.file("p.gd").read_text() == SOURCE
    await redo(tools)
    assert scratch.file("p.gd").read_text() == SOURCE.replace("= 1", "= 5")


async def test_patch_refuses_an_ambiguous_or_missing_text(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("p.gd")
    await call(tools, "script_write", {"path": path, "content": SOURCE})
    ambiguous = await call_fails(
        tools, "script_patch", {"path": path, "search": "\tpass\n", "content": ""}, "AMBIGUOUS_MATCH"
    )
    assert "lines 7, 11" in ambiguous["message"]
    await call_fails(
        tools, "script_patch", {"path": path, "search": "no such text", "content": ""}, "NOT_FOUND"
    )
    await call_fails(tools, "script_patch", {"path": path, "content": "x"}, "INVALID_PARAMS")
    assert scratch.file("p.gd").read_text() == SOURCE


async def test_patch_replaces_inserts_and_deletes_line_ranges(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("l.gd")
    await call(tools, "script_write", {"path": path, "content": "a\nb\nc\n"})
    await call(tools, "script_patch", {"path": path, "start_line": 2, "end_line": 2, "content": "B1\nB2\n"})
    assert scratch.file("l.gd").read_text() == "a\nB1\nB2\nc\n"
    inserted = await call(
        tools, "script_patch", {"path": path, "start_line": 1, "end_line": 0, "content": "top"}
    )
    assert (inserted["start_line"], inserted["end_line"]) == (1, 1)
    assert scratch.file("l.gd").read_text() == "top\na\nB1\nB2\nc\n"
    await call(tools, "script_patch", {"path": path, "start_line": 3, "end_line": 4, "content": ""})
    assert scratch.file("l.gd").read_text() == "top\na\nc\n"
    await call(tools, "script_patch", {"path": path, "start_line": 4, "end_line": 3, "content": "end\n"})
    assert scratch.file("l.gd").read_text() == "top\na\nc\nend\n"
    await call_fails(tools, "script_patch", {"path": path, "start_line": 9, "content": "x"}, "INVALID_PARAMS")


async def test_check_reports_every_error_with_line_and_column(tools: Client, scratch: Scratch) -> None:
    await call(tools, "script_write", {"path": scratch.path("broken.gd"), "content": BROKEN})
    report = await call(tools, "script_check", {"path": scratch.path("broken.gd")})
    assert report["ok"] is False
    assert report["error_count"] == len(report["errors"]) >= 2
    where = {(error["line"], error["column"]) for error in report["errors"]}
    assert (6, 8) in where  # print(undeclared_name): the name starts at column 8
    assert {error["line"] for error in report["errors"]} == {5, 6}
    assert all(error["path"] == scratch.path("broken.gd") for error in report["errors"])
    assert any("undeclared_name" in error["message"] for error in report["errors"])


async def test_check_reports_a_syntax_error_line(tools: Client, scratch: Scratch) -> None:
    await call(
        tools,
        "script_write",
        {
            "path": scratch.path("syntax.gd"),
            "content": "extends Node\n\nfunc f() -> void:\n\tif true\n\t\tpass\n",
        },
    )
    report = await call(tools, "script_check", {"path": scratch.path("syntax.gd")})
    assert report["ok"] is False
    assert [(error["line"], error["kind"]) for error in report["errors"]] == [(4, "parse")]


async def test_check_passes_scripts_that_use_autoloads_and_global_classes(tools: Client) -> None:
    report = await call(tools, "script_check", {"path": "res://scripts/level.gd"})
    assert report["ok"] is True, report
    assert any("GameState" in note for note in report["notes"])
    assert (await call(tools, "script_check", {"path": "res://scripts/player.gd"}))["ok"] is True


async def test_check_refuses_missing_and_non_gdscript_files(tools: Client) -> None:
    await call_fails(tools, "script_check", {"path": "res://scripts/no_such.gd"}, "NOT_FOUND")
    await call_fails(tools, "script_check", {"path": "res://project.godot"}, "UNSUPPORTED")


async def test_attach_and_detach_are_undoable_in_the_scene_history(
    tools: Client, scratch: Scratch, scene: str
) -> None:
    script = scratch.path("sprite.gd")
    await call(tools, "script_create", {"path": script, "extends": "Sprite2D"})
    attached = await call(tools, "script_attach", {"scene": scene, "node_path": "Sprite", "path": script})
    assert attached == {"scene": scene, "node_path": "Sprite", "path": script, "previous": ""}
    assert await script_of(tools, scene, "Sprite") == script
    assert await undo(tools, "scene", scene) == "MCP: Attach script to Sprite"
    assert await script_of(tools, scene, "Sprite") == ""
    await redo(tools, "scene", scene)
    assert await script_of(tools, scene, "Sprite") == script
    detached = await call(tools, "script_detach", {"scene": scene, "node_path": "Sprite"})
    assert (detached["detached"], detached["previous"]) == (True, script)
    assert await script_of(tools, scene, "Sprite") == ""
    await undo(tools, "scene", scene)
    assert await script_of(tools, scene, "Sprite") == script
    await redo(tools, "scene", scene)
    assert await script_of(tools, scene, "Sprite") == ""


async def test_attach_and_detach_in_a_background_tab_land_in_that_scene_history(
    tools: Client, scratch: Scratch, scene: str
) -> None:
    script = scratch.path("sprite.gd")
    await call(tools, "script_create", {"path": script, "extends": "Sprite2D"})
    front = scratch.path("front.tscn")
    await call(tools, "scene_create", {"path": front})
    try:
        await call(tools, "script_attach", {"scene": scene, "node_path": "Sprite", "path": script})
        await call(tools, "script_detach", {"scene": scene, "node_path": "Sprite"})
        history = await call(tools, "editor_get_history", {"scene": scene, "limit": 2})
        assert [action["name"] for action in history["actions"]] == [
            "MCP: Detach script from Sprite",
            "MCP: Attach script to Sprite",
        ]
        assert (await call(tools, "scene_get_current", {}))["scene"] == front
    finally:
        await call(tools, "scene_close", {"scene": front, "discard_changes": True})


async def test_attach_refuses_a_script_whose_base_does_not_fit(
    tools: Client, scratch: Scratch, scene: str
) -> None:
    script = scratch.path("body.gd")
    await call(tools, "script_create", {"path": script, "extends": "CharacterBody2D"})
    refused = await call_fails(
        tools, "script_attach", {"scene": scene, "node_path": "Sprite", "path": script}, "TYPE_MISMATCH"
    )
    assert "Sprite2D" in refused["message"]
    assert "CharacterBody2D" in refused["message"]
    missing = await call_fails(
        tools, "script_attach", {"scene": scene, "node_path": "Nope", "path": script}, "NOT_FOUND"
    )
    assert "Sprite" in missing["hint"]
    await call_fails(
        tools, "script_attach", {"scene": scene, "node_path": ".", "path": "res://icon.svg"}, "INVALID_PARAMS"
    )
    assert await script_of(tools, scene, "Sprite") == ""


async def test_detach_of_a_node_without_script_changes_nothing(tools: Client, scene: str) -> None:
    unchanged = await call(tools, "script_detach", {"scene": scene, "node_path": "Sprite"})
    assert unchanged == {"scene": scene, "node_path": "Sprite", "previous": "", "detached": False}
    await call_fails(tools, "script_detach", {"scene": scene, "node_path": "Missing"}, "NOT_FOUND")
    await call_fails(tools, "script_detach", {"scene": "res://not_open.tscn", "node_path": "."}, "NOT_FOUND")
