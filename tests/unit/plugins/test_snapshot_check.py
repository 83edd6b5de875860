"""``snapshot --check`` and the built-in snapshot test: a committed file that differs fails with the
semantic-version verdict and the command that regenerates it."""

from __future__ import annotations

from pathlib import Path

from godot_live_mcp.cli.snapshot import BUILTIN_PACKAGE, snapshot_problem
from godot_live_mcp.plugins import render_snapshot
from tests.unit.plugins.test_snapshot import CALM, GUST, tool

OWN = {"godot_live_mcp": "1.0.0"}
NOW = render_snapshot(BUILTIN_PACKAGE, [GUST, CALM], OWN)


def committed(folder: Path, package: str, text: str) -> Path:
    (folder / f"{package}.mcp").write_text(text, "utf-8")
    return folder


def test_the_same_surface_is_no_problem(tmp_path: Path) -> None:
    assert snapshot_problem(committed(tmp_path, BUILTIN_PACKAGE, NOW), BUILTIN_PACKAGE, NOW) is None


def test_a_tool_gone_from_the_builtin_surface_is_a_major_change_and_names_the_command(tmp_path: Path) -> None:
    before = render_snapshot(
        BUILTIN_PACKAGE, [GUST, CALM, tool("wind_stop", {})], {"godot_live_mcp": "1.0.0"}
    )
    problem = snapshot_problem(committed(tmp_path, BUILTIN_PACKAGE, before), BUILTIN_PACKAGE, NOW)
    assert problem is not None
    assert problem.splitlines() == [
        f"{tmp_path / 'godot-live-mcp.mcp'} differs from the godot-live-mcp surface: a major change.",
        "  removed tool wind_stop (major)",  # not a godot_live_mcp_ tool: no version to declare
        f"  If the change is meant, regenerate: godot-live-mcp snapshot --builtin --out {tmp_path}",
    ]


def test_a_new_optional_argument_of_a_plugin_is_a_minor_change(tmp_path: Path) -> None:
    before = render_snapshot("wind-package", [tool("wind_calm", {})], {"wind": "1.2.0"})
    after = render_snapshot(
        "wind-package", [tool("wind_calm", {"for": {"type": "number"}})], {"wind": "1.2.0"}
    )
    problem = snapshot_problem(committed(tmp_path, "wind-package", before), "wind-package", after, ["wind"])
    assert problem is not None
    assert "a minor change" in problem
    assert "wind_calm: new optional argument for (minor)" in problem
    assert "declare schema version 1.3.0 for wind (now 1.2.0)." in problem
    assert f"regenerate: godot-live-mcp snapshot --plugin wind --out {tmp_path}" in problem


def test_a_missing_file_says_how_to_write_it(tmp_path: Path) -> None:
    problem = snapshot_problem(tmp_path, BUILTIN_PACKAGE, NOW)
    assert problem == (
        f"{tmp_path / 'godot-live-mcp.mcp'} is missing; write it with "
        f"`godot-live-mcp snapshot --builtin --out {tmp_path}`."
    )
