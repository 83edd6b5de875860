"""``godot-live-mcp tools count``: the size of each tool surface (core, read-only, all) for a model, and
what each Python plugin the project enables adds to it."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from godot_live_mcp.bridge.catalog import Catalog
from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.instances.editor_source import RegistrySource
from godot_live_mcp.plugins import (
    OWN_NAMESPACE,
    PluginSource,
    ProjectPlugins,
    ProjectTools,
    installed_plugins,
    read_enabled,
)
from godot_live_mcp.server.builtin_tools import BUILTIN_TOOLS_MEANING, builtin_tools
from godot_live_mcp.server.editor_tools import editor_tool_entries
from godot_live_mcp.server.plugin_tools import add_server_tools, plugin_tool_entries
from godot_live_mcp.server.served_tools import server_registry_entries, server_run_entries
from godot_live_mcp.server.surface_size import (
    PluginSize,
    SurfaceSize,
    measure,
    plugin_sizes,
    standard_surfaces,
    tokenizer,
)
from godot_live_mcp.server.tool_table import ToolEntry

__all__ = ["PluginCosts", "count_report", "render_json", "render_text", "served_plugins", "surface_sizes"]

_COLUMNS = ("surface", "tools", "characters", "tokens", "output schema characters", "output schema tokens")
_PLUGIN_COLUMNS = ("plugin", "tools", "listed", "characters", "tokens")


@dataclass
class PluginCosts:
    """The plugins a project enables, measured: their sizes, and those that would not install."""

    project: Path | None
    sizes: list[PluginSize] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, object]:
        return {
            "project": str(self.project) if self.project else None,
            "plugins": [size.as_json() for size in self.sizes],
            "problems": self.problems,
        }


def count_report(
    catalog: Catalog,
    project: Path | None,
    *,
    as_json: bool,
    sources: Callable[[], Sequence[PluginSource]] = installed_plugins,
) -> str:
    """What ``tools count`` prints: ``catalog``'s surfaces with the server's own tools and the plugins
    ``project`` enables (none without a project; found among ``sources``), then each plugin's cost."""
    plugins = served_plugins(project, sources)
    name, sizes = surface_sizes(catalog, plugins)
    costs = PluginCosts(project)
    if plugins is not None and project is not None:
        installed = [state for state in plugins.states() if state.installed]
        entries = _registry_entries(plugins)
        costs.sizes = plugin_sizes(entries, [state.name for state in installed], tokenizer().count)
        costs.problems = [
            f"{state.name}: [{problem.stage}] {problem.message}"
            for state in plugins.states()
            for problem in state.problems
        ]
        known = {state.name for state in plugins.states()}
        costs.problems += [
            f"{name}: enabled but not installed (pip install its package)"
            for name in read_enabled(project)
            if name not in known
        ]
    builtin = len(builtin_tools(catalog))
    if as_json:
        return render_json(name, sizes, costs, builtin)
    return render_text(name, sizes, costs, builtin)


def served_plugins(
    project: Path | None, sources: Callable[[], Sequence[PluginSource]] = installed_plugins
) -> ProjectPlugins | None:
    """The registry a server for ``project`` holds: its own tools and the plugins the project enables,
    installed apart from any server (nothing is written to the project)."""
    if project is None:
        return None
    tools = ProjectTools(own_namespaces=[OWN_NAMESPACE])
    add_server_tools(tools)
    plugins = ProjectPlugins(tools, sources=sources)
    plugins.apply(read_enabled(project))
    return plugins


def surface_sizes(catalog: Catalog, plugins: ProjectPlugins | None = None) -> tuple[str, list[SurfaceSize]]:
    """The tokenizer's name, and the size of each standard surface of ``catalog``'s tools (with the
    registry's tools of ``plugins``, when given)."""
    link = EditorLink(RegistrySource(None))  # never connected: the entries are only measured
    entries = [entry for owned in editor_tool_entries(catalog, link).values() for entry in owned]
    entries += server_run_entries()
    entries += _registry_entries(plugins) if plugins is not None else server_registry_entries()
    counter = tokenizer()
    sizes = [measure(name, tools, counter.count) for name, tools in standard_surfaces(entries).items()]
    return counter.name, sizes


def render_text(
    tokenizer_name: str,
    sizes: list[SurfaceSize],
    costs: PluginCosts | None = None,
    builtin: int | None = None,
) -> str:
    rows = [
        (
            size.surface,
            str(size.tools),
            f"{size.characters:,}",
            f"{size.tokens:,}",
            f"{size.output_schema_characters:,}",
            f"{size.output_schema_tokens:,}",
        )
        for size in sizes
    ]
    note = (
        f"tokens: {tokenizer_name}. Characters and tokens are of the tools/list JSON without output "
        "schemas (names, descriptions, input schemas, annotations); output schemas are counted apart."
    )
    lines = [*_table(_COLUMNS, rows), note]
    if builtin is not None:
        lines.append(f"built-in tools: {builtin} ({BUILTIN_TOOLS_MEANING}).")
    if costs is not None:
        lines += ["", *_plugin_lines(costs)]
    return "\n".join(lines) + "\n"


def render_json(
    tokenizer_name: str,
    sizes: list[SurfaceSize],
    costs: PluginCosts | None = None,
    builtin: int | None = None,
) -> str:
    report: dict[str, object] = {"tokenizer": tokenizer_name, "surfaces": [size.as_json() for size in sizes]}
    if builtin is not None:
        report["builtin_tools"] = builtin
    if costs is not None:
        report["plugins"] = costs.as_json()
    return json.dumps(report, indent=1) + "\n"


def _plugin_lines(costs: PluginCosts) -> list[str]:
    if costs.project is None:
        return ["Python plugins: none counted (no project; pass --project or run this in one)."]
    if not costs.sizes and not costs.problems:
        return [f"Python plugins: none enabled for {costs.project}."]
    rows = [
        (size.plugin, str(size.tools), size.listing, f"{size.characters:,}", f"{size.tokens:,}")
        for size in costs.sizes
    ]
    lines = _table(_PLUGIN_COLUMNS, rows) if rows else []
    lines += [f"not counted: {problem}" for problem in costs.problems]
    lines.append(
        f"Python plugins enabled for {costs.project}, included in the surfaces above: core tools are "
        "listed at start-up (and count in core); grouped ones load through discover_tools."
    )
    return lines


def _table(columns: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> list[str]:
    table = [columns, *rows]
    widths = [max(len(row[column]) for row in table) for column in range(len(columns))]
    return [
        "  ".join(
            cell.ljust(width) if column == 0 else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        )
        for row in table
    ]


def _registry_entries(plugins: ProjectPlugins) -> list[ToolEntry]:
    return plugin_tool_entries(plugins, EditorLink(RegistrySource(None)))
