"""A small catalogue with groups, as the editor publishes it, for the surface and discovery tests."""

from __future__ import annotations

from typing import Any

from godot_live_mcp.bridge.catalog import Catalog, parse_command
from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.server.editor_tools import editor_tool_entries
from godot_live_mcp.server.tool_table import ToolEntry
from tests.unit.fakes.fake_editor import command
from tests.unit.fakes.sources import FixedSource

SCHEMA = {"type": "object", "properties": {"node_path": {"type": "string"}}, "additionalProperties": False}


def grouped(
    name: str, group: str, *, read_only: bool = True, keywords: tuple[str, ...] = ()
) -> dict[str, Any]:
    """A command in ``group``; the group's description and keywords come from the contract when it is
    a built-in group and none are given."""
    label: dict[str, Any] = {"name": group}
    if keywords:
        label |= {"description": f"The {group} tools.", "keywords": list(keywords)}
    return command(name, read_only=read_only, schema=SCHEMA, group=label)


# node.get and scene.get_tree are core tools (contract.json); editor.ping has no group: both always listed.
COMMANDS = [
    grouped("scene.get_tree", "scene"),
    grouped("scene.open", "scene", read_only=False),
    grouped("node.get", "node"),
    grouped("node.delete", "node", read_only=False),
    grouped("node.rename", "node", read_only=False),
    grouped("input_map.list", "input_map"),
    grouped("input_map.add_action", "input_map", read_only=False),
    grouped("tilemap.paint", "tilemap", read_only=False, keywords=("tile", "tilemap", "paint", "cell")),
    grouped("tilemap.get_cells", "tilemap", keywords=("tile", "tilemap", "paint", "cell")),
    command("editor.ping"),
]


def entries(commands: list[dict[str, Any]] | None = None) -> list[ToolEntry]:
    catalog = Catalog(1, tuple(parse_command(raw) for raw in commands or COMMANDS))
    link = EditorLink(FixedSource(None))
    return [entry for owned in editor_tool_entries(catalog, link).values() for entry in owned]
