"""``serve --linger``: the editor a server launched stays for the next session on the project, which
finds it ready; the registry names its owner and deadline, ``instances`` shows it, and it is never an
orphan: it quits at its deadline without clients, and at once when another editor opens the project."""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

import anyio
import pytest

from godot_live_mcp.instances._process import pid_alive
from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.instances.registry import live_instances
from tests.engine.harness import EngineEditor, copy_demo_project, mcp_client, start_editor
from tests.mcp_results import structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

WAIT_S = 90.0


def entry_of(editor: EngineEditor, project: Path, pid: int) -> EditorInstance | None:
    found = [e for e in live_instances(editor.registry) if e.project_path == project and e.pid == pid]
    return found[0] if found else None


async def until(what: str, check: Callable[[], object]) -> object:
    """``check()`` once it is truthy (looked at every 0.2 s, for at most WAIT_S)."""
    deadline = time.monotonic() + WAIT_S
    while not (value := check()):
        assert time.monotonic() < deadline, f"never: {what}"
        await anyio.sleep(0.2)
    return value


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return copy_demo_project(tmp_path / "project")


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """The servers' environment: the logs of the editors they launch go under the test's folder."""
    return {"XDG_STATE_HOME": str(tmp_path / "state")}


def launched_log(env: dict[str, str], editor_logs: list[Path]) -> str:
    """The launched editors' logs, handed to the end-of-session check too."""
    logs = sorted((Path(env["XDG_STATE_HOME"]) / "godot-live-mcp" / "log").glob("*.log"))
    editor_logs.extend(logs)
    return "\n".join(path.read_text(errors="replace") for path in logs)


async def session(editor: EngineEditor, project: Path, env: dict[str, str], minutes: str) -> int:
    """One assistant session: a serve that may launch, one call; the editor's pid."""
    async with mcp_client(editor, "--launch", "--linger", minutes, project=project, env=env) as client:
        info = structured(await client.call_tool("editor_get_info", {}))
    return int(info["editor_pid"])


async def test_the_next_session_finds_the_editor_and_another_editor_sends_it_away(
    engine_editor: EngineEditor, tmp_path: Path, editor_logs: list[Path], project: Path, env: dict[str, str]
) -> None:
    first = await session(engine_editor, project, env, "30")
    lingering = await until(
        "a deadline in the entry",
        lambda: (entry := entry_of(engine_editor, project, first)) and entry.linger_deadline_unix and entry,
    )
    listed = await anyio.run_process(
        [sys.executable, "-m", "godot_live_mcp", "instances", "--json"],
        env={**os.environ, **engine_editor.env},
    )
    async with mcp_client(engine_editor, "--launch", "--linger", "30", project=project, env=env) as client:
        second = int(structured(await client.call_tool("editor_get_info", {}))["editor_pid"])
        await until(
            "a client holds it: no deadline",
            lambda: (entry := entry_of(engine_editor, project, first)) and entry.linger_deadline_unix == 0,
        )

    other = start_editor(project, engine_editor.env, tmp_path / "other-editor.log", editor_logs)
    try:
        await other.wait_ready(120)
        await until("the lingering editor steps aside", lambda: not pid_alive(first))
    finally:
        other.stop()
    log = launched_log(env, editor_logs)

    assert isinstance(lingering, EditorInstance)
    assert lingering.linger_s == 1800
    assert lingering.owner_pid is not None
    assert 0 < lingering.linger_deadline_unix - time.time() <= 1800
    shown = [i for i in json.loads(listed.stdout.decode())["instances"] if i["pid"] == first]
    assert shown[0]["linger_deadline_unix"] == pytest.approx(lingering.linger_deadline_unix)
    assert second == first  # no second launch: the next session used the editor that stayed
    assert f"editor pid {other.pid} opened this project; this lingering one steps aside" in log


async def test_without_a_client_it_quits_at_its_deadline(
    engine_editor: EngineEditor, editor_logs: list[Path], project: Path, env: dict[str, str]
) -> None:
    pid = await session(engine_editor, project, env, "0.05")
    await until("the editor quits at its deadline", lambda: not pid_alive(pid))
    log = launched_log(env, editor_logs)
    assert "no client came within 3 s of the last one leaving (serve --linger)" in log
    assert entry_of(engine_editor, project, pid) is None
