"""resource.list (by class, through the editor's filesystem) and resource.duplicate (a new uid, undoable)."""

from __future__ import annotations

import re

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, redo, undo
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

UID = re.compile(r'uid="(uid://[a-z0-9]+)"')


async def test_list_filters_by_engine_class_and_by_script_class(tools: Client, scratch: Scratch) -> None:
    await call(tools, "resource_create", {"path": scratch.path("box.tres"), "class_name": "RectangleShape2D"})
    await call(tools, "resource_create", {"path": scratch.path("round.tres"), "class_name": "CircleShape2D"})
    await call(
        tools, "resource_create", {"path": scratch.path("sub/stats.tres"), "class_name": "PlayerStats"}
    )
    shapes = await call(tools, "resource_list", {"path": scratch.res, "type": "Shape2D"})
    assert [item["path"] for item in shapes["resources"]] == [
        scratch.path("box.tres"),
        scratch.path("round.tres"),
    ]
    stats = await call(tools, "resource_list", {"type": "PlayerStats"})
    paths = [item["path"] for item in stats["resources"]]
    assert {"res://resources/player_stats.tres", scratch.path("sub/stats.tres")} <= set(paths)
    assert "res://scripts/player_stats.gd" not in paths  # the script declares the class; it is not one
    flat = await call(tools, "resource_list", {"path": scratch.res, "recursive": False, "limit": 1})
    assert (flat["total_resources"], flat["returned"], flat["next_offset"]) == (2, 1, 1)


async def test_list_refuses_unknown_classes_and_folders(tools: Client) -> None:
    await call_fails(tools, "resource_list", {"type": "NoSuchClass"}, "NOT_FOUND")
    await call_fails(tools, "resource_list", {"path": "res://no/such/folder"}, "NOT_FOUND")


async def test_list_leaves_out_the_addon(tools: Client) -> None:
    scripts = await call(tools, "resource_list", {"path": "res://addons", "type": "Script", "limit": 1000})
    assert not [
        item for item in scripts["resources"] if item["path"].startswith("res://addons/godot_live_mcp/")
    ]


async def test_duplicate_copies_with_a_new_uid_and_undo_removes_the_copy(
    tools: Client, scratch: Scratch, engine_editor: EngineEditor
) -> None:
    original = "res://resources/player_stats.tres"
    copy = scratch.path("stats_copy.tres")
    duplicated = await call(tools, "resource_duplicate", {"path": original, "to": copy})
    assert duplicated == {
        "path": original,
        "to": copy,
        "type": "Resource",
        "status": "created",
        "undoable": True,
    }
    got = await call(tools, "resource_get", {"path": copy, "properties": ["max_health", "move_speed"]})
    assert got["properties"] == {"max_health": 5, "move_speed": 220.0}
    copy_uids = UID.findall(scratch.file("stats_copy.tres").read_text())
    source_uids = UID.findall((engine_editor.project / "resources" / "player_stats.tres").read_text())
    assert copy_uids[0] != source_uids[0]  # the header's uid: the copy's own
    assert copy_uids[1:] == source_uids[1:]  # the script it refers to stays shared
    assert await undo(tools) == f"MCP: Duplicate {original}"
    assert not scratch.file("stats_copy.tres").exists()
    await redo(tools)
    assert scratch.file("stats_copy.tres").exists()


async def test_duplicate_refuses_an_existing_target_and_missing_sources(
    tools: Client, scratch: Scratch
) -> None:
    source = "res://resources/player_stats.tres"
    await call(tools, "resource_duplicate", {"path": source, "to": scratch.path("a.tres")})
    arguments = {"path": source, "to": scratch.path("a.tres"), "if_exists": "fail"}
    await call_fails(tools, "resource_duplicate", arguments, "ALREADY_EXISTS")
    await call_fails(
        tools,
        "resource_duplicate",
        {"path": scratch.path("none.tres"), "to": scratch.path("b.tres")},
        "NOT_FOUND",
    )
    await call_fails(
        tools, "resource_duplicate", {"path": source, "to": scratch.path("b.png")}, "INVALID_PARAMS"
    )
