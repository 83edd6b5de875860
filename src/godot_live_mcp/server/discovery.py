"""``discover_tools``: the group catalogue, and loading or unloading groups for one session.

A request is a group or tool name, a list of names, or a task in words (matched by
``group_matching``). Loading never goes past the cap, and never loads half a request: past it, the
answer names the groups to unload. Unknown names come back with the closest ones.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import mcp_types as types

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.server.group_matching import choose, rank
from godot_live_mcp.server.server_tools import DISCOVER_ARGUMENTS, DISCOVER_TOOLS, RUN_TOOL
from godot_live_mcp.server.session_groups import SessionGroups
from godot_live_mcp.server.signatures import signature
from godot_live_mcp.server.suggestions import did_you_mean
from godot_live_mcp.server.surface import Surface, ToolGroup
from godot_live_mcp.server.tool_policy import ALLOW_EXECUTE_FLAG

_CLOSE_SHOWN = 3
_NAMED = "you named it"
_STATELESS = (
    "This connection keeps no session (protocol 2026-07-28), so your tool list stays as it is: "
    "call these tools through run_tool."
)


@dataclass(frozen=True)
class Discovery:
    """One call's answer, and whether it changed what the session lists."""

    result: types.CallToolResult
    changed: bool


@dataclass
class _Plan:
    """What a call asks for, before anything is applied."""

    load: dict[str, str] = field(default_factory=dict)  # group -> why
    unload: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    # group -> the tools asked for by name, for a group no item named itself: only those are described.
    only: dict[str, list[str]] = field(default_factory=dict)
    named_groups: set[str] = field(default_factory=set)

    def described_tools(self, group: str) -> list[str] | None:
        """The tools of ``group`` to describe: those asked for by name, or None for all of them."""
        return None if group in self.named_groups else self.only.get(group)


def discover(
    surface: Surface,
    session: SessionGroups,
    arguments: dict[str, Any] | None,
    resolve: Callable[[SessionGroups], Surface],
    *,
    keeps_state: bool = True,
) -> Discovery:
    """Answer one ``discover_tools`` call for the session whose ``surface`` this is; ``resolve`` gives
    the surface again after ``session`` changed. Raises ``ToolError`` for bad arguments or past the cap."""
    values = DISCOVER_ARGUMENTS.validate(DISCOVER_TOOLS, arguments)
    request = _request(values.get("request"))
    unload = _strings(values.get("unload"))
    include_schemas = values.get("include_schemas") is True
    if request is None and not unload:
        return Discovery(_catalogue(surface, include_schemas), changed=False)
    plan = _plan(surface, request, unload)
    if plan.unknown and not plan.load and not plan.unload and isinstance(request, list):
        raise _unknown_names(plan.unknown, surface)
    new = [name for name in plan.load if name not in surface.loaded]
    if keeps_state and surface.count_with(new, plan.unload) > surface.max_tools:
        raise _over_the_cap(surface, new, plan.unload)
    changed = keeps_state and bool(new or plan.unload)
    if changed:
        session.unload(plan.unload)
        session.load(new)
    after = resolve(session) if changed else surface
    if not keeps_state and plan.load:
        plan.notes.append(_STATELESS)
    shown = list(plan.load) if plan.load or not include_schemas else list(after.loaded)
    # A list that does not grow gets each tool in one line; the full schemas only when asked.
    described = shown if include_schemas or not keeps_state else []
    answer = _answer(after, plan, new if keeps_state else [], described, full=include_schemas)
    return Discovery(answer, changed)


def _request(value: JsonValue) -> str | list[str] | None:
    return value if isinstance(value, str) else _strings(value) if isinstance(value, list) else None


def _strings(value: JsonValue) -> list[str]:
    if isinstance(value, str):
        return [item.strip() for item in value.split(",") if item.strip()]
    return [str(item) for item in value] if isinstance(value, list) else []


