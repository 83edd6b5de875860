"""``godot-live-mcp tools count`` with Python plugins: each enabled plugin's cost, core or grouped, and
its tools in the surfaces (fake entry points; the catalogue is a small one as the editor publishes it)."""

from __future__ import annotations

import json
from pathlib import Path

from godot_live_mcp.bridge.catalog import Catalog, parse_command
from godot_live_mcp.cli._tool_count import count_report, surface_sizes
from godot_live_mcp.plugins import PluginHost, ProjectTools, write_enabled
from godot_live_mcp.server.surface_size import tokenizer
from tests.unit.plugins._plugins import nothing, plugin, reset, source, sources
from tests.unit.server.surface_catalog import COMMANDS

CATALOG = Catalog(1, tuple(parse_command(raw) for raw in COMMANDS))


def install_wind(tools: ProjectTools, _host: PluginHost) -> None:
    tools.add_tool(reset, core=True)
    tools.add_tool(nothing)


def install_rain(tools: ProjectTools, _host: PluginHost) -> None:
    tools.add_tool(nothing)


FOUND = sources(source("wind", plugin("wind", install_wind)), source("rain", plugin("rain", install_rain)))


def project(tmp_path: Path, enabled: list[str]) -> Path:
    (tmp_path / "project.godot").write_text("config_version=5\n", "utf-8")
    write_enabled(tmp_path, enabled)
    return tmp_path


def test_each_enabled_plugin_is_counted_core_or_grouped(tmp_path: Path) -> None:
    folder = project(tmp_path, ["wind", "rain", "ghost"])
    report = json.loads(count_report(CATALOG, folder, as_json=True, sources=FOUND))
    plugins = {size["plugin"]: size for size in report["plugins"]["plugins"]}
    assert list(plugins) == ["wind", "rain"]
    wind, rain = plugins["wind"], plugins["rain"]
    assert (wind["tools"], wind["core_tools"], wind["listing"]) == (2, 1, "1 core")
    assert (rain["tools"], rain["listing"]) == (1, "grouped")
    assert wind["tokens"] > 0
    assert wind["characters"] > rain["characters"]
    assert report["plugins"]["problems"] == ["ghost: enabled but not installed (pip install its package)"]


def test_the_surfaces_hold_the_plugins_tools_core_ones_at_start_up(tmp_path: Path) -> None:
    folder = project(tmp_path, ["wind", "rain"])
    report = json.loads(count_report(CATALOG, folder, as_json=True, sources=FOUND))
    _, alone = surface_sizes(CATALOG)
    served = {size["surface"]: size["tools"] for size in report["surfaces"]}
    without = {size.surface: size.tools for size in alone}
    assert served["core"] == without["core"] + 1  # wind_reset
    assert served["all"] == without["all"] + 3  # wind's two, rain's one (godot_live_mcp_schema is in both)


def test_the_text_shows_a_row_per_plugin_and_what_was_not_counted(tmp_path: Path) -> None:
    folder = project(tmp_path, ["rain", "ghost"])
    text = count_report(CATALOG, folder, as_json=False, sources=FOUND)
    rain = next(line for line in text.splitlines() if line.startswith("rain "))
    assert rain.split()[:3] == ["rain", "1", "grouped"]
    assert "not counted: ghost: enabled but not installed" in text
    assert f"Python plugins enabled for {folder}" in text
    assert f"tokens: {tokenizer().name}." in text


def test_without_a_project_or_enabled_plugins_it_says_so(tmp_path: Path) -> None:
    none_enabled = count_report(CATALOG, project(tmp_path, []), as_json=False, sources=FOUND)
    no_project = count_report(CATALOG, None, as_json=False, sources=FOUND)
    assert f"Python plugins: none enabled for {tmp_path}." in none_enabled
    assert "Python plugins: none counted (no project" in no_project
