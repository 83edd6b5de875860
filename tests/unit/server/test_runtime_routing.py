"""Runtime-channel commands of the editor's catalogue run in the game; the others in the editor."""

from __future__ import annotations

from godot_live_mcp.bridge.catalog import parse_catalog
from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.runtime_link import RuntimeLink
from godot_live_mcp.server.editor_tools import EditorCommand, RuntimeCommand, editor_tool_entries
from godot_live_mcp.server.tool_table import ToolOwner
from tests.unit.fakes.fake_editor import command
from tests.unit.fakes.sources import FixedSource

CATALOG = parse_catalog(
    {
        "catalog_version": 3,
        "commands": [command("editor.get_info"), command("runtime.get_tree", channel="runtime")],
    }
)


def test_the_catalogue_says_which_channel_a_command_runs_on() -> None:
    channels = {spec.name: spec.channel for spec in CATALOG.commands}
    assert channels == {"editor.get_info": "editor", "runtime.get_tree": "runtime"}


def test_runtime_commands_get_the_runtime_backend() -> None:
    link = EditorLink(FixedSource(None))
    entries = editor_tool_entries(CATALOG, link, RuntimeLink(lambda: None))[ToolOwner.EDITOR]
    backends = {entry.name: type(entry.backend) for entry in entries}
    assert backends == {"editor_get_info": EditorCommand, "runtime_get_tree": RuntimeCommand}


def test_without_a_runtime_link_the_editor_answers_every_command() -> None:
    entries = editor_tool_entries(CATALOG, EditorLink(FixedSource(None)))[ToolOwner.EDITOR]
    assert {type(entry.backend) for entry in entries} == {EditorCommand}
