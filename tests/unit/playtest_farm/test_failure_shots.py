"""Which runs a sweep replays for a screenshot, how a replay is judged to agree with its run, and what the
answer says of it: the screenshot's path on a failing run, a replay that failed elsewhere, nothing else."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from godot_live_mcp.playtest_farm import SweepReport, shoot_failures
from godot_live_mcp.playtest_farm._failure_shots import failure_point
from godot_live_mcp.playtest_farm._game_run import GameRun, RunOutcome
from tests.unit.playtest_farm.test_report import record, result

pytestmark = pytest.mark.anyio


def test_the_failure_point_is_the_first_failed_assertion_else_the_stopping_step() -> None:
    failed = result(False)
    assert failure_point(failed) == "frame 9: $Player.position.x > 300"
    stopped = result(True) | {"stopped": {"step": 3, "code": "TIMEOUT", "error": "..."}}
    assert failure_point(stopped) == "step 3: TIMEOUT"
    assert failure_point(result(True)) == "no failure"
    assert failure_point(None) == "no result"


async def test_a_sweep_without_a_failing_run_starts_no_display_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def no_display(**_: object) -> None:
        raise AssertionError("a display was started for a sweep that needs none")

    monkeypatch.setattr("godot_live_mcp.playtest_farm._failure_shots.start_display", no_display)
    records = [record(0, 210, result(True)), record(1, 150, None, "hung")]  # a hung run replays nothing
    assert await shoot_failures(records, Path("godot"), Path("project"), 10.0) is records
    failing = [record(0, 150, result(False))]
    assert await shoot_failures(failing, Path("godot"), Path("project"), 10.0, limit=0) is failing


def test_the_answer_names_a_failing_runs_screenshot_or_why_it_has_none() -> None:
    shot = record(0, 150, result(False))
    shot = replace(shot, outcome=replace(shot.outcome, screenshot=Path("/runs/run-0000/failure.png")))
    other = record(1, 160, result(False))
    why = "the replay on a display failed at frame 8: x, not at frame 9: x (/runs/run-0001/replay)"
    other = replace(other, outcome=replace(other.outcome, replay=why))
    report = SweepReport([shot, other, record(2, 210, result(True))], [])
    first, second, passing = report.rows()
    assert first["screenshot"] == "/runs/run-0000/failure.png"
    assert "replay" not in first
    assert (second["replay"], "screenshot" in second) == (why, False)
    assert not {"screenshot", "replay"} & set(passing)
    lines = report.table().splitlines()
    assert "  screenshot of run 0: /runs/run-0000/failure.png" in lines
    assert f"  run 1: {why}" in lines


async def test_a_replay_that_fails_elsewhere_gives_no_screenshot_and_says_where(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    run = record(0, 150, result(False))
    run = replace(run, outcome=replace(run.outcome, folder=tmp_path))
    (tmp_path / "script.json").write_text('{"steps": []}', "utf-8")

    @asynccontextmanager
    async def a_display(_: Path) -> AsyncIterator[dict[str, str]]:
        yield {"DISPLAY": ":99"}

    async def elsewhere(game: GameRun, script: dict[str, Any]) -> RunOutcome:
        game.folder.mkdir(parents=True)
        (game.folder / "failure.png").write_bytes(b"png")
        moved = result(False) | {"assertions": [{"frame": 8, "condition": "x", "passed": False}]}
        return RunOutcome(1, moved, 1.0, game.folder, screenshot=game.folder / "failure.png")

    monkeypatch.setattr("godot_live_mcp.playtest_farm._failure_shots._display", a_display)
    monkeypatch.setattr(GameRun, "play", elsewhere)
    (shot,) = await shoot_failures([run], Path("godot"), Path("project"), 10.0)
    assert shot.outcome.screenshot is None
    assert shot.outcome.replay == (
        f"the replay on a display failed at frame 8: x, not at frame 9: $Player.position.x > 300 "
        f"({tmp_path / 'replay'})"
    )
    assert (tmp_path / "replay" / "failure.png").is_file()  # kept, with the replay's log, to look into
