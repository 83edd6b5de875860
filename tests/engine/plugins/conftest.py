"""The example plugin (examples/plugins/scene_stats) installed in this environment, and enabled for the
session project while a test module needs it."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from godot_live_mcp.plugins import ENABLED_FILE, ENTRY_POINT_GROUP, STATUS_FILE, write_enabled
from tests.engine.harness import EngineEditor

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "plugins" / "scene_stats"
PLUGIN = "scene_stats"


@pytest.fixture(scope="session")
def example_plugin() -> str:
    """The example's id, once its package is installed (``make setup`` does it; else it is done here)."""
    if not any(point.name == PLUGIN for point in entry_points(group=ENTRY_POINT_GROUP)):
        command = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        subprocess.run([*command, "--no-deps", "-e", str(EXAMPLE)], check=True)
    return PLUGIN


@pytest.fixture
def plugin_files(engine_editor: EngineEditor, example_plugin: str) -> Iterator[Path]:
    """The project's plugin files are this test's: none at the start, removed at the end."""
    project = engine_editor.project
    _remove(project)
    yield project
    _remove(project)


@pytest.fixture
def enabled(plugin_files: Path, example_plugin: str) -> str:
    """The example plugin enabled for the session project (for this test only)."""
    write_enabled(plugin_files, [example_plugin])
    return example_plugin


def _remove(project: Path) -> None:
    for name in (ENABLED_FILE, STATUS_FILE):
        (project / name).unlink(missing_ok=True)
    folder = project / ENABLED_FILE.parent
    if folder.is_dir() and not any(folder.iterdir()):
        folder.rmdir()
