"""The tool reference in Markdown, rendered from the editor's catalogue as MCP clients see it.

Deterministic (domains and tools sorted by name, no versions or dates), so a committed copy can be
compared with a fresh rendering.
"""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Iterable, Mapping
from itertools import groupby
from typing import Any

import mcp_types as types

from godot_live_mcp.bridge.catalog import Catalog, CommandSpec
from godot_live_mcp.contract import CONTRACT, ToolError
from godot_live_mcp.server._meta import LONG_RUNNING_META_KEY, META_PREFIX
from godot_live_mcp.server.projection import project_command
from godot_live_mcp.server.schema_bounds import MAX_SAFE_INTEGER
from godot_live_mcp.server.served_tools import server_run_tools

REGENERATE = "make docs"
_INTRO = """\
# Tool reference

<!-- Generated from the live catalogue by `godot-live-mcp tools reference`; regenerate: `{regenerate}`. -->

Every {kind} of `godot-live-mcp serve`, as an MCP client lists it with every group loaded
and `--allow-execute`: {tools} in {domains}. A tool's MCP name is its editor command with the dot
replaced by an underscore (`scene.get_tree` is `scene_get_tree`); a few tools run in the server itself
(no editor command: discovery, the schema versions, instances, the language server, the project's
tests and exports).

- *read-only* tools never change anything, and are the only ones listed in read-only mode;
  *mutating* ones change the project or the running game;
- *destructive* ones can lose work; *idempotent* ones give the same result when repeated;
- *cancellable* ones stop early when the client cancels; *exclusive* ones are queued with the
  mutating tools and run one at a time; *scene-independent* ones do not need an open scene.

Failures come back as `isError` results with a `code`, a `message` and a `hint`.
"""
_GROUPS = """\
## Groups

`groups` of `contract.json`, which `discover_tools` (or `--tools`) loads.

| group | its tools |
| --- | --- |
{rows}

### Reserved namespaces

Every group's name, then `reserved_namespaces_beyond_groups`: no extension or plugin command may use one.

{reserved}
"""


def render_reference(catalog: Catalog, *, include_extensions: bool = False) -> str:
    """The whole page: the editor's commands (of GDScript extensions only with ``include_extensions``) and
    the tools the server runs itself, each in its group's domain."""
    sections = [
        (_domain(spec), tool.name, _tool_section(spec, tool))
        for spec, tool in _published(catalog.commands, include_extensions)
    ]
    sections += [(_server_domain(tool), tool.name, _server_tool_section(tool)) for tool in server_run_tools()]
    sections.sort(key=lambda row: (row[0], row[1]))
    domains = [
        (domain, [row[2] for row in rows]) for domain, rows in groupby(sections, key=lambda row: row[0])
    ]
    kind = "tool, extensions included," if include_extensions else "built-in tool"
    counts = {"tools": _count(len(sections), "tool"), "domains": _count(len(domains), "domain")}
    parts = [_INTRO.format(regenerate=REGENERATE, kind=kind, **counts)]
    parts.append("\n".join(f"- [{domain}](#{domain}) ({len(texts)})" for domain, texts in domains) + "\n")
    parts.append(groups_section())
    for domain, texts in domains:
        parts.append(f"## {domain}\n")
        parts.extend(texts)
    return "\n".join(parts)


def groups_section() -> str:
    """The groups and the reserved namespaces: rendered here, the docs link to it (one place to update)."""
    rows = "\n".join(f"| `{name}` | {group.description} |" for name, group in CONTRACT.groups.items())
    reserved = textwrap.fill(", ".join(f"`{name}`" for name in CONTRACT.reserved_namespaces), 104)
    return _GROUPS.format(rows=rows, reserved=reserved)


def _published(
    specs: Iterable[CommandSpec], include_extensions: bool
) -> Iterable[tuple[CommandSpec, types.Tool]]:
    for spec in specs:
        if spec.is_extension and not include_extensions:
            continue
        try:
            yield spec, project_command(spec)
        except ToolError:
            continue  # never published, so not documented


def _domain(spec: CommandSpec) -> str:
    return spec.name.split(".", 1)[0]


def _tool_section(spec: CommandSpec, tool: types.Tool) -> str:
    flags = spec.annotations
    annotations = _annotations(
        tool,
        (flags.cancellable, "cancellable"),
        (flags.exclusive, "exclusive"),
        (flags.scene_independent, "scene-independent"),
    )
    facts = [f"- **Editor command:** `{spec.name}`{_where(spec)}; timeout {spec.timeout_ms / 1000:g} s"]
    if spec.group is not None:
        facts.append(f"- **Group:** `{spec.group.name}`")
    if spec.success_hint:
        facts.append(f"- **On success:** {_one_line(spec.success_hint)}")
    return _section(tool, annotations, facts)


