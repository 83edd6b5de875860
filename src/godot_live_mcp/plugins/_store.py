"""The state behind ``ProjectTools``: what each registration undoes, each plugin's scope, and the ordered
entries every view of one registry shares."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from godot_live_mcp.plugins._content import PluginPrompt, PluginResource
from godot_live_mcp.plugins._manifest import PluginManifest
from godot_live_mcp.plugins._tool import ProjectTool

__all__ = ["Entries", "GroupSpec", "PluginScope", "Registration", "Store"]

logger = logging.getLogger(__name__)

T = TypeVar("T", ProjectTool, PluginPrompt, PluginResource)


class Registration:
    """What an ``add_tool``, ``add_prompt``, ``add_resource``, ``declare_schema_version``, ``declare_group``
    or ``listen`` returns: ``cancel()`` undoes it (once; later calls do nothing)."""

    def __init__(self, undo: Callable[[], None]) -> None:
        self._undo: Callable[[], None] | None = undo

    def cancel(self) -> None:
        undo, self._undo = self._undo, None
        if undo is not None:
            undo()


@dataclass(frozen=True)
class GroupSpec:
    """A tool group a plugin declares: ``discover_tools`` matches requests against these words."""

    name: str
    description: str
    keywords: tuple[str, ...]
    owner: str


@dataclass
class PluginScope:
    """One installed plugin as the registry sees it: its manifest, its rank in install order, and
    everything registered through its view (cancelled when it is disabled)."""

    manifest: PluginManifest
    rank: int
    registrations: list[Registration] = field(default_factory=list)

    def track(self, registration: Registration) -> Registration:
        self.registrations.append(registration)
        return registration

    def withdraw(self) -> None:
        for registration in reversed(self.registrations):
            registration.cancel()
        self.registrations.clear()


class Entries(Generic[T]):
    """Tools, prompts or resources in the registry's order: (owner's rank, sequence added, item)."""

    def __init__(self, kind: str, key: Callable[[T], str]) -> None:
        self.kind = kind
        self.key: Callable[[T], str] = key
        self.held: list[tuple[int, int, T]] = []

    def ordered(self) -> tuple[T, ...]:
        return tuple(item for _, _, item in sorted(self.held, key=lambda entry: entry[:2]))

    def first(self, key: str) -> tuple[int, T] | None:
        """The rank and item already holding ``key``, if any."""
        return next(((rank, item) for rank, _, item in self.held if self.key(item) == key), None)


class Store:
    """The state every view of one registry shares."""

    def __init__(self, own: frozenset[str]) -> None:
        self.own = own
        self.tools = Entries[ProjectTool]("tool", lambda tool: tool.mcp_name)
        self.prompts = Entries[PluginPrompt]("prompt", lambda prompt: prompt.mcp_name)
        self.resources = Entries[PluginResource]("resource", lambda resource: resource.uri)
        self.versions: dict[str, tuple[str, list[str]]] = {}  # namespace -> (version, owners declaring it)
        self.groups: dict[str, GroupSpec] = {}
        self.listeners: list[Callable[[], None]] = []
        self.sequence = 0
        self.batching = 0
        self.pending = False

    def changed(self) -> None:
        if self.batching:
            self.pending = True
            return
        for listener in list(self.listeners):
            try:
                listener()
            except Exception:  # one listener's failure must not keep the others from hearing
                logger.exception("a ProjectTools listener failed")
