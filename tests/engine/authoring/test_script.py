"""script.create / read / write / list on the real editor."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, redo, undo, unwrap

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

LIFECYCLE = "\n\nfunc _ready() -> void:\n\tpass\n\n\nfunc _process(_delta: float) -> void:\n\tpass\n"
NODE_TEMPLATE = "class_name {name}\nextends CharacterBody2D\n" + LIFECYCLE


async def test_create_writes_a_typed_template_that_compiles(tools: Client, scratch: Scratch) -> None:
    arguments = {"path": scratch.path("mover.gd"), "extends": "CharacterBody2D", "class_name": "ScratchMover"}
    created = await call(tools, "script_create", {**arguments, "template": "node"})
    assert (created["status"], created["class_name"], created["extends"]) == (
        "created",
        "ScratchMover",
        "CharacterBody2D",
    )
    assert scratch.file("mover.gd").read_text() == NODE_TEMPLATE.format(name="ScratchMover")
    assert scratch.file("mover.gd.uid").read_text().startswith("uid://")
    checked = await call(tools, "script_check", {"path": scratch.path("mover.gd")})
    assert checked["ok"] is True, checked
    assert await undo(tools) == f"MCP: Create script {scratch.path('mover.gd')}"
    assert not scratch.file("mover.gd").exists()
    assert not scratch.file("mover.gd.uid").exists()
    await redo(tools)
    assert scratch.file("mover.gd").exists()


@pytest.mark.parametrize(
    ("template", "base", "text"),
    [
        ("empty", "Resource", "extends Resource\n"),
        (
            "tool",
            "Node2D",
            "@tool\nextends Node2D\n" + LIFECYCLE,
        ),
        ("tool", "Resource", "@tool\nextends Resource\n"),
        ("empty", "res://scripts/player.gd", 'extends "res://scripts/player.gd"\n'),
        (
            "node",
            "Player",
            "extends Player\n" + LIFECYCLE,
        ),
    ],
)
async def test_each_template_and_kind_of_base(
    tools: Client, scratch: Scratch, template: str, base: str, text: str
) -> None:
    await call(tools, "script_create", {"path": scratch.path("t.gd"), "extends": base, "template": template})
    assert scratch.file("t.gd").read_text() == text
    assert (await call(tools, "script_check", {"path": scratch.path("t.gd")}))["ok"] is True


async def test_create_honours_if_exists(tools: Client, scratch: Scratch) -> None:
    await call(tools, "script_create", {"path": scratch.path("e.gd")})
    kept = await call(tools, "script_create", {"path": scratch.path("e.gd"), "extends": "Node2D"})
    assert kept["status"] == "returned"
    assert scratch.file("e.gd").read_text() == "extends Node\n"
    await call_fails(
        tools, "script_create", {"path": scratch.path("e.gd"), "if_exists": "fail"}, "ALREADY_EXISTS"
    )
    replaced = await call(
        tools, "script_create", {"path": scratch.path("e.gd"), "extends": "Node2D", "if_exists": "replace"}
    )
    assert replaced["status"] == "replaced"
    assert scratch.file("e.gd").read_text() == "extends Node2D\n"


async def test_create_refuses_unknown_bases_taken_class_names_and_bad_templates(
    tools: Client, scratch: Scratch
) -> None:
    path = scratch.path("bad.gd")
    refused = await call_fails(tools, "script_create", {"path": path, "extends": "NoSuchClass"}, "NOT_FOUND")
    assert "classdb_list_classes" in refused["hint"]
    taken = await call_fails(tools, "script_create", {"path": path, "class_name": "Player"}, "INVALID_PARAMS")
    assert "res://scripts/player.gd" in taken["message"]
    await call_fails(tools, "script_create", {"path": path, "class_name": "Node2D"}, "INVALID_PARAMS")
    await call_fails(
        tools, "script_create", {"path": path, "extends": "Resource", "template": "node"}, "INVALID_PARAMS"
    )
    await call_fails(tools, "script_create", {"path": scratch.path("bad.txt")}, "INVALID_PARAMS")
    assert not scratch.disk.exists()


async def test_read_pages_by_line(tools: Client) -> None:
    whole = await call(tools, "script_read", {"path": "res://scripts/player.gd"})
    text = unwrap(whole["content"])
    lines = text.splitlines(keepends=True)
    assert whole["total_lines"] == len(lines)
    assert whole["has_more"] is False
    window = await call(
        tools, "script_read", {"path": "res://scripts/player.gd", "start_line": 2, "end_line": 4}
    )
    assert unwrap(window["content"]) == "".join(lines[1:4])
    assert (window["returned"], window["next_start_line"], window["has_more"]) == (3, 5, True)
    assert "start_line = 5" in window["hint"]


async def test_read_refuses_ranges_outside_the_file_and_missing_files(tools: Client) -> None:
    await call_fails(
        tools, "script_read", {"path": "res://scripts/player.gd", "start_line": 999}, "INVALID_PARAMS"
    )
    await call_fails(
        tools,
        "script_read",
        {"path": "res://scripts/player.gd", "start_line": 5, "end_line": 4},
        "INVALID_PARAMS",
    )
    await call_fails(tools, "script_read", {"path": "res://scripts/no_such.gd"}, "NOT_FOUND")


async def test_write_reloads_a_script_the_editor_has_loaded(tools: Client, scratch: Scratch) -> None:
    path, scene = scratch.path("live.gd"), scratch.path("live.tscn")
    await call(tools, "script_write", {"path": path, "content": "extends Node\n\nvar speed: int = 1\n"})
    await call(tools, "scene_create", {"path": scene, "root_class": "Node"})
    try:
        await call(
            tools, "script_attach", {"scene": scene, "node_path": ".", "path": path}
        )  # now held by a node
        new_text = "extends Node\n\nvar speed: int = 2\nvar jump: int = 3\n"
        written = await call(tools, "script_write", {"path": path, "content": new_text})
        assert (written["status"], written["total_lines"], written["undoable"]) == ("replaced", 4, True)
        loaded = await call(tools, "resource_get", {"path": path, "properties": ["script/source"]})
        assert unwrap(loaded["properties"]["script/source"]) == new_text
        await undo(tools)
        assert scratch.file("live.gd").read_text() == "extends Node\n\nvar speed: int = 1\n"
        loaded = await call(tools, "resource_get", {"path": path, "properties": ["script/source"]})
        assert unwrap(loaded["properties"]["script/source"]) == "extends Node\n\nvar speed: int = 1\n"
        await redo(tools)
        assert scratch.file("live.gd").read_text() == new_text
    finally:
        await call(tools, "scene_close", {"scene": scene, "discard_changes": True})


async def test_write_honours_if_exists_and_needs_content(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("w.gd")
    await call(tools, "script_write", {"path": path, "content": "extends Node\n"})
    await call_fails(
        tools,
        "script_write",
        {"path": path, "content": "extends Node2D\n", "if_exists": "fail"},
        "ALREADY_EXISTS",
    )
    await call_fails(tools, "script_write", {"path": path}, "INVALID_PARAMS")
    assert scratch.file("w.gd").read_text() == "extends Node\n"


async def test_list_gives_class_names_bases_and_tool_flags(tools: Client, scratch: Scratch) -> None:
    await call(
        tools,
        "script_write",
        {"path": scratch.path("a.gd"), "content": "@tool\nclass_name ScratchA extends Node2D\n"},
    )
    await call(tools, "script_write", {"path": scratch.path("sub/b.gd"), "content": 'extends "../a.gd"\n'})
    listed = await call(tools, "script_list", {"path": scratch.res})
    assert listed["scripts"] == [
        {"path": scratch.path("sub/b.gd"), "class_name": "", "extends": "../a.gd", "tool": False},
        {"path": scratch.path("a.gd"), "class_name": "ScratchA", "extends": "Node2D", "tool": True},
    ]
    flat = await call(tools, "script_list", {"path": scratch.res, "recursive": False, "limit": 1})
    assert flat["total_scripts"] == 1
    assert flat["has_more"] is False
    demo = await call(tools, "script_list", {"path": "res://scripts"})
    assert {
        "path": "res://scripts/player.gd",
        "class_name": "Player",
        "extends": "CharacterBody2D",
        "tool": False,
    } in demo["scripts"]


async def test_list_of_a_missing_folder_is_not_found(tools: Client) -> None:
    await call_fails(tools, "script_list", {"path": "res://no/such/folder"}, "NOT_FOUND")
