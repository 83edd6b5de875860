"""The tools the server runs itself, not the editor: ``discover_tools`` and ``run_tool``,
``godot_live_mcp_schema`` (its own project tool), the instance tools, and the ``lsp``, ``test`` and
``export`` groups. Built without any connection, for the tool reference, the API snapshot and counts."""

from __future__ import annotations

import mcp_types as types

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.runtime_link import RuntimeLink
from godot_live_mcp.instances.editor_source import RegistrySource
from godot_live_mcp.plugins import OWN_NAMESPACE, ProjectPlugins, ProjectTools
from godot_live_mcp.server.editor_roster import EditorRoster
from godot_live_mcp.server.instance_tools import InstanceRouting
from godot_live_mcp.server.plugin_tools import add_server_tools, plugin_tool_entries
from godot_live_mcp.server.server_tools import server_tools
from godot_live_mcp.server.tool_policy import ToolPolicy
from godot_live_mcp.server.tool_table import ToolEntry

__all__ = ["own_project_tools", "server_registry_entries", "server_run_entries", "server_run_tools"]


def server_run_entries() -> list[ToolEntry]:
    """The grouped server-run tools (instances, lsp, test, export) as the server's table holds them."""
    link = EditorLink(RegistrySource())  # never connected: the entries are only described
    return InstanceRouting(EditorRoster(link, RuntimeLink(lambda: link.instance))).entries()


def own_project_tools() -> ProjectTools:
    """A project registry holding only the server's own tools (``godot_live_mcp_schema``)."""
    tools = ProjectTools(own_namespaces=[OWN_NAMESPACE])
    add_server_tools(tools)
    return tools


def server_registry_entries() -> list[ToolEntry]:
    """The server's own project tools as the server's table holds them (no plugin installed)."""
    return plugin_tool_entries(
        ProjectPlugins(own_project_tools(), sources=list), EditorLink(RegistrySource(None))
    )


def server_run_tools() -> list[types.Tool]:
    """Every server-run tool as a client with every group loaded and --allow-execute lists it (nothing
    is started)."""
    own = [entry.tool for entry in [*server_registry_entries(), *server_run_entries()]]
    return [*server_tools(ToolPolicy(allow_execute=True)), *own]
