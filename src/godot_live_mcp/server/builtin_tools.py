"""The built-in tools, counted in one place: the number docs/tools.md and the README state, the tools
the API snapshot holds, ``tools count``'s ``built-in`` line and the server's log all come from here."""

from __future__ import annotations

import mcp_types as types

from godot_live_mcp.bridge.catalog import Catalog
from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.instances.editor_source import RegistrySource
from godot_live_mcp.server.editor_tools import editor_tool_entries
from godot_live_mcp.server.served_tools import server_run_tools
from godot_live_mcp.server.tool_table import ToolOwner

__all__ = ["BUILTIN_TOOLS_MEANING", "builtin_tool_names", "builtin_tools"]

BUILTIN_TOOLS_MEANING = (
    "every tool a server can list with every group loaded and --allow-execute, without GDScript "
    "extensions or Python plugins: the editor's built-in commands and the tools the server runs itself"
)
"""What the built-in count counts, in the words ``tools count`` prints."""


def builtin_tools(catalog: Catalog) -> list[types.Tool]:
    """The built-in tools of ``catalog`` (its extensions' commands left out) and the server-run tools
    (discover_tools, run_tool, godot_live_mcp_schema, the instance, lsp, test and export tools)."""
    link = EditorLink(RegistrySource(None))  # never connected: the entries are only described
    editor = editor_tool_entries(catalog, link)[ToolOwner.EDITOR]
    return [*server_run_tools(), *(entry.tool for entry in editor)]


def builtin_tool_names(catalog: Catalog | None) -> frozenset[str]:
    """The names of ``builtin_tools(catalog)``; without a catalogue (no editor yet), the server-run ones."""
    tools = builtin_tools(catalog) if catalog is not None else server_run_tools()
    return frozenset(tool.name for tool in tools)
