"""``editor_list_instances`` and ``editor_select_instance``: the live editors, and the one this session's
calls without ``project`` go to. Both read only: selecting changes this session's routing, never a project."""

from __future__ import annotations

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.instances.registry import why_chosen
from godot_live_mcp.instances.runtime_entry import find_runtime
from godot_live_mcp.server.editor_choice import remember_editor, selected_editor
from godot_live_mcp.server.editor_roster import EditorRoster
from godot_live_mcp.server.session_groups import keeps_state
from godot_live_mcp.server_tools._spec import ServerCall, ServerGroup, ToolSpec

__all__ = ["GROUP"]

_INSTANCE = {
    "@": "object",
    "project_name": "string",
    "project_path": "string",
    "pid": "integer",
    "editor_port": "integer",
    "godot_version": "string",
    "addon_version": "string",
    "headless": "boolean",
    "started_unix": "number",
    "game_running": "boolean",
    "default": "boolean: Calls without project go to this editor.",
}


async def _list(call: ServerCall) -> JsonObject:
    roster = call.context.editors()
    live, note = roster.live(), ""
    try:
        chosen = roster.resolve(None, selected_editor(call.session), live)
        default = chosen.pid if chosen is not None else roster.default_pid()
    except ToolError as error:
        default, note = None, f"{error.message} "
    serving = next((i for i in live if i.pid == default), None)
    if serving is not None:
        note += why_chosen(serving, live, roster.default_pid()) + " "
    if len(live) > 1:
        note += "Pass project to a tool, or call editor_select_instance once."
    instances: list[JsonValue] = [_describe(roster, i, i.pid == default) for i in live]
    return {"instances": instances, "note": note.strip()} if note else {"instances": instances}


async def _select(call: ServerCall) -> JsonObject:
    roster, session = call.context.editors(), call.session
    live, pid = roster.live(), call.arguments.get("pid")
    chosen = next((i for i in live if i.pid == pid), None) if pid is not None else None
    chosen = chosen or roster.choose(str(call.arguments["project"]), live)
    if session is None or not keeps_state(session):
        raise ToolError(
            ErrorCode.INVALID_OPERATION,
            "This connection keeps no state between calls, so it cannot have a default editor.",
            f"Pass project={str(chosen.project_path)!r} to each call instead.",
        )
    remember_editor(session, chosen.pid)
    result: JsonObject = {"selected": _describe(roster, chosen, True)}
    others = [i for i in live if i.project_path == chosen.project_path and i.pid != chosen.pid]
    if others:
        result["note"] = f"The project is also open in pid {', '.join(str(i.pid) for i in others)}; pass pid."
    return result


def _describe(roster: EditorRoster, instance: EditorInstance, default: bool) -> JsonObject:
    return {
        "project_name": instance.project_name,
        "project_path": str(instance.project_path),
        "pid": instance.pid,
        "editor_port": instance.editor_port,
        "godot_version": instance.godot_version,
        "addon_version": instance.plugin_version,
        "headless": instance.headless,
        "started_unix": instance.started_unix,
        "game_running": find_runtime(instance, roster.registry) is not None,
        "default": default,
    }


COMMANDS = {
    "editor_list_instances": ToolSpec(
        "Editor: list instances",
        "List the live Godot editors on this machine (project, pid, versions, whether a game runs) and which "
        "one calls without project go to.",
        _list,
        returns={"instances!": {"@": "array", "@items": _INSTANCE}, "note": "string"},
        marks="read_only idempotent",
    ),
    "editor_select_instance": ToolSpec(
        "Editor: select instance",
        "Choose the editor that this session's calls go to when they pass no project (several editors are "
        "live).",
        _select,
        args={
            "project!": "string: A project path or name from editor_list_instances.",
            # Linux's pid_max ceiling: bounded like every published integer
            "pid": "integer[1..4194304]: The editor's pid, when the project is open twice.",
        },
        returns={"selected!": _INSTANCE, "note": "string"},
        marks="read_only idempotent",
    ),
}
GROUP = ServerGroup("editor", COMMANDS, keywords=("instance", "project"))
