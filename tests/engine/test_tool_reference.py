"""The committed tool reference matches the live editor, and `godot-live-mcp tools reference` checks it."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest
from click.testing import CliRunner

from godot_live_mcp.cli._tool_reference import render_reference
from godot_live_mcp.cli.main import cli
from godot_live_mcp.cli.tools import fetch_catalog, stale_reference_message
from godot_live_mcp.instances.addon_install import install_addon
from tests.engine.harness import DEMO_PROJECT, EngineEditor

pytestmark = pytest.mark.engine

COMMITTED_REFERENCE = Path(__file__).resolve().parents[2] / "docs" / "tools.md"


def reference(editor: EngineEditor, *args: str) -> tuple[int, str]:
    """Run ``godot-live-mcp tools reference`` against the session editor's registry."""
    done = CliRunner().invoke(cli, ["tools", "reference", *args], env=editor.env, catch_exceptions=False)
    return done.exit_code, done.output


def test_the_committed_tool_reference_matches_the_live_catalogue(engine_editor: EngineEditor) -> None:
    # The session editor also loads test-only extensions; the reference documents built-in tools only.
    catalog = anyio.run(fetch_catalog, engine_editor.instance)
    problem = stale_reference_message(COMMITTED_REFERENCE, render_reference(catalog))
    assert problem is None, problem


def test_a_live_project_is_documented_with_its_extensions(
    engine_editor: EngineEditor, tmp_path: Path
) -> None:
    output = tmp_path / "tools.md"
    project = str(engine_editor.project)
    code, _ = reference(engine_editor, "--project", project, "--include-extensions", "--output", str(output))
    page = output.read_text("utf-8")
    assert code == 0
    assert "### `editor_get_info`" in page
    assert "### `harness_echo`" in page


def test_check_fails_on_a_stale_file_and_names_the_command(
    engine_editor: EngineEditor, tmp_path: Path
) -> None:
    stale = tmp_path / "tools.md"
    stale.write_text("# Tool reference\n", "utf-8")
    code, output = reference(engine_editor, "--project", str(engine_editor.project), "--check", str(stale))
    assert code == 1
    assert "regenerate it with `make docs`" in output
    assert "+- [editor](#editor)" in output


def test_a_project_without_a_live_editor_is_refused_with_a_hint(
    engine_editor: EngineEditor, tmp_path: Path
) -> None:
    project = tmp_path / "closed_project"
    project.mkdir()
    (project / "project.godot").write_text((DEMO_PROJECT / "project.godot").read_text("utf-8"), "utf-8")
    install_addon(project)
    code, output = reference(engine_editor, "--project", str(project))
    assert code == 1
    assert f"No live Godot editor for {project} is registered." in output
    assert "hint: Open the project in Godot" in output
