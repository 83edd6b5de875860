"""The tools the server runs itself, one module a group, each declared as a ``COMMANDS`` table of
``ToolSpec`` in the addon's schema shorthand and read by one loop (``group_entries``).

A new group is a module of this package with ``COMMANDS`` and ``GROUP`` (found here, no list to edit),
and its group in contract.json, whose order is the listing order (docs/extending.md).
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from godot_live_mcp.contract import CONTRACT
from godot_live_mcp.server.tool_table import ToolEntry
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


def _groups() -> tuple[ServerGroup[Any], ...]:
    """The ``GROUP`` of every public module of this package, in contract.json's order of groups."""
    names = [module.name for module in pkgutil.iter_modules(__path__) if not module.name.startswith("_")]
    found = [getattr(importlib.import_module(f"{__name__}.{name}"), "GROUP", None) for name in names]
    order = list(CONTRACT.groups)
    return tuple(sorted((g for g in found if isinstance(g, ServerGroup)), key=lambda g: order.index(g.name)))


SERVER_GROUPS = _groups()
"""In listing order. test and export run separate Godot processes on the served project."""


def server_tool_entries(context: ServerContext) -> list[ToolEntry]:
    """Every grouped server-run tool on ``context``, as the server's table holds them."""
    return [entry for group in SERVER_GROUPS for entry in group_entries(group, context)]
