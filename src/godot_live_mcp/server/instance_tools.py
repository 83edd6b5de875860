"""Several live editors from one server: the tools ``editor_list_instances`` and ``editor_select_instance``
(run in the server, in the ``editor`` group), the optional ``project`` argument the editor's tools take
while more than one editor is live, and the routing of each call to its editor (``editor_roster.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import mcp_types as types
from mcp.server.session import ServerSession

from godot_live_mcp.bridge.catalog import CommandGroup
from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.bridge.queue_events import UNHEARD, CallListeners
from godot_live_mcp.bridge.reply import CommandReply, CommandSuccess
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError
from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.instances.registry import why_chosen
from godot_live_mcp.instances.runtime_entry import find_runtime
from godot_live_mcp.server._meta import META_PREFIX
from godot_live_mcp.server.arguments import ArgumentValidator
from godot_live_mcp.server.editor_roster import EditorRoster, EditorTarget
from godot_live_mcp.server.editor_tools import EditorCommand, RuntimeCommand
from godot_live_mcp.server.export_tools import export_entries
from godot_live_mcp.server.lsp_tools import LanguageServerTool, language_server_entries
from godot_live_mcp.server.project_test_tools import project_test_entries
from godot_live_mcp.server.session_groups import keeps_state
from godot_live_mcp.server.tool_table import ToolBackend, ToolEntry, ToolOwner

__all__ = ["LIST_INSTANCES", "SELECT_INSTANCE", "InstanceRouting", "Routed", "with_project_argument"]

LIST_INSTANCES = "editor_list_instances"
SELECT_INSTANCE = "editor_select_instance"
PROJECT = "project"
GAME = "game"
_STATE_KEY = "godot-live-mcp/instance"
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
_INSTANCE_SCHEMA: JsonObject = {
    "type": "object",
    "properties": {
        "project_name": {"type": "string"},
        "project_path": {"type": "string"},
        "pid": {"type": "integer"},
        "editor_port": {"type": "integer"},
        "godot_version": {"type": "string"},
        "addon_version": {"type": "string"},
        "headless": {"type": "boolean"},
        "started_unix": {"type": "number"},
        "game_running": {"type": "boolean"},
        "default": {"type": "boolean", "description": "Calls without project go to this editor."},
    },
}
_LIST_OUTPUT: JsonObject = {
    "type": "object",
    "properties": {
        "instances": {"type": "array", "items": _INSTANCE_SCHEMA},
        "note": {"type": "string"},
    },
    "required": ["instances"],
}
_SELECT_INPUT: JsonObject = {
    "type": "object",
    "properties": {
        PROJECT: {"type": "string", "description": "A project path or name from editor_list_instances."},
        "pid": {
            "type": "integer",
            "minimum": 1,
            "maximum": 4194304,  # Linux's pid_max ceiling; bounded like every published integer
            "description": "The editor's pid, when the project is open twice.",
        },
    },
    "required": [PROJECT],
    "additionalProperties": False,
}
_SELECT_OUTPUT: JsonObject = {
    "type": "object",
    "properties": {"selected": _INSTANCE_SCHEMA, "note": {"type": "string"}},
    "required": ["selected"],
}


@dataclass(frozen=True)
class Routed:
    """One call made ready for its editor: the backend to run, the arguments left (without ``project``),
    the editor link it goes to, and the tool as that editor describes it (None: as the server lists it)."""

    backend: ToolBackend
    arguments: dict[str, Any]
    link: EditorLink
    entry: ToolEntry | None = None


def with_project_argument(tool: types.Tool) -> types.Tool:
    """``tool`` with the optional ``project`` argument added to its input schema."""
    return _with_argument(tool, PROJECT, PROJECT_SCHEMA)


def _with_argument(tool: types.Tool, name: str, schema: JsonObject) -> types.Tool:
    input_schema = dict(tool.input_schema)
    input_schema["properties"] = {**dict(input_schema.get("properties") or {}), name: schema}
    return tool.model_copy(update={"input_schema": input_schema})


class InstanceRouting:
    """The routing of calls to the live editors of a roster, and its two tools."""

    def __init__(self, roster: EditorRoster) -> None:
        self.roster = roster

    def listed(self, entry: ToolEntry) -> types.Tool:
        """The tool as listed now: the editor's tools take ``project`` while several editors are live."""
        routed = self.roster.several and entry.owner in _ROUTED_OWNERS
        tool = with_project_argument(entry.tool) if routed else entry.tool
        in_game = self.roster.several_games and isinstance(entry.backend, RuntimeCommand)
        return _with_argument(tool, GAME, GAME_SCHEMA) if in_game else tool

    def entries(self) -> list[ToolEntry]:
        """``editor_list_instances`` and ``editor_select_instance``; their backends are bound per call."""
        return [
            _entry(LIST_INSTANCES, "Editor: list instances", _LIST_DESCRIPTION, _NO_INPUT, _LIST_OUTPUT),
            _entry(
                SELECT_INSTANCE, "Editor: select instance", _SELECT_DESCRIPTION, _SELECT_INPUT, _SELECT_OUTPUT
            ),
            *language_server_entries(self.roster),  # the lsp group, also run in the server
            # test and export run separate Godot processes on the served project, never inside an editor
            *project_test_entries(self.roster.served_project),
            *export_entries(self.roster.served_project),
        ]

    async def route(
        self, session: ServerSession, entry: ToolEntry, arguments: Mapping[str, Any] | None
    ) -> Routed:
        """The backend and arguments of one call; editor tools go to the editor ``project`` names, else
        the session's, else the server's; raises ``ToolError`` when that is not clear."""
        rest = dict(arguments or {})
        project = rest.pop(PROJECT, None) if entry.owner in _ROUTED_OWNERS else None
        game = rest.pop(GAME, None) if isinstance(entry.backend, RuntimeCommand) else None
        for name, value in ((PROJECT, project), (GAME, game)):
            if value is not None and not isinstance(value, str):
                raise ToolError(
                    ErrorCode.INVALID_PARAMS, f"{entry.name}: {name} must be a string, not {value!r}."
                )
        if entry.name in (LIST_INSTANCES, SELECT_INSTANCE):
            return Routed(_SessionTool(entry.name, self, session), rest, self.roster.primary)
        if isinstance(entry.backend, LanguageServerTool):  # the lsp group asks the session's editor
            chosen = self.roster.resolve(None, _selected(session), self.roster.live())
            return Routed(entry.backend.for_editor(chosen), rest, self.roster.primary)
        if entry.owner not in _ROUTED_OWNERS:
            return Routed(entry.backend, rest, self.roster.primary)
        target = await self.roster.target(project, _selected(session))
        if game is not None:  # one game of the project by its id, whoever launched it
            target = replace(target, runtime=await self.roster.game(target, game))
        if target.tools is None:
            return Routed(_backend_for(entry.backend, target), rest, target.link)
        own = target.entry(entry.name)  # another editor: its own catalogue describes the call
        if own is None:
            raise target.missing(entry.name)
        return Routed(_backend_for(own.backend, target), rest, target.link, own)

    async def published_elsewhere(
        self, session: ServerSession, name: str, arguments: Mapping[str, Any] | None
    ) -> ToolEntry | None:
        """The tool ``name`` as the editor the call's ``project`` names publishes it, when the server's
        editor does not (an extension of that editor's own); None without ``project``."""
        project = (arguments or {}).get(PROJECT)
        if not isinstance(project, str) or not self.roster.several:
            return None
        return (await self.roster.target(project, _selected(session))).entry(name)

    async def list_instances(self, session: ServerSession) -> JsonObject:
        live = self.roster.live()
        note = ""
        try:
            chosen = self.roster.resolve(None, _selected(session), live)
            default = chosen.pid if chosen is not None else self.roster.default_pid()
        except ToolError as error:
            default, note = None, f"{error.message} "
        serving = next((i for i in live if i.pid == default), None)
        if serving is not None:
            note += why_chosen(serving, live, self.roster.default_pid()) + " "
        if len(live) > 1:
            note += "Pass project to a tool, or call editor_select_instance once."
        instances: list[JsonValue] = [self._describe(i, i.pid == default) for i in live]
        return {"instances": instances, "note": note.strip()} if note else {"instances": instances}

    def select(self, session: ServerSession, arguments: Mapping[str, Any]) -> JsonObject:
        live = self.roster.live()
        pid = arguments.get("pid")
        chosen = next((i for i in live if i.pid == pid), None) if pid is not None else None
        chosen = chosen or self.roster.choose(str(arguments[PROJECT]), live)
        if not keeps_state(session):
            raise ToolError(
                ErrorCode.INVALID_OPERATION,
                "This connection keeps no state between calls, so it cannot have a default editor.",
                f"Pass project={str(chosen.project_path)!r} to each call instead.",
            )
        session._connection.state[_STATE_KEY] = chosen.pid
        result: JsonObject = {"selected": self._describe(chosen, True)}
        others = [i for i in live if i.project_path == chosen.project_path and i.pid != chosen.pid]
        if others:
            result["note"] = (
                f"The project is also open in pid {', '.join(str(i.pid) for i in others)}; pass pid."
            )
        return result

    def _describe(self, instance: EditorInstance, default: bool) -> JsonObject:
        return {
            "project_name": instance.project_name,
            "project_path": str(instance.project_path),
            "pid": instance.pid,
            "editor_port": instance.editor_port,
            "godot_version": instance.godot_version,
            "addon_version": instance.plugin_version,
            "headless": instance.headless,
            "started_unix": instance.started_unix,
            "game_running": find_runtime(instance, self.roster.registry) is not None,
            "default": default,
        }


