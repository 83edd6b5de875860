"""The command catalogue the editor publishes (``mcp.catalog``), parsed into typed records."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.contract import CONTRACT

logger = logging.getLogger(__name__)

BUILTIN_OWNER = "builtin"
EDITOR_CHANNEL = "editor"
# Commands the running game answers; the editor only describes them.
RUNTIME_CHANNEL = "runtime"


@dataclass(frozen=True)
class CommandAnnotations:
    read_only: bool = False
    destructive: bool = False
    idempotent: bool = False
    cancellable: bool = False
    scene_independent: bool = False
    exclusive: bool = False
    open_world: bool = False
    """Reaches past the project: runs arbitrary code (OS commands, any file, other instances' tokens)."""
    long_running: bool = False
    """Can take long (waits, steps, imports): offered as an MCP task; reports progress."""
    opens_scene: bool = False
    """Its result's ``scene`` becomes the calling session's active scene."""
    steps_history: bool = False
    """Without ``scene`` and ``history`` it steps the history the session's last change landed in."""
    outside_undo: bool = False
    """What it changes is not recorded in an undo history: no batch holds it (the editor refuses)."""

    @property
    def mutating(self) -> bool:
        """Not read-only by the contract's rule (read-only together with destructive counts as mutating)."""
        return not CONTRACT.counts_as_read_only(
            {"read_only": self.read_only, "destructive": self.destructive}
        )


@dataclass(frozen=True)
class CommandGroup:
    name: str
    description: str = ""
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True)
class CommandSpec:
    """One editor command: what it is called, what it takes and returns, and how it behaves."""

    name: str
    description: str
    input_schema: JsonObject
    annotations: CommandAnnotations
    timeout_ms: int
    output_schema: JsonObject | None = None
    group: CommandGroup | None = None
    success_hint: str = ""
    owner: str = BUILTIN_OWNER
    channel: str = EDITOR_CHANNEL
    file_params: tuple[str, ...] = ()
    """The arguments that name a project (or user://) file to read or write (path-guarded; not ``scene``,
    which names an open tab)."""
    marks: frozenset[str] = frozenset()
    """The rules the server applies to it (contract.json ``marks`` without an annotation flag)."""
    side_doors: tuple[str, ...] = ()
    """Boolean arguments that, when true, make a read-only command change the project."""

    @property
    def is_extension(self) -> bool:
        return self.owner != BUILTIN_OWNER

    @property
    def runs_in_game(self) -> bool:
        return self.channel == RUNTIME_CHANNEL


@dataclass(frozen=True)
class Catalog:
    version: int
    commands: tuple[CommandSpec, ...] = field(default_factory=tuple)


def parse_catalog(result: JsonValue) -> Catalog:
    """Parse an ``mcp.catalog`` result; a malformed command is logged and left out, never fatal."""
    if not isinstance(result, dict):
        raise ValueError("mcp.catalog did not answer with an object")
    version = result.get("catalog_version", 0)
    raw_commands = result.get("commands", [])
    if not isinstance(raw_commands, list):
        raise ValueError("mcp.catalog 'commands' is not a list")
    commands = []
    for raw in raw_commands:
        try:
            commands.append(parse_command(raw))
        except ValueError as error:
            logger.warning("skipping a catalogue entry the server cannot read: %s", error)
    return Catalog(int(version) if isinstance(version, int | float) else 0, tuple(commands))


def parse_command(raw: JsonValue) -> CommandSpec:
    if not isinstance(raw, dict):
        raise ValueError(f"entry is not an object: {raw!r:.80}")
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise ValueError(f"entry without a name: {raw!r:.80}")
    return CommandSpec(
        name=name,
        description=str(raw.get("description", "")),
        input_schema=_schema(raw.get("input_schema"), name, "input_schema") or {"type": "object"},
        output_schema=_schema(raw.get("output_schema"), name, "output_schema"),
        annotations=_annotations(raw.get("annotations")),
        timeout_ms=CONTRACT.clamp_timeout_ms(raw.get("timeout_ms")),
        group=_group(raw.get("group")),
        success_hint=str(raw.get("success_hint", "")),
        owner=str(raw.get("owner", BUILTIN_OWNER)),
        channel=str(raw.get("channel", EDITOR_CHANNEL)),
        file_params=_names(raw.get("file_params")),
        marks=frozenset(_names(raw.get("marks"))),
        side_doors=_names(raw.get("side_doors")),
    )


def _names(value: JsonValue) -> tuple[str, ...]:
    return tuple(str(name) for name in value) if isinstance(value, list) else ()


def _schema(value: JsonValue, name: str, key: str) -> JsonObject | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError(f"{name}: {key} is not an object")
    return dict(value)


def _annotations(value: JsonValue) -> CommandAnnotations:
    flags = value if isinstance(value, dict) else {}
    names = CommandAnnotations.__dataclass_fields__
    return CommandAnnotations(**{key: bool(flags[key]) for key in names if key in flags})


def _group(value: JsonValue) -> CommandGroup | None:
    if not isinstance(value, dict):
        return None
    name, keywords = value.get("name"), value.get("keywords", [])
    if not isinstance(name, str):
        return None
    return CommandGroup(
        name=name,
        description=str(value.get("description", "")),
        keywords=tuple(str(k) for k in keywords) if isinstance(keywords, list) else (),
    )
