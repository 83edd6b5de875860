"""``configure --rules``: the working rules (the server's own instructions) between markers, once, in
the file each client reads; an older block replaced in place; ``doctor`` naming a block older than this
version."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from godot_live_mcp import __version__
from godot_live_mcp.cli.main import cli
from godot_live_mcp.server.instructions import INSTRUCTIONS
from tests.unit.cli.cli_process import Machine, make_machine, make_project

BEGIN = "<!-- godot-live-mcp rules "
END = "<!-- /godot-live-mcp rules -->"


@pytest.fixture
def machine(tmp_path: Path) -> Machine:
    return make_machine(tmp_path)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return make_project(tmp_path / "game")


@pytest.mark.parametrize(
    ("client", "rules_file", "opening"),
    [
        ("claude-code", "CLAUDE.md", BEGIN),
        ("codex", "AGENTS.md", BEGIN),
        ("cursor", ".cursor/rules/godot-live-mcp.mdc", "---\ndescription:"),
        ("vscode", ".github/copilot-instructions.md", BEGIN),
        ("windsurf", ".windsurf/rules/godot-live-mcp.md", "---\ntrigger: always_on\n---"),
        ("cline", ".clinerules/godot-live-mcp.md", BEGIN),
        ("zed", ".rules", BEGIN),
        ("gemini", "GEMINI.md", BEGIN),
        ("continue", ".continue/rules/godot-live-mcp.md", "---\nname:"),
    ],
)
def test_rules_are_written_once_into_the_file_the_client_reads(
    client: str, rules_file: str, opening: str, machine: Machine, project: Path
) -> None:
    first = _in_process(machine, "configure", client, "--rules", "--project", str(project))
    written = (project / rules_file).read_text()
    second = _in_process(machine, "configure", client, "--rules", "--project", str(project))

    assert first.exit_code == 0, first.output
    assert written.startswith(opening)
    assert written.count(BEGIN) == written.count(END) == 1
    assert f"{BEGIN}{__version__}:" in written
    assert INSTRUCTIONS in written
    assert "already there" in second.output
    assert (project / rules_file).read_text() == written


def test_an_older_block_is_replaced_and_the_persons_text_stays(machine: Machine, project: Path) -> None:
    claude_md = project / "CLAUDE.md"
    old_block = f"{BEGIN}0.0.1: written by an old version -->\nold rules\n{END}"
    claude_md.write_text(f"# My notes\n\nKeep this.\n\n{old_block}\n\n## After\nAnd this.\n")

    result = machine.run("configure", "claude-code", "--rules", "--project", str(project))

    text = claude_md.read_text()
    assert result.returncode == 0, result.stderr
    assert f"replaced the working rules of godot-live-mcp 0.0.1 with those of {__version__}" in result.stdout
    assert text.startswith("# My notes\n\nKeep this.\n\n" + BEGIN + __version__)
    assert text.endswith(f"{END}\n\n## After\nAnd this.\n")
    assert "old rules" not in text


def test_zed_rules_go_into_the_file_zed_reads_first(machine: Machine, project: Path) -> None:
    (project / "AGENTS.md").write_text("# Agents\n")

    result = machine.run("configure", "zed", "--rules", "--project", str(project))

    assert result.returncode == 0, result.stderr
    assert not (project / ".rules").exists()
    assert INSTRUCTIONS in (project / "AGENTS.md").read_text()


def test_an_old_single_file_clinerules_gets_the_block(machine: Machine, project: Path) -> None:
    (project / ".clinerules").write_text("Use tabs.\n")

    result = machine.run("configure", "cline", "--rules", "--project", str(project))

    assert result.returncode == 0, result.stderr
    assert (project / ".clinerules").read_text().startswith("Use tabs.\n\n" + BEGIN)


def test_claude_desktop_has_no_rules_file_and_says_so(machine: Machine, project: Path) -> None:
    result = machine.run("configure", "claude-desktop", "--rules", "--project", str(project))

    assert result.returncode == 0, result.stderr
    assert "reads no rules file" in result.stdout


def test_doctor_names_a_block_older_than_this_version(machine: Machine, project: Path) -> None:
    machine.run("configure", "codex", "--rules", "--project", str(project))
    agents = project / "AGENTS.md"
    agents.write_text(agents.read_text().replace(f"{BEGIN}{__version__}:", f"{BEGIN}0.0.1:"))

    result = machine.run("doctor", "--project", str(project))

    flat = " ".join(result.stdout.split())
    assert result.returncode == 1
    assert "holds the rules of version 0.0.1" in flat
    assert f"configure CLIENT --rules --project {project.resolve()}` with CLIENT codex and zed" in flat
    assert "Client configured" in flat


def _in_process(machine: Machine, *args: str) -> Result:
    """The many per-client runs in this process (the entry point itself is run by the other tests)."""
    return CliRunner(env=machine.env).invoke(cli, list(args))
