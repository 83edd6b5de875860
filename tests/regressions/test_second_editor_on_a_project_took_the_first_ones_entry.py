"""Regression (issue 15): a second editor opened on the same project wrote the same registry entry and
token file as the first (both were named by the project's hash), so the first editor vanished from the
registry and no client could authenticate to it any more. Each editor of a project now has an entry and
a token of its own, and both answer."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from godot_live_mcp.bridge.peer_connection import connect_peer
from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.instances.registry import live_instances
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from tests.engine.harness import EngineEditor, copy_demo_project, start_editor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def answered_pid(instance: EditorInstance) -> int:
    async with connect_peer(instance.endpoint) as connection:
        return connection.identity.pid


async def test_both_editors_of_one_project_are_registered_and_reachable(
    engine_editor: EngineEditor, tmp_path: Path, editor_logs: list[Path]
) -> None:
    project = copy_demo_project(tmp_path / "project")
    registry = tmp_path / "registry"
    env = {**engine_editor.env, REGISTRY_DIR_ENV: str(registry)}
    with (
        start_editor(project, env, tmp_path / "first.log", editor_logs) as first,
        start_editor(project, env, tmp_path / "second.log", editor_logs) as second,
    ):
        await first.wait_ready(120)
        await second.wait_ready(120)
        live = {instance.pid: instance for instance in live_instances(registry)}
        with anyio.fail_after(30):
            answers = {pid: await answered_pid(instance) for pid, instance in live.items()}

    assert set(live) == {first.pid, second.pid}
    assert len({instance.token_path for instance in live.values()}) == 2
    assert answers == {first.pid: first.pid, second.pid: second.pid}
