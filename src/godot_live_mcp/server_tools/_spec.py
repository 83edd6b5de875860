"""One way to declare a tool the server runs itself, in the words of the addon's ``COMMANDS`` tables
(``dispatch/declarations.gd``): ``text``, ``args`` and ``returns`` in the schema shorthand, ``marks``,
``timeout_ms``; and the one loop that turns a group of them into the server's tool entries."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

import mcp_types as types
from mcp.server.session import ServerSession

from godot_live_mcp.bridge.catalog import CommandGroup
from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.bridge.queue_events import UNHEARD, CallListeners
from godot_live_mcp.bridge.reply import CommandReply, CommandSuccess
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError
from godot_live_mcp.server._meta import LONG_RUNNING_META_KEY, META_PREFIX
from godot_live_mcp.server.arguments import ArgumentValidator
from godot_live_mcp.server.editor_roster import EditorRoster
from godot_live_mcp.server.tool_table import ToolBackend, ToolEntry, ToolOwner
from godot_live_mcp.server_tools._shorthand import Fields, input_schema, output_schema

__all__ = [
    "Handler",
    "ProjectSource",
    "ServerCall",
    "ServerContext",
    "ServerGroup",
    "ToolSpec",
    "group_entries",
]

Run = TypeVar("Run")
ProjectSource = Callable[[], Path | None]
"""The project the tools work on (the served editor's), None while there is none."""
_MARKS = frozenset(CONTRACT.marks)


@dataclass(frozen=True)
class ServerContext:
    """What server-run tools work on: the served project and, in a serving server, its live editors."""

    project: ProjectSource
    roster: EditorRoster | None = None

    def editors(self) -> EditorRoster:
        if self.roster is None:
            raise ToolError(ErrorCode.INTERNAL, "A server tool that needs the live editors ran without them.")
        return self.roster


@dataclass(frozen=True)
class ServerCall:
    """One call of a server-run tool: its validated arguments, deadline, context and session, and who
    hears its progress."""

    name: str
    arguments: JsonObject
    timeout_s: float
    context: ServerContext
    session: ServerSession | None = None
    listeners: CallListeners = UNHEARD

    def project(self) -> Path:
        """The project folder; ``EDITOR_NOT_RUNNING`` while the server knows none."""
        found = self.context.project()
        if found is None:
            raise ToolError(
                ErrorCode.EDITOR_NOT_RUNNING,
                "No project is known yet: no editor is connected and serve was started without --project.",
                "Open the project in Godot with the addon enabled, or restart serve with --project PATH.",
            )
        return found

    def text(self, key: str) -> str | None:
        """An optional text argument; None when absent or empty."""
        value = self.arguments.get(key)
        return value if isinstance(value, str) and value else None

    def integer(self, key: str, default: int) -> int:
        value = self.arguments.get(key, default)
        return value if isinstance(value, int) and not isinstance(value, bool) else default


Handler = Callable[[ServerCall], Awaitable[JsonObject]]


@dataclass(frozen=True)
class ToolSpec(Generic[Run]):
    """One server-run tool, as an entry of a ``COMMANDS`` table: ``run`` does the work (a ``Handler``
    unless the group says otherwise), ``marks`` are contract.json ``marks`` separated by spaces."""

    title: str
    text: str
    run: Run
    args: Fields = field(default_factory=dict)
    returns: Fields = field(default_factory=dict)
    marks: str = ""
    timeout_ms: int = 10_000

    def marked(self, mark: str) -> bool:
        return mark in self.marks.split()


Backend = Callable[[str, ToolSpec[Any], ServerContext], ToolBackend]


class HandlerBackend(ToolBackend):
    """Runs a ``Handler`` spec; bound to the calling session per call."""

    def __init__(
        self, name: str, spec: ToolSpec[Handler], context: ServerContext, session: ServerSession | None = None
    ) -> None:
        self._name, self._spec, self._context, self._session = name, spec, context, session

    def for_session(self, session: ServerSession) -> ToolBackend:
        return HandlerBackend(self._name, self._spec, self._context, session)

    async def invoke(
        self, arguments: JsonObject, timeout_s: float, listeners: CallListeners = UNHEARD
    ) -> CommandReply:
        call = ServerCall(self._name, arguments, timeout_s, self._context, self._session, listeners)
        return CommandSuccess(await self._spec.run(call))


@dataclass(frozen=True)
class ServerGroup(Generic[Run]):
    """A module's tools: ``GROUP`` and ``COMMANDS`` of an addon module; ``backend`` runs a spec (the
    module's ``DEFAULTS``: how its ``run`` is called), ``keywords`` add to contract.json's."""

    name: str
    commands: Mapping[str, ToolSpec[Run]]
    backend: Backend = HandlerBackend
    keywords: tuple[str, ...] = ()


def group_entries(group: ServerGroup[Any], context: ServerContext) -> list[ToolEntry]:
    """The loop: each spec of ``group`` as the server's table holds it."""
    facts = CONTRACT.groups[group.name]
    command_group = CommandGroup(group.name, facts.description, (*facts.keywords, *group.keywords))
    return [
        _entry(name, spec, command_group, group.backend(name, spec, context))
        for name, spec in group.commands.items()
    ]


def _entry(name: str, spec: ToolSpec[Any], group: CommandGroup, backend: ToolBackend) -> ToolEntry:
    unknown = set(spec.marks.split()) - _MARKS
    if unknown:
        raise ValueError(f"{name}: unknown marks {sorted(unknown)} (contract.json marks)")
    schema = input_schema(spec.args)
    meta: JsonObject = {f"{META_PREFIX}owner": "server", f"{META_PREFIX}group": group.name}
    if spec.marked("long_running"):
        meta[LONG_RUNNING_META_KEY] = True
    tool = types.Tool(
        name=name,
        title=spec.title,
        description=spec.text,
        input_schema=schema,
        output_schema=output_schema(spec.returns),
        annotations=types.ToolAnnotations(
            read_only_hint=spec.marked("read_only"),
            destructive_hint=spec.marked("destructive"),
            idempotent_hint=spec.marked("idempotent"),
            open_world_hint=spec.marked("open_world"),
        ),
        _meta=meta,
    )
    return ToolEntry(
        tool=tool,
        owner=ToolOwner.SERVER,
        backend=backend,
        arguments=ArgumentValidator(schema),
        read_only=spec.marked("read_only"),
        timeout_s=spec.timeout_ms / 1000,  # run here: no transport margin
        group=group,
        open_world=spec.marked("open_world"),
    )