class _SessionTool(ToolBackend):
    """``editor_list_instances`` or ``editor_select_instance`` for one session."""

    def __init__(self, name: str, routing: InstanceRouting, session: ServerSession) -> None:
        self._name, self._routing, self._session = name, routing, session

    async def invoke(
        self, arguments: JsonObject, timeout_s: float, listeners: CallListeners = UNHEARD
    ) -> CommandReply:
        if self._name == LIST_INSTANCES:
            return CommandSuccess(await self._routing.list_instances(self._session))
        return CommandSuccess(self._routing.select(self._session, arguments))


class _Unbound(ToolBackend):
    async def invoke(
        self, arguments: JsonObject, timeout_s: float, listeners: CallListeners = UNHEARD
    ) -> CommandReply:
        raise ToolError(ErrorCode.INTERNAL, "An instance tool ran without its session.")


def _backend_for(backend: ToolBackend, target: EditorTarget) -> ToolBackend:
    """``backend`` aimed at ``target``'s editor (or its game)."""
    if isinstance(backend, RuntimeCommand) and target.runtime is not None:
        return RuntimeCommand(target.runtime, target.link, backend.command)
    if isinstance(backend, EditorCommand | RuntimeCommand):
        return EditorCommand(target.link, backend.command)
    return backend


def _selected(session: ServerSession) -> int | None:
    if not keeps_state(session):
        return None
    pid = session._connection.state.get(_STATE_KEY)
    return pid if isinstance(pid, int) else None


