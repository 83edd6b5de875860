"""Several live editors from one server: the optional ``project`` argument the editor's tools take
while more than one editor is live (and ``game``, the runtime tools', while several games of the project
run), and the routing of each call to its editor and game (``editor_roster.py``).
The tools the server runs itself (``editor_list_instances`` and the other groups) are declared in
``godot_live_mcp.server_tools``; here they are only bound to the calling session.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import mcp_types as types
from mcp.server.session import ServerSession

from godot_live_mcp.bridge.catalog import Catalog
from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.server.editor_choice import selected_editor
from godot_live_mcp.server.editor_roster import EditorRoster, EditorTarget
from godot_live_mcp.server.editor_tools import RuntimeCommand, editor_tool_entries
from godot_live_mcp.server.tool_table import ToolBackend, ToolEntry, ToolOwner
from godot_live_mcp.server_tools import ServerContext, server_tool_entries

__all__ = ["InstanceRouting", "Routed"]

PROJECT = "project"
GAME = "game"
_ROUTED_OWNERS = (ToolOwner.EDITOR, ToolOwner.EXTENSION)
PROJECT_SCHEMA: JsonObject = {
    "type": "string",
    "description": "Which live editor runs this call (several are open): a project path or name from "
    "editor_list_instances. Default: the one chosen with editor_select_instance, else the server's project.",
}
GAME_SCHEMA: JsonObject = {
    "type": "string",
    "maxLength": 64,
    "description": "Which running game answers (several run): its game_id from game_status or godot-live-mcp "
    "instances. Default: the game of the editor this call goes to.",
}


@dataclass(frozen=True)
class Routed:
    """One call made ready for its editor: the backend to run, the arguments left (without ``project``),
    the editor link it goes to, and the tool as that editor describes it (None: as the server lists it)."""

    backend: ToolBackend
    arguments: dict[str, Any]
    link: EditorLink
    entry: ToolEntry | None = None


def _with_argument(tool: types.Tool, name: str, schema: JsonObject) -> types.Tool:
    """``tool`` with the optional argument ``name`` added to its input schema."""
    input_schema = dict(tool.input_schema)
    input_schema["properties"] = {**dict(input_schema.get("properties") or {}), name: schema}
    return tool.model_copy(update={"input_schema": input_schema})


class InstanceRouting:
    """The routing of calls to the live editors of a roster, and the server-run tools on it."""

    def __init__(self, roster: EditorRoster) -> None:
        self.roster = roster
        self._described: dict[int, tuple[Catalog, dict[str, ToolEntry]]] = {}  # by editor pid

    def listed(self, entry: ToolEntry) -> types.Tool:
        """The tool as listed now: the editor's tools take ``project`` while several editors are live."""
        routed = self.roster.several and entry.owner in _ROUTED_OWNERS
        tool = _with_argument(entry.tool, PROJECT, PROJECT_SCHEMA) if routed else entry.tool
        in_game = self.roster.several_games and isinstance(entry.backend, RuntimeCommand)
        return _with_argument(tool, GAME, GAME_SCHEMA) if in_game else tool

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
        game = rest.pop(GAME, None) if isinstance(entry.backend, RuntimeCommand) else None
        for name, value in ((PROJECT, project), (GAME, game)):
            if value is not None and not isinstance(value, str):
                message = f"{entry.name}: {name} must be a string, not {value!r}."
                raise ToolError(ErrorCode.INVALID_PARAMS, message)
        target = await self.roster.target(project, selected_editor(session))
        if game is not None:  # one game of the project by its id, whoever launched it
            target = replace(target, runtime=await self.roster.game(target, game))
        tools = self._tools_of(target)
        if tools is None:
            return Routed(entry.backend.for_target(target), rest, target.link)
        own = tools.get(entry.name)  # another editor: its own catalogue describes the call
        if own is None:
            raise target.missing(entry.name)
        return Routed(own.backend.for_target(target), rest, target.link, own)

    async def published_elsewhere(
        self, session: ServerSession, name: str, arguments: Mapping[str, Any] | None
    ) -> ToolEntry | None:
        """The tool ``name`` as the editor the call's ``project`` names publishes it, when the server's
        editor does not (an extension of that editor's own); None without ``project``."""
        project = (arguments or {}).get(PROJECT)
        if not isinstance(project, str) or not self.roster.several:
            return None
        tools = self._tools_of(await self.roster.target(project, selected_editor(session)))
        return tools.get(name) if tools is not None else None

    def _tools_of(self, target: EditorTarget) -> dict[str, ToolEntry] | None:
        """Another editor's tools, built once per catalogue it publishes; None for the server's editor."""
        if target.catalog is None or target.instance is None:
            return None
        known = self._described.get(target.instance.pid)
        if known is None or known[0] is not target.catalog:
            built = editor_tool_entries(target.catalog, target.link, target.runtime).values()
            known = (target.catalog, {tool.name: tool for entries in built for tool in entries})
            self._described[target.instance.pid] = known
        return known[1]
