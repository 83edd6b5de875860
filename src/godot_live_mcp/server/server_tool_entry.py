"""A tool that runs in the server (not in the editor), declared the way ``instance_tools`` declares
its own: a ``ToolEntry`` owned by the server, in a contract group."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

import mcp_types as types

from godot_live_mcp.bridge.catalog import CommandGroup
from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.contract import CONTRACT
from godot_live_mcp.server._meta import LONG_RUNNING_META_KEY, META_PREFIX
from godot_live_mcp.server.arguments import ArgumentValidator
from godot_live_mcp.server.tool_table import ToolBackend, ToolEntry, ToolOwner

__all__ = ["PAGE_RESULT", "ServerTool", "contract_group", "page_args", "paged", "seconds_arg", "server_entry"]

_Item = TypeVar("_Item")

PAGE_RESULT: JsonObject = {
    "has_more": {"type": "boolean"},
    "returned": {"type": "integer"},
    "next_offset": {"type": "integer"},
}
"""The paging fields of a listed result, as the editor's lists have them (``contract/pagination.gd``; the
list's ``total_<unit>`` is the tool's own): ``next_offset`` only while ``has_more``."""


@dataclass(frozen=True)
class ServerTool:
    """The declaration of one server tool: what it is called and takes, returns and may change."""

    name: str
    title: str
    description: str
    input_schema: JsonObject
    output_schema: JsonObject
    read_only: bool
    destructive: bool
    idempotent: bool
    timeout_s: float
    long_running: bool = False  # offered as a task, with progress (MCP tasks where the client has them)


def page_args(first: str, max_offset: int) -> JsonObject:
    """The ``offset`` and ``limit`` arguments of a paged list (50 by default);
    ``first`` describes the offset."""
    return {
        "offset": {
            "type": "integer",
            "minimum": 0,
            "maximum": max_offset,
            "default": 0,
            "description": first,
        },
        "limit": {
            "type": "integer",
            "minimum": 1,
            "maximum": CONTRACT.limits["max_page_limit"],  # as the editor's lists
            "default": 50,
            "description": "Page size.",
        },
    }


def paged(items: Sequence[_Item], arguments: JsonObject) -> tuple[Sequence[_Item], JsonObject]:
    """The page of items the ``offset`` and ``limit`` arguments pick, and its PAGE_RESULT fields."""
    offset, limit = int(str(arguments.get("offset", 0))), int(str(arguments.get("limit", 50)))
    fields: JsonObject = {
        "has_more": offset + limit < len(items),
        "returned": len(items[offset : offset + limit]),
    }
    if fields["has_more"]:
        fields["next_offset"] = offset + limit
    return items[offset : offset + limit], fields


def seconds_arg(minimum: int, maximum: int, default: int, description: str) -> JsonObject:
    """A ``timeout_s`` argument: whole seconds the work may take."""
    return {
        "type": "integer",
        "minimum": minimum,
        "maximum": maximum,
        "default": default,
        "description": description,
    }


def contract_group(name: str) -> CommandGroup:
    group = CONTRACT.groups[name]
    return CommandGroup(name, group.description, group.keywords)


def server_entry(declared: ServerTool, group: CommandGroup, backend: ToolBackend) -> ToolEntry:
    return ToolEntry(
        tool=types.Tool(
            name=declared.name,
            title=declared.title,
            description=declared.description,
            input_schema=declared.input_schema,
            output_schema=declared.output_schema,
            annotations=types.ToolAnnotations(
                read_only_hint=declared.read_only,
                destructive_hint=declared.destructive,
                idempotent_hint=declared.idempotent,
                open_world_hint=False,
            ),
            _meta={
                f"{META_PREFIX}owner": "server",
                f"{META_PREFIX}group": group.name,
                **({LONG_RUNNING_META_KEY: True} if declared.long_running else {}),
            },
        ),
        owner=ToolOwner.SERVER,
        backend=backend,
        arguments=ArgumentValidator(declared.input_schema),
        read_only=declared.read_only,
        timeout_s=declared.timeout_s,
        group=group,
    )
