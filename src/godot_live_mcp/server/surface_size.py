"""How much of a model's context a tool list takes: tools, characters and tokens of the ``tools/list``
JSON without output schemas (what the model reads to choose a tool), and of the output schemas apart.

Tokens come from a real tokenizer when the optional ``bpe-openai`` package is installed (OpenAI's
o200k_base tables, shipped inside the package: no network at run time); otherwise they are estimated
as characters/4. ``Tokenizer.name`` says which.
"""

from __future__ import annotations

import importlib
import json
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import mcp_types as types

from godot_live_mcp.server._meta import META_PREFIX
from godot_live_mcp.server.server_tools import server_tools
from godot_live_mcp.server.session_groups import SessionGroups
from godot_live_mcp.server.surface import StartupTools, resolve_surface
from godot_live_mcp.server.tool_policy import ToolPolicy
from godot_live_mcp.server.tool_table import ToolEntry

ENCODING = "o200k_base"
_UNCAPPED = 1_000_000


@dataclass(frozen=True)
class Tokenizer:
    name: str
    count: Callable[[str], int]


def tokenizer() -> Tokenizer:
    """bpe-openai's o200k_base when it is installed and loads, else characters/4."""
    try:
        encoding: Any = importlib.import_module("bpe_openai").get_encoding(ENCODING)
    except Exception:  # not installed, or its tables failed to load: estimate instead
        return Tokenizer("characters/4", lambda text: math.ceil(len(text) / 4))
    return Tokenizer(f"{ENCODING} (bpe-openai)", lambda text: len(encoding.encode(text)))


@dataclass(frozen=True)
class SurfaceSize:
    """One surface: its tool count, and characters and tokens with and of output schemas apart."""

    surface: str
    tools: int
    characters: int
    tokens: int
    output_schema_characters: int
    output_schema_tokens: int

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def measure(surface: str, tools: Sequence[types.Tool], count: Callable[[str], int]) -> SurfaceSize:
    """The size of ``tools`` as compact ``tools/list`` JSON (without output schemas), and of their
    output schemas alone."""
    dumped = [tool.model_dump(mode="json", by_alias=True, exclude_none=True) for tool in tools]
    listed = _compact({"tools": [{k: v for k, v in tool.items() if k != "outputSchema"} for tool in dumped]})
    outputs = _compact([tool["outputSchema"] for tool in dumped if "outputSchema" in tool])
    return SurfaceSize(surface, len(tools), len(listed), count(listed), len(outputs), count(outputs))


@dataclass(frozen=True)
class PluginSize:
    """What one Python plugin adds to the tool list: its tools, how many of them are core (listed at
    start-up, in the core surface's budget; the others are grouped, loaded through ``discover_tools``),
    and characters and tokens of all of them as ``measure`` counts them."""

    plugin: str
    tools: int
    core_tools: int
    characters: int
    tokens: int

    @property
    def listing(self) -> str:
        """``core``, ``grouped``, or ``<n> core`` for a plugin with both."""
        if self.tools and self.core_tools == self.tools:
            return "core"
        return f"{self.core_tools} core" if self.core_tools else "grouped"

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "listing": self.listing}


def plugin_sizes(
    entries: Iterable[ToolEntry], plugins: Sequence[str], count: Callable[[str], int]
) -> list[PluginSize]:
    """The size of each of ``plugins`` (ids) among ``entries``: the tools whose ``_meta`` owner it is."""
    owned: dict[str, list[ToolEntry]] = {plugin: [] for plugin in plugins}
    for entry in entries:
        owner = str((entry.tool.meta or {}).get(f"{META_PREFIX}owner", ""))
        plugin = owner.removeprefix("plugin:")
        if owner.startswith("plugin:") and plugin in owned:
            owned[plugin].append(entry)
    sizes = []
    for plugin, tools in owned.items():
        size = measure(plugin, [entry.tool for entry in tools], count)
        core = sum(1 for entry in tools if entry.core)
        sizes.append(PluginSize(plugin, size.tools, core, size.characters, size.tokens))
    return sizes


def standard_surfaces(entries: Iterable[ToolEntry]) -> dict[str, list[types.Tool]]:
    """The surfaces ``tools count`` reports: the default start-up (core), the same in read-only mode,
    and every group loaded with no cap and ``--allow-execute`` (all)."""
    table = tuple(entries)
    surfaces = {
        "core": (ToolPolicy(False), StartupTools()),
        "read-only": (ToolPolicy(True), StartupTools()),
        "all": (ToolPolicy(False, allow_execute=True), StartupTools(every_group=True)),
    }
    return {
        name: [
            *server_tools(policy),
            *(
                entry.tool
                for entry in resolve_surface(table, policy, startup, SessionGroups(), _UNCAPPED).listed()
            ),
        ]
        for name, (policy, startup) in surfaces.items()
    }


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
