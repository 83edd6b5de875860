"""The published tools, in one order across their owners, looked up by MCP name."""

from __future__ import annotations

import logging
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING

import mcp_types as types

from godot_live_mcp.bridge.catalog import CommandGroup
from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.bridge.queue_events import UNHEARD, CallListeners
from godot_live_mcp.bridge.reply import CommandReply
from godot_live_mcp.server.arguments import ArgumentValidator

if TYPE_CHECKING:
    from mcp.server.session import ServerSession

    from godot_live_mcp.server.editor_roster import EditorTarget

logger = logging.getLogger(__name__)


class ToolOwner(IntEnum):
    """Who provides a tool; also the listing order."""

    EDITOR = 0
    EXTENSION = 1
    PLUGIN = 2
    SERVER = 3  # the server's own tools about the live editors (instance_tools.py)


class ToolBackend(ABC):
    """Runs a published tool. Implement ``invoke`` for each kind of owner."""

    @abstractmethod
    async def invoke(
        self, arguments: JsonObject, timeout_s: float, listeners: CallListeners = UNHEARD
    ) -> CommandReply:
        """Run with validated ``arguments`` and return the command's reply (success data, or a failure).

        Must give up after ``timeout_s`` (raising ``ToolError`` ``TIMEOUT``) and let cancellation through.
        The call's queue events and progress go to ``listeners`` (pass them on to the link it calls).
        """

    def for_session(self, session: ServerSession) -> ToolBackend:
        """This backend for one calling session (a server-run tool reads the session's choices)."""
        return self

    def for_target(self, target: EditorTarget) -> ToolBackend:
        """This backend aimed at the editor (or game) a call was routed to (an editor command)."""
        return self


@dataclass(frozen=True)
class ToolEntry:
    """One published tool: its MCP description and how to run it; without a group it is always listed.
    ``open_world``: it runs arbitrary code (listed and run only with ``--allow-execute``). ``core``: always
    listed although it has a group (a plugin's core tools; the editor's are named in contract.json).
    ``opens_scene``: its result's scene becomes the calling session's active scene; ``acts_on_scene``: its
    ``scene`` argument names an open scene, the active one when omitted; ``steps_history``: without
    ``scene`` and ``history`` it steps the history the session's last change landed in."""

    tool: types.Tool
    owner: ToolOwner
    backend: ToolBackend
    arguments: ArgumentValidator
    read_only: bool
    timeout_s: float
    group: CommandGroup | None = None
    open_world: bool = False
    core: bool = False
    opens_scene: bool = False
    acts_on_scene: bool = False
    steps_history: bool = False
    marks: frozenset[str] = frozenset()
    """Rules the server applies to the tool (contract.json ``marks``: needs_display, saves_scenes, ...)."""
    side_doors: tuple[str, ...] = ()
    """Boolean arguments that, when true, make this read-only tool change the project."""

    @property
    def runs_steps(self) -> bool:
        """Its ``steps`` are calls of other tools, each checked first (``batch_steps.py``)."""
        return "runs_steps" in self.marks

    @property
    def name(self) -> str:
        return self.tool.name


class ToolTable:
    """Tools grouped by owner; a name already taken is refused, never shadowed: built-in tools claim
    their names first, then extensions, then plugins (listed in ``ToolOwner`` order)."""

    def __init__(self) -> None:
        self._by_owner: dict[ToolOwner, tuple[ToolEntry, ...]] = {}
        self._ordered: tuple[ToolEntry, ...] = ()
        self._by_name: dict[str, ToolEntry] = {}

    def entries(self) -> tuple[ToolEntry, ...]:
        return self._ordered

    def get(self, name: str) -> ToolEntry | None:
        return self._by_name.get(name)

    def replace(self, entries_by_owner: Mapping[ToolOwner, Iterable[ToolEntry]]) -> bool:
        """Replace the tools of the owners given; True when the published list changed."""
        before = [entry.tool for entry in self._ordered]
        for owner, entries in entries_by_owner.items():
            self._by_owner[owner] = tuple(entries)
        self._rebuild()
        return [entry.tool for entry in self._ordered] != before

    def _rebuild(self) -> None:
        by_name: dict[str, ToolEntry] = {}
        for owner in sorted(self._by_owner, key=_claim_order):
            for entry in self._by_owner[owner]:
                taken = by_name.get(entry.name)
                if taken is not None:
                    logger.error(
                        "refusing tool %r from %s: the name is taken by a tool from %s",
                        entry.name,
                        owner.name.lower(),
                        taken.owner.name.lower(),
                    )
                    continue
                by_name[entry.name] = entry
        ordered = [
            entry
            for owner in sorted(self._by_owner)
            for entry in self._by_owner[owner]
            if by_name.get(entry.name) is entry
        ]
        self._ordered, self._by_name = tuple(ordered), by_name


def _claim_order(owner: ToolOwner) -> tuple[bool, int]:
    """Built-in tools (the editor's and the server's) claim their names before any extension or plugin."""
    return owner not in (ToolOwner.EDITOR, ToolOwner.SERVER), owner
