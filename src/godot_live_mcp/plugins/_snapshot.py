"""The tool surface of a package as stable text (``api/<package>.mcp``), and the semantic-version bump a
change of it requires.

One line per tool (its MCP name and the annotations that hold), one per argument (type, and
``required``), sorted, without descriptions: the file changes only when a client could notice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import mcp_types as types

from godot_live_mcp.bridge.jsonrpc import JsonValue
from godot_live_mcp.plugins._manifest import SchemaVersion

__all__ = ["BUMPS", "SnapshotVerdict", "compare_snapshots", "render_snapshot"]

BUMPS = ("none", "patch", "minor", "major")
_FLAGS = ("read_only_hint", "destructive_hint", "idempotent_hint", "open_world_hint")


def render_snapshot(package: str, tools: Iterable[types.Tool], versions: Mapping[str, str]) -> str:
    """The snapshot text of ``tools`` with the schema version of each namespace in ``versions``."""
    lines = [f"# The MCP tool surface of {package}; `godot-live-mcp snapshot --check` compares it."]
    lines += [f"schema {namespace} {version}" for namespace, version in sorted(versions.items())]
    for tool in sorted(tools, key=lambda tool: tool.name):
        flags = _flags(tool.annotations)
        lines.append(f"tool {tool.name}" + (f" {' '.join(flags)}" if flags else ""))
        schema = tool.input_schema
        properties = schema.get("properties")
        required = schema.get("required")
        needed = set(required) if isinstance(required, list) else set()
        for name, value in sorted(properties.items()) if isinstance(properties, dict) else []:
            lines.append(f"  arg {name}: {_type(value)}" + (" required" if name in needed else ""))
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class SnapshotVerdict:
    """How the surface changed: the bump it requires (``BUMPS``), why, and the version to declare."""

    bump: str
    reasons: tuple[str, ...]
    versions: dict[str, tuple[str | None, str | None]]  # namespace -> (in the file, declared now)
    tool_bumps: dict[str, str] = field(default_factory=dict)  # tool -> the bump its own changes require

    @property
    def changed(self) -> bool:
        return bool(self.reasons) or any(old != new for old, new in self.versions.values())

    def required_versions(self) -> dict[str, str]:
        """For each namespace whose declared version does not bump enough for the changes of its own
        tools (``<namespace>_...``): the least version that does."""
        wanted: dict[str, str] = {}
        for namespace, (old, new) in self.versions.items():
            own = [level for tool, level in self.tool_bumps.items() if tool.startswith(f"{namespace}_")]
            level = max(own, key=BUMPS.index, default="none")
            if old is None or level not in ("minor", "major"):
                continue
            floor = SchemaVersion.parse(old).bumped(level)
            if new is None or SchemaVersion.parse(new) < floor:
                wanted[namespace] = str(floor)
        return wanted


def compare_snapshots(committed: str, current: str) -> SnapshotVerdict:
    """What changed from ``committed`` to ``current``, and the bump it requires: a removed tool or
    argument, a new required argument or a changed type is a major; a new tool or optional argument, or
    changed annotations, a minor."""
    old, new = _parse(committed), _parse(current)
    reasons: list[tuple[str, str, str]] = []  # (tool, level, reason)
    for name in sorted(old.tools.keys() - new.tools.keys()):
        reasons.append((name, "major", f"removed tool {name}"))
    for name in sorted(new.tools.keys() - old.tools.keys()):
        reasons.append((name, "minor", f"new tool {name}"))
    for name in sorted(old.tools.keys() & new.tools.keys()):
        reasons += [
            (name, level, why) for level, why in _tool_changes(name, old.tools[name], new.tools[name])
        ]
    bump = max((level for _, level, _ in reasons), key=BUMPS.index, default="none")
    tool_bumps: dict[str, str] = {}
    for name, level, _ in reasons:
        tool_bumps[name] = max(tool_bumps.get(name, "none"), level, key=BUMPS.index)
    namespaces = sorted(old.versions.keys() | new.versions.keys())
    versions = {ns: (old.versions.get(ns), new.versions.get(ns)) for ns in namespaces}
    said = tuple(f"{reason} ({level})" for _, level, reason in reasons)
    return SnapshotVerdict(bump, said, versions, tool_bumps)


@dataclass
class _Surface:
    versions: dict[str, str]
    tools: dict[str, tuple[str, dict[str, tuple[str, bool]]]]  # name -> (flags, arg -> (type, required))


def _parse(text: str) -> _Surface:
    surface = _Surface({}, {})
    current: dict[str, tuple[str, bool]] = {}
    for line in text.splitlines():
        if line.startswith("schema "):
            _, namespace, version = line.split(" ", 2)
            surface.versions[namespace] = version
        elif line.startswith("tool "):
            name, _, flags = line[5:].partition(" ")
            current = {}
            surface.tools[name] = (flags, current)
        elif line.startswith("  arg "):
            name, _, rest = line[6:].partition(": ")
            kind, required = rest.removesuffix(" required"), rest.endswith(" required")
            current[name] = (kind, required)
    return surface


def _tool_changes(
    name: str, old: tuple[str, dict[str, tuple[str, bool]]], new: tuple[str, dict[str, tuple[str, bool]]]
) -> list[tuple[str, str]]:
    (old_flags, old_args), (new_flags, new_args) = old, new
    found: list[tuple[str, str]] = []
    for arg in sorted(old_args.keys() - new_args.keys()):
        found.append(("major", f"{name}: removed argument {arg}"))
    for arg in sorted(new_args.keys() - old_args.keys()):
        level = "major" if new_args[arg][1] else "minor"
        found.append((level, f"{name}: new {'required' if new_args[arg][1] else 'optional'} argument {arg}"))
    for arg in sorted(old_args.keys() & new_args.keys()):
        (old_type, was_required), (new_type, is_required) = old_args[arg], new_args[arg]
        if old_type != new_type:
            found.append(("major", f"{name}: argument {arg} changed type {old_type} -> {new_type}"))
        if is_required and not was_required:
            found.append(("major", f"{name}: argument {arg} became required"))
        elif was_required and not is_required:
            found.append(("minor", f"{name}: argument {arg} became optional"))
    if old_flags != new_flags:
        found.append(("minor", f"{name}: annotations {old_flags or '-'} -> {new_flags or '-'}"))
    return found


def _flags(annotations: types.ToolAnnotations | None) -> list[str]:
    if annotations is None:
        return []
    return [flag.removesuffix("_hint") for flag in _FLAGS if getattr(annotations, flag, None) is True]


def _type(schema: JsonValue) -> str:
    """A short, stable type: ``string``, ``integer|null``, ``array<string>``, ``object``."""
    if not isinstance(schema, dict):
        return "any"
    if "$ref" in schema:
        return "object"
    choices = schema.get("anyOf") or schema.get("oneOf")
    if isinstance(choices, list):
        return "|".join(sorted({_type(choice) for choice in choices}))
    kind = schema.get("type")
    if isinstance(kind, list):
        return "|".join(sorted(str(item) for item in kind))
    if kind == "array":
        return f"array<{_type(schema.get('items'))}>" if "items" in schema else "array"
    if "enum" in schema and isinstance(schema["enum"], list):
        return "enum(" + "|".join(sorted(str(item) for item in schema["enum"])) + ")"
    return str(kind) if isinstance(kind, str) else "any"
