from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner
from rich.console import Console

from godot_live_mcp.cli import godot_cmd
from godot_live_mcp.cli.main import cli
from godot_live_mcp.godot.install import InstallResult
from tests.unit.godot.fake_godot import fake_godot


def test_path_prints_the_binary_on_stdout_and_its_source_on_stderr(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    godot = fake_godot(tmp_path / "godot")
    monkeypatch.setenv("GODOT_BIN", str(godot))

    result = CliRunner().invoke(cli, ["godot", "path"])

    assert result.exit_code == 0
    assert result.stdout == f"{godot}\n"
    assert "GODOT_BIN" in result.stderr


def test_path_fails_when_nothing_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("GODOT_BIN", raising=False)
    monkeypatch.setenv("GODOT_MCP_GODOT_PREFIX", str(tmp_path / "private"))

    result = CliRunner().invoke(cli, ["godot", "path"])

    assert result.exit_code == 1
    assert result.stdout == ""
    assert "godot-live-mcp godot install" in result.stderr


def test_install_passes_its_options_and_prints_the_binary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[Path | None, str | None, bool, bool, bool]] = []

    def _install(
        prefix: Path | None,
        *,
        suite: str | None,
        with_display: bool,
        with_templates: bool,
        force: bool,
        progress: object,
    ) -> InstallResult:
        calls.append((prefix, suite, with_display, with_templates, force))
        binary = tmp_path / "usr" / "bin" / "godot"
        return InstallResult(tmp_path, binary, "4.6.3.stable", "sid", ("godot",), False, 1.5)

    monkeypatch.setattr(godot_cmd, "install_godot", _install)

    result = CliRunner().invoke(
        cli,
        [
            "godot",
            "install",
            "--prefix",
            str(tmp_path),
            "--suite",
            "sid",
            "--with-display",
            "--with-templates",
            "--force",
        ],
    )

    assert result.exit_code == 0, result.output
    assert calls == [(tmp_path, "sid", True, True, True)]
    assert result.stdout == f"{tmp_path / 'usr' / 'bin' / 'godot'}\n"
    assert "Installed Godot 4.6.3.stable from Debian sid" in result.stderr


def test_install_rejects_an_unknown_suite() -> None:
    result = CliRunner().invoke(cli, ["godot", "install", "--suite", "bookworm"])

    assert result.exit_code == 2


@pytest.mark.parametrize("terminal", [False, True])
def test_progress_prints_each_step_and_closes_its_bar(terminal: bool) -> None:
    stream = io.StringIO()
    console = Console(file=stream, force_terminal=terminal, width=100)

    with godot_cmd._ConsoleProgress(console) as progress:
        progress.step("Fetching [lists]")
        progress.begin("Downloading 2 packages", 2)
        progress.advance("godot")
        progress.advance("libc6")
        progress.step("Done")

    text = stream.getvalue()
    assert "Fetching [lists]" in text
    assert text.index("Downloading 2 packages") < text.rindex("Done")
