"""Screenshots of a sweep's failing runs: runs stay headless (cheap); once the sweep is done, the first
few failing runs are replayed one by one on a display, where the game saves the viewport at the first
failure into the run's folder. A run in stepped time is deterministic, so the replay fails where the
headless run did; when it does not, the run says so instead of showing a picture of something else."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import anyio

from godot_live_mcp.godot.display import DisplayError, rendering_env, start_display
from godot_live_mcp.playtest_farm._game_run import SHOT_NAME, GameRun, RunOutcome
from godot_live_mcp.playtest_farm._pool import RunRecord
from godot_live_mcp.sandbox import tied

__all__ = ["SHOT_LIMIT", "shoot_failures"]

SHOT_LIMIT = 5  # replays a sweep pays for at most: each renders the run in software, frame by frame
_REPLAY = "replay"  # the replay's own folder inside the run's: its log and result, kept when it differs


async def shoot_failures(
    records: list[RunRecord], godot: Path, project: Path, wall_limit_s: float, limit: int = SHOT_LIMIT
) -> list[RunRecord]:
    """``records`` with a screenshot on each of the first ``limit`` runs that failed (an assertion, a
    stopped step), when a display is at hand; unchanged without one, or without such runs."""
    chosen = [record for record in records if record.outcome.verdict == "fail"][:limit]
    if not chosen:
        return records
    shot: dict[int, RunOutcome] = {}
    async with _display(godot) as env:
        if env is None:
            return records
        for record in chosen:
            shot[record.variant.index] = await _replay(record.outcome, godot, project, wall_limit_s, env)
    return [RunRecord(r.variant, shot.get(r.variant.index, r.outcome)) for r in records]


async def _replay(
    outcome: RunOutcome, godot: Path, project: Path, wall_limit_s: float, env: dict[str, str]
) -> RunOutcome:
    """``outcome`` with the screenshot its replay took, or why there is none."""
    folder = outcome.folder / _REPLAY
    script: dict[str, Any] = json.loads((outcome.folder / "script.json").read_text("utf-8"))
    again = await GameRun(godot, project, folder, None, wall_limit_s, env).play(script)
    expected, seen = failure_point(outcome.result), failure_point(again.result)
    if again.screenshot is None or seen != expected:
        why = f"failed at {seen}, not at {expected}" if seen != expected else "saved no picture"
        return replace(outcome, replay=f"the replay on a display {why} ({folder})")
    picture = outcome.folder / SHOT_NAME
    shutil.move(again.screenshot, picture)
    shutil.rmtree(folder, ignore_errors=True)
    return replace(outcome, screenshot=picture)


def failure_point(result: dict[str, Any] | None) -> str:
    """Where a run first failed: its first failed assertion and frame, or the step that stopped it."""
    if result is None:
        return "no result"
    for assertion in result.get("assertions", []):
        if not assertion.get("passed"):
            return f"frame {assertion.get('frame')}: {assertion.get('condition')}"
    stopped = result.get("stopped")
    if isinstance(stopped, dict):
        return f"step {stopped.get('step')}: {stopped.get('code')}"
    return "no failure"


@asynccontextmanager
async def _display(godot: Path) -> AsyncIterator[dict[str, str] | None]:
    """What a game needs to draw: a private Xvfb started here (stopped after, and tied to this process),
    else the DISPLAY this process has; None without either. The private one comes first: nothing opens
    on a person's screen."""
    try:
        screen = await anyio.to_thread.run_sync(lambda: start_display(wrap=tied))
    except DisplayError:
        given = os.environ.get("DISPLAY")
        yield {"DISPLAY": given, **rendering_env(godot)} if given else None
        return
    with screen:
        yield screen.env_for(godot)
