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
from tests.engine.harness import EngineEditor, two_editors_of_one_project

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def answered_pid(instance: EditorInstance) -> int:
    async with connect_peer(instance.endpoint) as connection:
        return connection.identity.pid


async def test_both_editors_of_one_project_are_registered_and_reachable(
    engine_editor: EngineEditor, tmp_path: Path, editor_logs: list[Path]
) -> None:
    async with two_editors_of_one_project(engine_editor, tmp_path, editor_logs) as editors:
        first, second, live = editors.first, editors.second, editors.live
        with anyio.fail_after(30):
            answers = {pid: await answered_pid(instance) for pid, instance in live.items()}

    assert set(live) == {first.pid, second.pid}
    assert len({instance.token_path for instance in live.values()}) == 2
    assert answers == {first.pid: first.pid, second.pid: second.pid}
