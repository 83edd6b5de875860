"""A sweep's answer: a row a run (failures with their replayable script), pass rates by axis value,
and the distinct errors the games logged, counted by run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from godot_live_mcp.playtest_farm import SweepReport, Variant
from godot_live_mcp.playtest_farm._game_run import RunOutcome
from godot_live_mcp.playtest_farm._pool import RunRecord


def record(index: int, speed: int, result: dict[str, Any] | None, ended: str = "finished") -> RunRecord:
    code = None if ended == "hung" else 0 if result and result["passed"] else 1
    outcome = RunOutcome(
        code, result, 1.5, Path(f"/runs/run-{index:04d}"), ended, ["last line"] * (ended != "finished")
    )
    return RunRecord(Variant(index, {"Player:speed": speed}), outcome)


def result(passed: bool, errors: list[str] = (), x: str = "380.0") -> dict[str, Any]:  # type: ignore[assignment]
    timeline = [{"frame": 1, "kind": "watch", "text": "$Player.position.x = 10.0"}]
    timeline += [{"frame": 2, "kind": "error", "text": f"{e}  (at res://x.gd:3 in f())"} for e in errors]
    timeline += [{"frame": 9, "kind": "watch", "text": f"$Player.position.x = {x}"}]
    assertions = [{"frame": 9, "condition": "$Player.position.x > 300", "passed": passed, "seen": x}]
    return {
        "passed": passed,
        "frames": 9,
        "errors": len(errors),
        "timeline": timeline,
        "assertions": assertions,
    }


def test_rows_name_failures_their_script_and_the_last_metric_value() -> None:
    report = SweepReport(
        [
            record(0, 150, result(False, ["Boom"], x="260.0")),
            record(1, 210, result(True)),
            record(2, 210, None, "hung"),
        ],
        ["$Player.position.x"],
    )
    rows = [{k: v for k, v in row.items() if k != "wall_s"} for row in report.rows()]
    assert rows[0] == {
        "run": 0,
        "variant": "Player:speed=150",
        "passed": False,
        "frames": 9,
        "errors": 1,
        "failed": ["$Player.position.x > 300"],
        "metrics": {"$Player.position.x": "260.0"},
        "script": "/runs/run-0000/script.json",
    }
    assert rows[1] == {"run": 1, "variant": "Player:speed=210", "passed": True, "frames": 9, "errors": 0} | {
        "metrics": {"$Player.position.x": "380.0"}
    }
    assert (rows[2]["ended"], rows[2]["exit_code"], rows[2]["last_lines"]) == ("hung", None, ["last line"])
    assert not report.passed


def test_pass_rates_by_value_and_errors_counted_once_a_run_without_their_place() -> None:
    records = [
        record(0, 150, result(False, ["Boom", "Boom"])),
        record(1, 150, result(True, ["Boom"])),
        record(2, 210, result(True, ["Other"])),
    ]
    report = SweepReport(records, [])
    assert report.pass_rates() == {"Player:speed=150": "1/2", "Player:speed=210": "1/1"}
    assert report.distinct_errors() == {"Boom": 2, "Other": 1}
    assert report.table().splitlines()[-6:] == [
        "passed 2 of 3 runs",
        "  Player:speed=150: 1/2",
        "  Player:speed=210: 1/1",
        "  error in 2 runs: Boom",
        "  error in 1 run: Other",
        "  replay run 0: /runs/run-0000/script.json",
    ]
