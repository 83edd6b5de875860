"""An editor that finds the machine-wide registry lock held by another process (a rebuild of
projects.json paused by a busy machine) keeps running: it answers calls while the other still holds
the lock, and writes projects.json once the lock is free (instances/instance_registry.gd)."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import anyio
import pytest

from godot_live_mcp.instances.registry import live_instances
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from tests.engine.authoring._helpers import call
from tests.engine.harness import EngineEditor, copy_demo_project, mcp_client, start_editor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_an_editor_answers_while_another_process_holds_the_registry_lock(
    engine_editor: EngineEditor, tmp_path: Path, editor_logs: list[Path]
) -> None:
    project = copy_demo_project(tmp_path / "project")
    registry = tmp_path / "registry"
    lock = registry / "projects.lock"
    lock.mkdir(parents=True)
    # This live process holds it, stamped ahead so it never turns stale while the test runs.
    stamp = f"{os.getpid()}:{int(time.time() * 1000) + 3_600_000}"
    (lock / "owner").write_text(stamp)
    env = {**engine_editor.env, REGISTRY_DIR_ENV: str(registry)}
    with start_editor(project, env, tmp_path / "editor.log", editor_logs) as editor:
        try:
            await editor.wait_ready(120)
            async with mcp_client(engine_editor, project=project, env=env) as client:
                info = await call(client, "editor_get_info", {})
            assert (lock / "owner").read_text() == stamp, "the editor took the lock from its live holder"
            assert not (registry / "projects.json").exists()
            assert info["godot_version"]
        finally:
            shutil.rmtree(lock)
        with anyio.fail_after(60):
            while True:
                if (registry / "projects.json").exists():
                    break
                await anyio.sleep(0.05)  # pacing only: the editor's rebuild decides
        assert editor.pid in {instance.pid for instance in live_instances(registry)}
