"""An editor of a test module's own, on a fresh copy of the demo project, for tests that plant links, secrets
or hostile files the shared session editor must never see."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import anyio

from tests.engine.harness import EngineEditor, copy_demo_project, start_editor


@contextmanager
def own_editor(
    workspace: Path, editor_logs: list[Path], prepare: Callable[[Path], None] | None = None
) -> Iterator[EngineEditor]:
    """A headless editor on workspace/project (prepare(project) runs before it starts)."""
    project = copy_demo_project(workspace / "project")
    if prepare is not None:
        prepare(project)
    registry = workspace / "registry"
    env = {"GODOT_MCP_REGISTRY_DIR": str(registry)}
    with start_editor(project, env, workspace / "editor.log", editor_logs) as process:
        instance = anyio.run(process.wait_ready, 120.0)
        yield EngineEditor(project, registry, process.log_path, env, process, instance, workspace)
