"""Tables of task phrasings scored against a catalogue's groups: the hit rate of ``discover_tools``
requests in words. ``task_phrasings.json`` was written before the matcher was tuned (issue 23),
``task_phrasings_later.json`` after, to see how the tuning holds on words it was not tuned on.

A phrasing hits when the groups chosen for it hold every group it needs and at most one other.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from godot_live_mcp.bridge.catalog import Catalog
from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.instances.editor_source import RegistrySource
from godot_live_mcp.server.editor_tools import editor_tool_entries
from godot_live_mcp.server.group_matching import choose, rank
from godot_live_mcp.server.served_tools import server_registry_entries, server_run_entries
from godot_live_mcp.server.session_groups import SessionGroups
from godot_live_mcp.server.surface import StartupTools, ToolGroup, resolve_surface
from godot_live_mcp.server.tool_policy import ToolPolicy
from godot_live_mcp.server.tool_table import ToolOwner

_TABLES = Path(__file__).resolve().parent / "unit" / "server"
PHRASINGS = _TABLES / "task_phrasings.json"
LATER_PHRASINGS = _TABLES / "task_phrasings_later.json"
EXTRA_ALLOWED = 1


@dataclass(frozen=True)
class Phrasing:
    task: str
    needs: frozenset[str]


@dataclass(frozen=True)
class Outcome:
    phrasing: Phrasing
    chosen: tuple[str, ...]

    @property
    def hit(self) -> bool:
        chosen = set(self.chosen)
        return self.phrasing.needs <= chosen and len(chosen - self.phrasing.needs) <= EXTRA_ALLOWED


def phrasings(table: Path = PHRASINGS) -> list[Phrasing]:
    rows = json.loads(table.read_text("utf-8"))
    return [Phrasing(str(row["task"]), frozenset(row["groups"])) for row in rows]


def builtin_groups(catalog: Catalog) -> tuple[ToolGroup, ...]:
    """Every group of the built-in tools of ``catalog`` (its extensions' left out) and the server's,
    with ``--allow-execute``."""
    link = EditorLink(RegistrySource(None))  # never connected: the entries are only matched
    entries = [*editor_tool_entries(catalog, link)[ToolOwner.EDITOR], *server_run_entries()]
    entries += server_registry_entries()
    policy = ToolPolicy(allow_execute=True)
    return resolve_surface(entries, policy, StartupTools(), SessionGroups()).groups


def outcomes(groups: Sequence[ToolGroup], table: Path = PHRASINGS) -> list[Outcome]:
    """What the matcher chooses for each phrasing of ``table`` among ``groups``."""
    return [
        Outcome(p, tuple(m.group for m in choose(p.task, rank(p.task, groups)))) for p in phrasings(table)
    ]


def hit_rate(results: Sequence[Outcome]) -> float:
    return sum(result.hit for result in results) / len(results)


def misses(results: Sequence[Outcome]) -> list[str]:
    """One line for each phrasing missed: the task, what it needs, what was chosen."""
    return [
        f"{r.phrasing.task!r}: needs {sorted(r.phrasing.needs)}, chose {list(r.chosen)}"
        for r in results
        if not r.hit
    ]
