"""``godot-live-mcp playtest SCRIPT --set ... --seeds ...``: a sweep of headless games of one project,
two at once, each with its own user data folder and log; the property changed per run decides the
verdict, the same sweep twice gives the same table, and a run past its frame or wall-clock limit is
reported as such instead of holding the sweep."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest

from tests.engine.harness import EngineEditor
from tests.engine.runtime.playtest_scripts import imported as imported  # a fixture

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

WALK = {
    "steps": [
        {"do": "press", "action": "move_right"},
        {"do": "step", "frames": 60},
        {"do": "release", "action": "move_right"},
        {"do": "assert", "condition": "$Player.position.x > 300"},
    ]
}


async def sweep(editor: EngineEditor, folder: Path, script: dict[str, Any], *options: str) -> tuple[int, Any]:
    """The exit code and the --json answer of a sweep of script over options."""
    script_file = folder / "walk.json"
    script_file.write_text(json.dumps(script), "utf-8")
    command = [
        sys.executable,
        "-m",
        "godot_live_mcp",
        "playtest",
        str(script_file),
        "--project",
        str(editor.project),
    ]
    command += ["--json", "--workers", "2", "--out", str(folder / "runs"), *options]
    with anyio.fail_after(300):
        ran = await anyio.run_process(command, env={**os.environ, **editor.env}, check=False)
    return ran.returncode, json.loads(ran.stdout)


def replay_steps(row: dict[str, Any]) -> list[dict[str, Any]]:
    steps: list[dict[str, Any]] = json.loads(Path(row["script"]).read_text("utf-8"))["steps"]
    return steps


def without_wall(answer: dict[str, Any]) -> list[dict[str, Any]]:
    return [{k: v for k, v in row.items() if k != "wall_s"} for row in answer["runs"]]


async def test_a_property_sweep_with_random_input_decides_by_speed_and_repeats_exactly(
    imported: EngineEditor, tmp_path: Path
) -> None:
    options: tuple[str, ...] = (
        "--set",
        "Player:speed=100,300",
        "--seeds",
        "2",
        "--random-actions",
        "jump",
        "--random-frames",
        "30",
    )
    options += ("--metric", "$Player.position.x", "--screenshots", "0")  # the table alone: cheaper
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    code, first = await sweep(imported, tmp_path / "a", WALK, *options)
    again, second = await sweep(imported, tmp_path / "b", WALK, *options)

    assert (code, again) == (1, 1)  # a run failed: the sweep did not pass
    rows = without_wall(first)
    assert [(row["variant"], row["passed"]) for row in rows] == [
        ("Player:speed=100 seed=1", False),
        ("Player:speed=100 seed=2", False),
        ("Player:speed=300 seed=1", True),
        ("Player:speed=300 seed=2", True),
    ]
    assert [row["frames"] for row in rows] == [90] * 4  # 30 frames of random input, then the walk
    assert rows[0]["failed"] == ["$Player.position.x > 300"]
    assert replay_steps(rows[0])[0] == {
        "do": "set", "node": "Player", "property": "speed", "value": 100,
    }  # fmt: skip
    assert first["pass_rates"] == {
        "Player:speed=100": "0/2",
        "Player:speed=300": "2/2",
        "seed=1": "1/2",
        "seed=2": "1/2",
    }
    # The same sweep twice: the same table, but for the folders the replay scripts lie in.
    assert [{k: v for k, v in r.items() if k != "script"} for r in rows] == [
        {k: v for k, v in r.items() if k != "script"} for r in without_wall(second)
    ]
    # Each run its own user:// (the engine's own log file shows where user:// was).
    user_logs = sorted((tmp_path / "a" / "runs").glob("run-*/data/godot/app_userdata/*/logs/godot.log"))
    assert len(user_logs) == 4


async def test_a_run_past_its_frame_or_wall_limit_is_reported_and_the_sweep_ends(
    imported: EngineEditor, tmp_path: Path
) -> None:
    long_walk = {"steps": [{"do": "step", "frames": 100000}]}
    code, frames = await sweep(
        imported, tmp_path, long_walk, "--setting", "application/run/max_fps=0", "--frame-limit", "30"
    )
    assert code == 1
    (row,) = frames["runs"]
    assert (row["passed"], row["ended"], row["exit_code"]) == (False, "frame limit", 0)

    code, wall = await sweep(
        imported, tmp_path, long_walk, "--setting", "application/run/max_fps=0", "--wall-limit", "1"
    )
    (row,) = wall["runs"]
    assert (code, row["ended"], row["exit_code"]) == (1, "hung", -9)
