"""The tools the server runs itself, one module a group, each declared as a ``COMMANDS`` table of
``ToolSpec`` in the addon's schema shorthand and read by one loop (``group_entries``).

A new group is a module with ``COMMANDS`` and ``GROUP``, listed in ``SERVER_GROUPS``, and its group in
contract.json (docs/extending.md).
"""

from __future__ import annotations

from godot_live_mcp.server.tool_table import ToolEntry
from godot_live_mcp.server_tools import export, instances, lsp, project_tests
from godot_live_mcp.server_tools._paging import page, page_args
from godot_live_mcp.server_tools._shorthand import input_schema, output_schema
from godot_live_mcp.server_tools._spec import (
    Handler,
    ProjectSource,
    ServerCall,
    ServerContext,
    ServerGroup,
    ToolSpec,
    group_entries,
)

__all__ = [
    "SERVER_GROUPS",
    "Handler",
    "ProjectSource",
    "ServerCall",
    "ServerContext",
    "ServerGroup",
    "ToolSpec",
    "group_entries",
    "input_schema",
    "output_schema",
    "page",
    "page_args",
    "server_tool_entries",
]

SERVER_GROUPS = (instances.GROUP, lsp.GROUP, project_tests.GROUP, export.GROUP)
"""In listing order. test and export run separate Godot processes on the served project."""


def server_tool_entries(context: ServerContext) -> list[ToolEntry]:
    """Every grouped server-run tool on ``context``, as the server's table holds them."""
    return [entry for group in SERVER_GROUPS for entry in group_entries(group, context)]