def _server_domain(tool: types.Tool) -> str:
    group = (tool.meta or {}).get(f"{META_PREFIX}group")
    return group if isinstance(group, str) else "server"


def _server_tool_section(tool: types.Tool) -> str:
    """A tool the server runs itself (no editor command behind it)."""
    long_running = bool((tool.meta or {}).get(LONG_RUNNING_META_KEY))
    annotations = _annotations(
        tool, (long_running, "long-running (progress; a task where the client supports tasks)")
    )
    facts = ["- **Runs in:** the server (a separate Godot process where it needs one), not the editor"]
    return _section(tool, annotations, facts)


def _section(tool: types.Tool, annotations: str, facts: list[str]) -> str:
    lines = [
        f"### `{tool.name}`\n",
        f"{_one_line(tool.description or '')}\n",
        f"- **Annotations:** {annotations}",
    ]
    lines += facts
    returns = _property_names(tool.output_schema)
    if returns:
        lines.append(f"- **Returns:** {', '.join(f'`{name}`' for name in returns)}")
    lines += ["", _parameters(tool.input_schema)]
    return "\n".join(lines)


def _annotations(tool: types.Tool, *flags: tuple[bool | None, str]) -> str:
    """The MCP hints in words, then the words of ``flags`` that are set."""
    hints = tool.annotations or types.ToolAnnotations()
    words = ["read-only" if hints.read_only_hint else "mutating"]
    mcp_hints = (
        (hints.destructive_hint, "destructive"),
        (hints.idempotent_hint, "idempotent"),
        (hints.open_world_hint, "open-world (needs --allow-execute)"),
    )
    words += [word for present, word in (*mcp_hints, *flags) if present]
    return ", ".join(words)


def _where(spec: CommandSpec) -> str:
    return " (answered by the running game)" if spec.runs_in_game else ""


def _parameters(schema: Mapping[str, Any]) -> str:
    properties: Mapping[str, Any] = schema.get("properties") or {}
    if not properties:
        return "No parameters.\n"
    required = set(schema.get("required") or ())
    rows = ["| parameter | type | required | default | description |", "| --- | --- | --- | --- | --- |"]
    for name, prop in properties.items():
        prop = prop if isinstance(prop, Mapping) else {}
        default = f"`{json.dumps(prop['default'])}`" if "default" in prop else ""
        cells = [f"`{name}`", schema_type(prop), "yes" if name in required else "no", default]
        rows.append("| " + " | ".join([*map(_cell, cells), _cell(str(prop.get("description", "")))]) + " |")
    return "\n".join(rows) + "\n"


def schema_type(prop: Mapping[str, Any]) -> str:
    """A short type text for one JSON Schema: ``integer ≥ 0``, ``array of string``, ``"a" or "b"``."""
    if "enum" in prop:
        return " or ".join(json.dumps(value) for value in prop["enum"])
    for key in ("anyOf", "oneOf"):
        if isinstance(prop.get(key), list):
            return " or ".join(schema_type(option) for option in prop[key] if isinstance(option, Mapping))
    kind = prop.get("type")
    text = " or ".join(map(str, kind)) if isinstance(kind, list) else str(kind or "any")
    if kind == "array" and isinstance(prop.get("items"), Mapping):
        text = f"array of {schema_type(prop['items'])}"
    return f"{text} {_bounds(prop)}".rstrip()


def _bounds(prop: Mapping[str, Any]) -> str:
    """The command's own bounds; the safety bounds every number gets (schema_bounds.py) go unsaid."""
    low, high = (None if _is_safety_bound(prop.get(key)) else prop.get(key) for key in ("minimum", "maximum"))
    if low is not None and high is not None:
        return f"{low}–{high}"
    return f"≥ {low}" if low is not None else f"≤ {high}" if high is not None else ""


def _is_safety_bound(value: Any) -> bool:
    return isinstance(value, int | float) and abs(value) in (MAX_SAFE_INTEGER, sys.float_info.max)


def _property_names(schema: Mapping[str, Any] | None) -> list[str]:
    return list((schema or {}).get("properties") or {})


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" + ("" if number == 1 else "s")


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _cell(text: str) -> str:
    return _one_line(text).replace("|", "\\|")
