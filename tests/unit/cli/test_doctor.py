from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from godot_live_mcp.cli.main import cli
from godot_live_mcp.instances.addon_install import install_addon
from tests.unit.godot.fake_godot import fake_godot


@pytest.fixture(autouse=True)
def isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    empty_bin = tmp_path / "empty-bin"
    empty_bin.mkdir()
    monkeypatch.setenv("PATH", str(empty_bin))
    monkeypatch.delenv("GODOT_BIN", raising=False)
    monkeypatch.setenv("GODOT_MCP_GODOT_PREFIX", str(tmp_path / "private"))
    monkeypatch.setenv("GODOT_MCP_REGISTRY_DIR", str(tmp_path / "registry"))


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "project.godot").write_text('config_version=5\n\n[application]\n\nconfig/name="T"\n')
    return folder


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_all_in_place_exits_zero(tmp_path: Path, project: Path) -> None:
    godot = fake_godot(tmp_path / "godot", "4.6.3.stable.fake")
    install_addon(project)

    result = CliRunner().invoke(cli, ["doctor", "--godot", str(godot), "--project", str(project)])

    assert result.exit_code == 0, result.output
    assert "4.6.3.stable.fake" in result.output
    assert "Everything needed is in place" in result.output


def test_missing_godot_exits_one_with_the_install_hint() -> None:
    result = CliRunner().invoke(cli, ["doctor"])

    assert result.exit_code == 1
    assert "run `godot-live-mcp godot install`" in _flat(result.output)


def test_godot_3_is_a_problem(tmp_path: Path) -> None:
    godot = fake_godot(tmp_path / "godot", "3.5.2.stable")

    result = CliRunner().invoke(cli, ["doctor", "--godot", str(godot)])

    assert result.exit_code == 1
    assert "is not Godot 4" in _flat(result.output)


def test_project_without_addon_names_the_command_that_fixes_it(tmp_path: Path, project: Path) -> None:
    godot = fake_godot(tmp_path / "godot")

    result = CliRunner().invoke(cli, ["doctor", "--godot", str(godot), "--project", str(project)])

    assert result.exit_code == 1
    assert f"run `godot-live-mcp install-addon {project}`" in result.output


def test_a_folder_that_is_not_a_project_is_reported(tmp_path: Path) -> None:
    godot = fake_godot(tmp_path / "godot")

    result = CliRunner().invoke(cli, ["doctor", "--godot", str(godot), "--project", str(tmp_path)])

    assert result.exit_code == 1
    assert "pass the folder that contains project.godot" in result.output
