"""The registry under churn: while one editor stays up, a second editor on the same project, an editor on
another project and the first editor's game start and stop over and over, all rebuilding projects.json.
Every read of projects.json on the way is whole; two editors of one project have entries of their own;
at the end the registry holds exactly the editor still running."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest

from godot_live_mcp.instances.registry import live_instances, same_path_key
from tests.engine.harness import EngineEditor, copy_demo_project, start_editor
from tests.engine.instances._serving import watched_server
from tests.mcp_results import structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

ROUNDS = 3


class RegistryReads:
    """projects.json read again and again while the others write it."""

    def __init__(self, registry: Path) -> None:
        self.path = registry / "projects.json"
        self.reads = 0
        self.broken: list[str] = []
        self.twins_seen = 0  # reads listing two live editors of the one project

    async def follow(self, project: Path) -> None:
        while True:
            self.read(project)
            await anyio.sleep(0.02)  # pacing only: each read is checked, none is assumed

    async def wait_for_twins(self, project: Path) -> None:
        """Until a read lists both editors of ``project`` (each writer checks its write, so the last
        write lists every live entry); the caller bounds the wait."""
        seen = self.twins_seen
        while True:
            self.read(project)
            if self.twins_seen > seen:
                return
            await anyio.sleep(0.02)  # pacing only: the read decides

    def read(self, project: Path) -> None:
        try:
            text = self.path.read_text("utf-8")
        except FileNotFoundError:
            return
        self.reads += 1
        try:
            projects: dict[str, Any] = json.loads(text)["projects"]
        except (ValueError, KeyError, TypeError) as error:
            self.broken.append(f"{error}: {text[:200]!r}")
            return
        same = [
            e for e in projects.values() if same_path_key(Path(e["project_path"])) == same_path_key(project)
        ]
        self.twins_seen += len({e["pid"] for e in same}) == 2


async def test_projects_json_stays_whole_and_right(
    engine_editor: EngineEditor, tmp_path: Path, editor_logs: list[Path]
) -> None:
    project = copy_demo_project(tmp_path / "project")
    other = copy_demo_project(tmp_path / "other")
    registry = tmp_path / "registry"
    reads = RegistryReads(registry)
    async with watched_server(engine_editor, tmp_path, "--project", str(project), "--no-launch") as server:
        with start_editor(project, server.env, tmp_path / "main.log", editor_logs) as main:
            first = await main.wait_ready(120)
            await server.until(lambda names: "game_start" in names)

            async def games() -> None:
                for _ in range(ROUNDS):
                    structured(await server.client.call_tool("game_start", {}))
                    structured(await server.client.call_tool("game_stop", {}))

            async def editors(round_: int) -> None:
                twin = start_editor(project, server.env, tmp_path / f"twin-{round_}.log", editor_logs)
                neighbour = start_editor(other, server.env, tmp_path / f"other-{round_}.log", editor_logs)
                with twin, neighbour:
                    await twin.wait_ready(120)
                    await neighbour.wait_ready(120)
                    with anyio.fail_after(60):  # an entry is written before projects.json lists it
                        await reads.wait_for_twins(project)
                    twins = [i for i in live_instances(registry) if i.project_path == first.project_path]
                    assert {i.pid for i in twins} == {main.pid, twin.pid}
                    assert len({i.token_path for i in twins}) == 2

            async with anyio.create_task_group() as tasks:
                tasks.start_soon(reads.follow, project)
                async with anyio.create_task_group() as churn:
                    churn.start_soon(games)
                    for round_ in range(ROUNDS):
                        await editors(round_)
                tasks.cancel_scope.cancel()
            reads.read(project)
            final = json.loads((registry / "projects.json").read_text("utf-8"))["projects"]
            entries = sorted(path.name for path in (registry / "entries").glob("*.json"))
            tokens = sorted(path.name for path in (registry / "tokens").glob("*.token"))

    assert reads.broken == []
    assert reads.reads > 20
    assert [(entry["pid"], entry["runtime"]) for entry in final.values()] == [(main.pid, None)]
    stem = f"{first.project_hash}.{main.pid}"
    assert entries == [f"{stem}.json"]
    assert tokens == [f"{stem}.token"]
