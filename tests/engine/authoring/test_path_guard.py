"""Every path parameter of the file, script and resource tools is confined to res://, outside the addon."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call_fails
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

ESCAPES = {
    "dot-dot under res://": "res://../escaped.txt",
    "bare dot-dot": "../escaped.txt",
    "dot-dot in the middle": "res://scripts/../../escaped.txt",
    "absolute path": "/tmp/escaped.txt",
    "drive letter": "C:/escaped.txt",
    "drive letter, backslashes": "C:\\escaped.txt",
    "UNC share": "\\\\server\\share\\escaped.txt",
    "UNC share, forward slashes": "//server/share/escaped.txt",
    "another scheme": "file:///tmp/escaped.txt",
    "the addon's folder": "res://addons/godot_live_mcp/plugin.gd",
    "the addon's folder, bare": "addons/godot_live_mcp/escaped.gd",
}

# tool -> (the arguments it needs besides the guarded one, the guarded parameter)
GUARDED: dict[str, tuple[dict[str, Any], str]] = {
    "file_list": ({}, "path"),
    "file_read": ({}, "path"),
    "file_write": ({"content": "x"}, "path"),
    "file_move": ({"path": "res://no_such_source.txt"}, "to"),
    "file_delete": ({}, "path"),
    "file_search": ({"query": "x"}, "path"),
    "folder_create": ({}, "path"),
    "folder_delete": ({}, "path"),
    "script_create": ({}, "path"),
    "script_read": ({}, "path"),
    "script_write": ({"content": "extends Node\n"}, "path"),
    "script_patch": ({"content": "x", "search": "y"}, "path"),
    "script_check": ({}, "path"),
    "script_list": ({}, "path"),
    "script_attach": ({"node_path": "."}, "path"),
    "resource_create": ({"class_name": "Resource"}, "path"),
    "resource_get": ({}, "path"),
    "resource_set_property": ({"property": "resource_name", "value": "x"}, "path"),
    "resource_list": ({}, "path"),
    "resource_duplicate": ({"path": "res://resources/player_stats.tres"}, "to"),
}


@pytest.mark.parametrize("tool", sorted(GUARDED))
async def test_every_escape_is_denied(tools: Client, engine_editor: EngineEditor, tool: str) -> None:
    base, param = GUARDED[tool]
    for label, escape in ESCAPES.items():
        refused = await call_fails(tools, tool, {**base, param: escape}, "PATH_DENIED")
        assert refused["message"].startswith(f"{param}:"), (label, refused)
        assert refused["hint"], label
    assert not (engine_editor.project.parent / "escaped.txt").exists()
    assert not (engine_editor.project / "addons" / "godot_live_mcp" / "escaped.gd").exists()


async def test_the_source_path_of_a_move_is_guarded_too(tools: Client) -> None:
    arguments = {"path": "res://addons/godot_live_mcp/plugin.gd", "to": "res://stolen.gd"}
    await call_fails(tools, "file_move", arguments, "PATH_DENIED")
