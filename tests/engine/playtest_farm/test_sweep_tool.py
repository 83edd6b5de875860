"""``playtest_sweep`` through MCP: the rows and pass rates of a property sweep with a progress report per
finished run and the failing run's screenshot, and a cancelled sweep leaves none of its games running."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import anyio
import pytest
from mcp.client import Client

from tests.engine.harness import EngineEditor
from tests.engine.playtest_farm.test_local_sweep import WALK
from tests.engine.runtime.playtest_scripts import imported as imported  # a fixture

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


def sweep_games(project: Path) -> list[int]:
    """Pids of the games a sweep started on project (their command line names the sweep's script)."""
    found = []
    for proc in Path("/proc").iterdir():
        try:
            line = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"user://mcp_sweep/script.json" in line and str(project).encode() in line:
            found.append(int(proc.name))
    return found


async def test_a_sweep_answers_a_row_a_run_and_reports_each_run_as_it_ends(
    imported: EngineEditor, tools: Client
) -> None:
    heard: list[str] = []

    async def progress(progress: float, total: float | None, message: str | None) -> None:
        heard.append(f"{progress:.0f}/{total:.0f} {message}")

    answer = await tools.call_tool(
        "playtest_sweep",
        {
            "script": WALK,
            "set": {"Player:speed": [100, 300]},
            "metrics": ["$Player.position.x"],
            "workers": 2,
        },
        progress_callback=progress,
    )
    result = answer.structured_content
    assert result is not None, answer.content
    assert (result["passed"], result["total_runs"]) == (False, 2)
    assert [(row["variant"], row["passed"]) for row in result["runs"]] == [
        ("Player:speed=100", False),
        ("Player:speed=300", True),
    ]
    assert result["pass_rates"] == {"Player:speed=100": "0/1", "Player:speed=300": "1/1"}
    # The failing run, replayed on a private display, is pictured in its folder; the passing one is not.
    assert result["runs"][0]["screenshot"].endswith("run-0000/failure.png")
    assert "screenshot" not in result["runs"][1]
    # A report as each run ends, in whichever order the two games finish.
    assert sorted(message.split(" ", 1)[0] for message in heard) == ["1/2", "2/2"]
    assert sorted(message.split(" ", 1)[1] for message in heard) == [
        "run 0 fail: Player:speed=100",
        "run 1 pass: Player:speed=300",
    ]


async def until(what: str, check: Callable[[], bool], limit_s: float) -> None:
    """Until ``check()`` holds (looked at every 0.1 s), failing after ``limit_s``."""
    deadline = time.monotonic() + limit_s
    while not check():
        assert time.monotonic() < deadline, f"never: {what}"
        await anyio.sleep(0.1)


async def test_a_cancelled_sweep_stops_every_game_it_started(imported: EngineEditor, tools: Client) -> None:
    long_run = {"steps": [{"do": "step", "frames": 100000}]}
    arguments = {
        "script": long_run,
        "seeds": 4,
        "random_input": {"actions": ["jump"], "frames": 10},
        "workers": 2,
    }
    async with anyio.create_task_group() as group:
        group.start_soon(partial(tools.call_tool, "playtest_sweep", arguments))
        await until("both workers' games run", lambda: len(sweep_games(imported.project)) == 2, 120)
        group.cancel_scope.cancel()  # the client cancels the call
    await until("the server stopped them", lambda: not sweep_games(imported.project), 60)
