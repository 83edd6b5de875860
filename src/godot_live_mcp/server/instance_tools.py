"""Several live editors from one server: the optional ``project`` argument the editor's tools take
while more than one editor is live, and the routing of each call to its editor (``editor_roster.py``).
The tools the server runs itself (``editor_list_instances`` and the other groups) are declared in
``godot_live_mcp.server_tools``; here they are only bound to the calling session.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import mcp_types as types
from mcp.server.session import ServerSession

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.server.editor_choice import selected_editor
from godot_live_mcp.server.editor_roster import EditorRoster
from godot_live_mcp.server.tool_table import ToolBackend, ToolEntry, ToolOwner
from godot_live_mcp.server_tools import ServerContext, server_tool_entries

__all__ = ["InstanceRouting", "Routed", "with_project_argument"]

PROJECT = "project"
_ROUTED_OWNERS = (ToolOwner.EDITOR, ToolOwner.EXTENSION)
PROJECT_SCHEMA: JsonObject = {
    "type": "string",
    "description": "Which live editor runs this call (several are open): a project path or name from "
    "editor_list_instances. Default: the one chosen with editor_select_instance, else the server's project.",
}


@dataclass(frozen=True)
class Routed:
    """One call made ready for its editor: the backend to run, the arguments left (without ``project``),
    and the editor link it goes to."""

    backend: ToolBackend
    arguments: dict[str, Any]
    link: EditorLink


def with_project_argument(tool: types.Tool) -> types.Tool:
    """``tool`` with the optional ``project`` argument added to its input schema."""
    schema = dict(tool.input_schema)
    schema["properties"] = {**dict(schema.get("properties") or {}), PROJECT: PROJECT_SCHEMA}
    return tool.model_copy(update={"input_schema": schema})


class InstanceRouting:
    """The routing of calls to the live editors of a roster, and the server-run tools on it."""

    def __init__(self, roster: EditorRoster) -> None:
        self.roster = roster

    def listed(self, entry: ToolEntry) -> types.Tool:
        """The tool as listed now: the editor's tools take ``project`` while several editors are live."""
        routed = self.roster.several and entry.owner in _ROUTED_OWNERS
        return with_project_argument(entry.tool) if routed else entry.tool

    def entries(self) -> list[ToolEntry]:
        """The server-run tools of every group (server_tools.SERVER_GROUPS) on this roster's editors."""
        return server_tool_entries(ServerContext(self.roster.served_project, self.roster))

    async def route(
        self, session: ServerSession, entry: ToolEntry, arguments: Mapping[str, Any] | None
    ) -> Routed:
        """The backend and arguments of one call; editor tools go to the editor ``project`` names, else
        the session's, else the server's; raises ``ToolError`` when that is not clear."""
        rest = dict(arguments or {})
        if entry.owner not in _ROUTED_OWNERS:
            return Routed(entry.backend.for_session(session), rest, self.roster.primary)
        project = rest.pop(PROJECT, None)
        if project is not None and not isinstance(project, str):
            raise ToolError(
                ErrorCode.INVALID_PARAMS, f"{entry.name}: project must be a string, not {project!r}."
            )
        target = await self.roster.target(project, selected_editor(session))
        return Routed(entry.backend.for_target(target), rest, target.link)