_NO_INPUT: JsonObject = {"type": "object", "properties": {}, "additionalProperties": False}
_LIST_DESCRIPTION = (
    "List the live Godot editors on this machine (project, pid, versions, whether a game runs) and which "
    "one calls without project go to."
)
_SELECT_DESCRIPTION = (
    "Choose the editor that this session's calls go to when they pass no project (several editors are live)."
)
_GROUP = CommandGroup(
    "editor",
    CONTRACT.groups["editor"].description,
    (*CONTRACT.groups["editor"].keywords, "instance", "project"),
)


def _entry(name: str, title: str, description: str, schema: JsonObject, output: JsonObject) -> ToolEntry:
    # Both are read-only: selecting an editor changes this session's routing, never a project.
    return ToolEntry(
        tool=types.Tool(
            name=name,
            title=title,
            description=description,
            input_schema=schema,
            output_schema=output,
            annotations=types.ToolAnnotations(
                read_only_hint=True,
                destructive_hint=False,
                idempotent_hint=True,
                open_world_hint=False,
            ),
            _meta={f"{META_PREFIX}owner": "server", f"{META_PREFIX}group": "editor"},
        ),
        owner=ToolOwner.SERVER,
        backend=_Unbound(),
        arguments=ArgumentValidator(schema),
        read_only=True,
        timeout_s=10.0,
        group=_GROUP,
    )
