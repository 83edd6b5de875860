from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from godot_live_mcp.cli.main import cli
from godot_live_mcp.instances.addon_install import addon_enabled, addon_installed


def test_installs_then_reports_nothing_to_do(tmp_path: Path) -> None:
    (tmp_path / "project.godot").write_text("config_version=5\n")

    first = CliRunner().invoke(cli, ["install-addon", str(tmp_path)])
    second = CliRunner().invoke(cli, ["install-addon", str(tmp_path)])

    assert (first.exit_code, second.exit_code) == (0, 0)
    assert "Enabled it in project.godot" in first.output
    assert "already enabled" in second.output
    assert addon_installed(tmp_path)
    assert addon_enabled(tmp_path)


def test_not_a_project_fails_with_a_hint(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["install-addon", str(tmp_path)])

    assert result.exit_code == 1
    assert "is not a Godot project" in result.stderr
    assert "hint: pass the folder that contains project.godot" in result.stderr
