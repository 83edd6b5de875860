"""What one session lists: the always-listed tools, and the tool groups loaded on top of them, within a cap.

Always listed: ``discover_tools`` and ``run_tool``, the core tools (``core_tools`` in contract.json, and
plugin tools added with ``core=True``) and every tool without a group. The start-up groups (``--tools``)
are the same for every session; each session then loads and unloads groups of its own. The listed count
never exceeds ``max_tools``.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from godot_live_mcp.contract import CONTRACT
from godot_live_mcp.server.projection import tool_name
from godot_live_mcp.server.session_groups import SessionGroups
from godot_live_mcp.server.tool_policy import ToolPolicy
from godot_live_mcp.server.tool_table import ToolEntry

logger = logging.getLogger(__name__)

SERVER_TOOL_COUNT = 2  # discover_tools and run_tool
DEFAULT_MAX_TOOLS = 80
CORE_TOOLS = frozenset(tool_name(command) for command in CONTRACT.core_tools)
CORE = "core"
EVERY_GROUP = "all"


@dataclass(frozen=True)
class StartupTools:
    """The start-up surface: the core tools, plus every group or the groups named."""

    every_group: bool = False
    groups: tuple[str, ...] = ()

    @classmethod
    def parse(cls, value: str | Iterable[str]) -> StartupTools:
        """``core``, ``all``, or group names (comma-separated, or a list); ``core`` may stand among them."""
        items = value.split(",") if isinstance(value, str) else value
        names = [item.strip() for item in items if item.strip()]
        if EVERY_GROUP in names:
            return cls(every_group=True)
        return cls(groups=tuple(dict.fromkeys(name for name in names if name != CORE)))

    def __str__(self) -> str:
        return EVERY_GROUP if self.every_group else ",".join((CORE, *self.groups))


@dataclass(frozen=True)
class ToolGroup:
    """A group with the tools the policy lists: all of them, and those loading it adds to the list;
    ``withheld``: its code-execution tools, left out without ``--allow-execute``."""

    name: str
    description: str
    keywords: tuple[str, ...]
    tools: tuple[ToolEntry, ...]
    adds: tuple[ToolEntry, ...]
    withheld: tuple[str, ...] = ()


@dataclass(frozen=True)
class Surface:
    """The tools one session lists now, and what loading or unloading groups would change."""

    entries: tuple[ToolEntry, ...]
    always: frozenset[str]
    groups: tuple[ToolGroup, ...]
    loaded: tuple[str, ...]
    left_out: tuple[str, ...]
    max_tools: int

    def group(self, name: str) -> ToolGroup | None:
        return next((group for group in self.groups if group.name == name), None)

    def listed(self) -> list[ToolEntry]:
        """The catalogued tools listed, in catalogue order (the server's own two come before them)."""
        names = self.always | {entry.name for name in self.loaded for entry in self._adds(name)}
        return [entry for entry in self.entries if entry.name in names]

    @property
    def count(self) -> int:
        return SERVER_TOOL_COUNT + len(self.listed())

    def count_with(self, load: Sequence[str] = (), unload: Sequence[str] = ()) -> int:
        """How many tools would be listed after unloading, then loading, these groups."""
        names = [name for name in self.loaded if name not in unload]
        names += [name for name in load if name not in names]
        return SERVER_TOOL_COUNT + len(self.always) + sum(len(self._adds(name)) for name in names)

    def unload_to_fit(self, load: Sequence[str], unload: Sequence[str] = ()) -> list[str] | None:
        """The groups to unload (``unload``, then loaded ones, largest first) so that ``load`` fits; None
        when it does not fit even alone."""
        removable = sorted(
            (name for name in self.loaded if name not in load and name not in unload),
            key=lambda name: -len(self._adds(name)),
        )
        if self.count_with(load, [*unload, *removable]) > self.max_tools:
            return None
        chosen = list(unload)
        for name in removable:
            if self.count_with(load, chosen) <= self.max_tools:
                break
            chosen.append(name)
        return chosen

    def _adds(self, name: str) -> tuple[ToolEntry, ...]:
        group = self.group(name)
        return group.adds if group is not None else ()


def resolve_surface(
    entries: Iterable[ToolEntry],
    policy: ToolPolicy,
    startup: StartupTools,
    session: SessionGroups,
    max_tools: int = DEFAULT_MAX_TOOLS,
) -> Surface:
    """The surface of a session: start-up groups less those it unloaded, then those it loaded, while
    they fit under ``max_tools``; the others are left out (never half a group)."""
    catalogued = tuple(entries)
    visible = tuple(entry for entry in catalogued if policy.lists(entry))
    withheld = tuple(entry for entry in catalogued if entry.open_world and not policy.lists(entry))
    always = [
        entry.name for entry in visible if entry.group is None or entry.core or entry.name in CORE_TOOLS
    ]
    if SERVER_TOOL_COUNT + len(always) > max_tools:
        logger.warning("the always-listed tools exceed --max-tools %d: listing the first ones", max_tools)
        always = always[: max(0, max_tools - SERVER_TOOL_COUNT)]
    groups = _groups(visible, frozenset(always), withheld)
    known = [group.name for group in groups]
    wanted = known if startup.every_group else [name for name in startup.groups if name in known]
    wanted = [name for name in wanted if name not in session.unloaded]
    wanted += [name for name in session.loaded if name in known and name not in wanted]
    surface = Surface(visible, frozenset(always), groups, (), (), max_tools)
    loaded: list[str] = []
    left_out: list[str] = []
    for name in wanted:
        fits = surface.count_with([*loaded, name]) <= max_tools
        (loaded if fits else left_out).append(name)
    return Surface(visible, frozenset(always), groups, tuple(loaded), tuple(left_out), max_tools)


def _groups(
    visible: Sequence[ToolEntry], always: frozenset[str], withheld: Sequence[ToolEntry] = ()
) -> tuple[ToolGroup, ...]:
    """The groups in the order their first tool appears; a group with no listable tool is left out."""
    members: dict[str, list[ToolEntry]] = {}
    for entry in visible:
        if entry.group is not None:
            members.setdefault(entry.group.name, []).append(entry)
    groups = []
    for name, tools in members.items():
        label = next(entry.group for entry in tools if entry.group is not None)
        adds = tuple(entry for entry in tools if entry.name not in always)
        held = tuple(entry.name for entry in withheld if entry.group is not None and entry.group.name == name)
        groups.append(ToolGroup(name, label.description, label.keywords, tuple(tools), adds, held))
    return tuple(groups)