def _plan(surface: Surface, request: str | list[str] | None, unload: Sequence[str]) -> _Plan:
    plan = _Plan()
    for name in unload:
        group = _group_named(surface, name)
        if group is None:
            plan.unknown.append(name)
        elif group.name in surface.loaded:
            plan.unload.append(group.name)
        else:
            plan.notes.append(f"{group.name} was not loaded.")
    if isinstance(request, list):
        _plan_names(surface, [str(item) for item in request], plan)
    elif isinstance(request, str) and request.strip():
        names = [item for item in request.replace(",", " ").split() if item]
        if _named(surface, request) is not None:
            _plan_names(surface, [request], plan)
        elif all(_named(surface, item) is not None for item in names):
            _plan_names(surface, names, plan)
        else:
            _plan_words(surface, request, plan)
    return plan


def _plan_names(surface: Surface, names: Sequence[str], plan: _Plan) -> None:
    for item in names:
        found = _named(surface, item)
        if found is None:
            plan.unknown.append(item)
        elif isinstance(found, ToolGroup):
            tool = item.strip().replace(".", "_")
            named = _group_named(surface, item) is not None
            plan.load.setdefault(found.name, _NAMED if named else f"{tool} is in it")
            if named:
                plan.named_groups.add(found.name)
            else:
                plan.only.setdefault(found.name, []).append(tool)
        else:
            plan.notes.append(f"{found} is always listed.")


def _plan_words(surface: Surface, request: str, plan: _Plan) -> None:
    ranked = rank(request, surface.groups)
    chosen = choose(request, ranked)
    for match in chosen:
        plan.load.setdefault(match.group, ", ".join(match.reasons))
    if not chosen:
        close = "; ".join(f"{m.group} ({', '.join(m.reasons)})" for m in ranked[:_CLOSE_SHOWN])
        plan.notes.append(
            f"Nothing matched {request!r} well enough"
            + (f"; closest: {close}." if close else ".")
            + " Call discover_tools without arguments to see every group."
        )


def _named(surface: Surface, item: str) -> ToolGroup | str | None:
    """The group ``item`` names, or the group of the tool it names; a tool's name when it is always listed."""
    group = _group_named(surface, item)
    if group is not None:
        return group
    tool = item.strip().replace(".", "_")
    entry = next((entry for entry in surface.entries if entry.name == tool), None)
    if entry is None:
        return tool if tool in (DISCOVER_TOOLS, RUN_TOOL) else None
    if entry.name in surface.always or entry.group is None:
        return entry.name
    return surface.group(entry.group.name)


def _group_named(surface: Surface, item: str) -> ToolGroup | None:
    return surface.group(item.strip().lower().replace(" ", "_"))


def _unknown_names(unknown: Sequence[str], surface: Surface) -> ToolError:
    names = [group.name for group in surface.groups] + [entry.name for entry in surface.entries]
    return ToolError(
        ErrorCode.NOT_FOUND,
        f"No group or tool is named {', '.join(repr(name) for name in unknown)}.",
        did_you_mean(unknown[0], names) + "Call discover_tools without arguments to see every group.",
    )


def _over_the_cap(surface: Surface, new: Sequence[str], unload: Sequence[str]) -> ToolError:
    total = surface.count_with(new, unload)
    wanted = ", ".join(new)
    suggestion = surface.unload_to_fit(new, unload)
    if suggestion is None:
        hint = f"Call the tools of {wanted} through run_tool instead; they need no loading."
    else:
        call = {"unload": suggestion, "request": list(new)}
        hint = f"Unload first, in the same call: discover_tools {json.dumps(call)}."
    return ToolError(
        ErrorCode.LIMIT_EXCEEDED,
        f"Loading {wanted} would list {total} tools, past this server's cap of {surface.max_tools}; "
        f"nothing was loaded. {_loaded_line(surface, unload)}",
        hint,
    )


