"""An editor's whole life with the addon: where it registers, and what it leaves at a clean exit."""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest

from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.instances.launcher import EditorProcess
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV, registry_dir
from tests.engine.harness import copy_demo_project, start_editor

pytestmark = [pytest.mark.engine]

STALE_HASH = "deadbeef0000"
LEAK_LINES = re.compile(r"leaked at exit|resources still in use at exit|Leaked instance", re.IGNORECASE)


@dataclass
class FinishedEditor:
    instance: EditorInstance
    python_registry: Path
    log_text: str
    projects_while_running: dict[str, Any]
    entries_while_running: list[str]


def dead_pid() -> int:
    """The pid of a process that has exited and been reaped."""
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


def plant_stale_entry(registry: Path) -> None:
    """An entry left by an editor that died without withdrawing it."""
    entries = registry / "entries"
    entries.mkdir(parents=True)
    stale = {"schema": 1, "project_hash": STALE_HASH, "project_path": "/gone", "editor_port": 6559}
    (entries / f"{STALE_HASH}.json").write_text(json.dumps({**stale, "pid": dead_pid()}), "utf-8")


@pytest.fixture(scope="module")
def finished_editor(tmp_path_factory: pytest.TempPathFactory, editor_logs: list[Path]) -> FinishedEditor:
    """An editor with no registry override (only XDG_DATA_HOME), started verbose and stopped cleanly."""
    workspace = tmp_path_factory.mktemp("lifecycle")
    project = copy_demo_project(workspace / "project")
    xdg = workspace / "xdg"
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv(REGISTRY_DIR_ENV, raising=False)
        patch.setenv("XDG_DATA_HOME", str(xdg))
        python_registry = registry_dir()
        plant_stale_entry(python_registry)
        process: EditorProcess = start_editor(
            project, {}, workspace / "editor.log", editor_logs, extra_args=("--verbose",)
        )
        try:
            instance = anyio.run(process.wait_ready, 120.0)
            projects = json.loads((python_registry / "projects.json").read_text("utf-8"))
            entries = sorted(path.name for path in (python_registry / "entries").glob("*.json"))
        finally:
            process.stop()
    log_text = process.log_path.read_text("utf-8", errors="replace")
    return FinishedEditor(instance, python_registry, log_text, projects, entries)


def test_the_addon_and_python_agree_on_the_registry_folder(finished_editor: FinishedEditor) -> None:
    assert finished_editor.instance.token_path.parent.parent == finished_editor.python_registry


def test_a_starting_editor_prunes_the_entry_of_a_dead_one(finished_editor: FinishedEditor) -> None:
    assert STALE_HASH not in finished_editor.projects_while_running["projects"]
    assert f"{STALE_HASH}.json" not in finished_editor.entries_while_running
    assert len(finished_editor.entries_while_running) == 1


def test_a_clean_exit_withdraws_the_entry_and_the_token(finished_editor: FinishedEditor) -> None:
    registry = finished_editor.python_registry
    assert not list((registry / "entries").glob("*.json"))
    assert not finished_editor.instance.token_path.exists()


def test_a_clean_exit_leaks_nothing(finished_editor: FinishedEditor) -> None:
    leaks = [line for line in finished_editor.log_text.splitlines() if LEAK_LINES.search(line)]
    assert not leaks, "\n".join(leaks)