def _loaded_line(surface: Surface, unload: Sequence[str]) -> str:
    """The groups loaded now with the tools each adds: what unloading could free."""
    sizes = [
        f"{name} ({len(group.adds)})"
        for name in surface.loaded
        if name not in unload and (group := surface.group(name)) is not None
    ]
    if not sizes:
        return "No group is loaded that could make room (the core tools stay)."
    return f"Loaded groups (tools each adds): {', '.join(sizes)}; discover_tools {{'unload': [...]}} unloads."


def _catalogue(surface: Surface, include_schemas: bool) -> types.CallToolResult:
    lines = [
        "Tool groups (* loaded). Core tools are always listed. discover_tools {'request': GROUP or a task} "
        "lists a group's tools; run_tool calls any tool, loaded or not."
    ]
    lines += [
        f"{'*' if group.name in surface.loaded else ' '} {group.name}: {group.description} "
        f"[{', '.join(entry.name for entry in group.tools)}]"
        for group in surface.groups
    ]
    lines.append(_listed_line(surface))
    data: JsonObject = {
        "groups": [
            {
                "name": group.name,
                "description": group.description,
                "tools": [entry.name for entry in group.tools],
                "loaded": group.name in surface.loaded,
            }
            for group in surface.groups
        ],
        "listed": surface.count,
        "max_tools": surface.max_tools,
    }
    return _result(lines, data, surface, list(surface.loaded) if include_schemas else [], full=True)


def _answer(
    surface: Surface, plan: _Plan, new: Sequence[str], described: Sequence[str], *, full: bool
) -> types.CallToolResult:
    lines = []
    for name, why in plan.load.items():
        group = surface.group(name)
        tools = ", ".join(entry.name for entry in group.tools) if group else ""
        state = "Loaded" if name in new else "Already loaded" if name in surface.loaded else "Found"
        lines.append(f"{state} {name} ({why}): {tools}.")
        if group and group.withheld:
            held = ", ".join(group.withheld)
            lines.append(f"Withheld: {held} (runs code; the server's {ALLOW_EXECUTE_FLAG} offers it).")
    lines += [f"Unloaded {name}." for name in plan.unload]
    lines += plan.notes
    if plan.unknown:
        names = [group.name for group in surface.groups]
        lines.append(f"Unknown: {', '.join(plan.unknown)}. {did_you_mean(plan.unknown[0], names)}".rstrip())
    lines.append(_listed_line(surface))
    data: JsonObject = {
        "loaded": list(new),
        "matched": dict(plan.load),
        "unloaded": list(plan.unload),
        "listed": surface.count,
        "max_tools": surface.max_tools,
    }
    return _result(lines, data, surface, described, full=full, plan=plan)


def _listed_line(surface: Surface) -> str:
    return f"Listed now: {surface.count} of at most {surface.max_tools} tools."


def _result(
    lines: list[str],
    data: JsonObject,
    surface: Surface,
    described: Sequence[str],
    *,
    full: bool,
    plan: _Plan | None = None,
) -> types.CallToolResult:
    """The answer, with the tools of the ``described`` groups (only those ``plan`` asked for by name,
    where it named tools rather than their group): their full schemas when ``full``, else one
    signature line each."""
    tools = [
        entry.tool
        for name in described
        if (group := surface.group(name))
        for entry in group.tools
        if plan is None or (wanted := plan.described_tools(name)) is None or entry.name in wanted
    ]
    if tools and full:
        schemas: list[JsonValue] = [_schema(tool) for tool in tools]
        data["tools"] = schemas
        lines.append("Schemas (call these with run_tool if your tool list does not show them):")
        lines += [json.dumps(schema, ensure_ascii=False, separators=(",", ":")) for schema in schemas]
    elif tools:
        signatures = [signature(tool) for tool in tools]
        data["tools"] = list[JsonValue](signatures)
        lines.append("Tools (run_tool calls them; include_schemas: true gives their full schemas):")
        lines += signatures
    return types.CallToolResult(content=[types.TextContent(text="\n".join(lines))], structured_content=data)


def _schema(tool: types.Tool) -> JsonObject:
    return {"name": tool.name, "description": tool.description or "", "inputSchema": tool.input_schema}
