"""Playtest sweeps on the local pool (issue 25): runs a minute with 1 and 2 workers (the scaling
ratio), a 100-run sweep of the example level at 600 frames a run, and whether a sweep run twice gives
the same table. Prints figures; exits 1 when two runs of one sweep disagree.

Copies the demo project to a temporary folder, imports it once, then runs seeded random-input sweeps
(move_left, move_right, jump) of 600 frames a run, each run a headless game without an editor.

    python bench/farm.py [--runs 100] [--scaling-runs 8]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import anyio
from rich.console import Console
from rich.table import Table

from godot_live_mcp.godot.locator import find_godot
from godot_live_mcp.playtest_farm import Axis, LocalPool, RandomInput, Sweep, SweepReport, default_workers
from support.imported_demo import imported_demo  # bench/ is the script's own folder

FRAMES = 600
POLICY = RandomInput(("move_left", "move_right", "jump"), every=10, hold=(1, 30), frames=FRAMES)
CHECKS = {"steps": [{"do": "assert", "condition": "GameState.score >= 0"}]}


def sweep_of(runs: int) -> Sweep:
    return Sweep(CHECKS, [Axis("seed", "seed", tuple(range(1, runs + 1)))], random_input=POLICY)


def timed(godot: Path, project: Path, folder: Path, runs: int, workers: int) -> tuple[float, SweepReport]:
    pool = LocalPool(godot, project, folder, workers, wall_limit_s=300)
    began = time.perf_counter()
    records = anyio.run(pool.run, sweep_of(runs).runs())
    return time.perf_counter() - began, SweepReport(records, [])


def comparable(row: dict[str, object]) -> dict[str, object]:
    """A row without what differs between two sweeps of the same runs: its wall time and folder."""
    return {key: value for key, value in row.items() if key not in ("wall_s", "script")}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=100, help="runs of the big sweep (the issue's 100)")
    parser.add_argument("--scaling-runs", type=int, default=8, help="runs of each scaling sweep")
    options = parser.parse_args()
    godot = find_godot().path
    with tempfile.TemporaryDirectory(prefix="bench-farm-") as temp:
        folder = Path(temp)
        project = imported_demo(godot, folder)
        table = Table("sweep", "runs", "workers", "wall s", "runs/min", "passed")
        rates: dict[int, float] = {}
        tables: list[list[dict[str, object]]] = []
        for workers in (1, 2):
            wall, report = timed(godot, project, folder / f"scaling-{workers}", options.scaling_runs, workers)
            rates[workers] = options.scaling_runs / wall * 60
            tables.append([comparable(row) for row in report.rows()])
            passed = str(sum(r.outcome.passed for r in report.records))
            table.add_row(
                "scaling",
                str(options.scaling_runs),
                str(workers),
                f"{wall:.1f}",
                f"{rates[workers]:.1f}",
                passed,
            )
        workers = default_workers()
        wall, report = timed(godot, project, folder / "big", options.runs, workers)
        passed = str(sum(r.outcome.passed for r in report.records))
        rate = f"{options.runs / wall * 60:.1f}"
        table.add_row(f"{FRAMES} frames a run", str(options.runs), str(workers), f"{wall:.1f}", rate, passed)
        console = Console(highlight=False)
        console.print(table)
        console.print(f"scaling, 2 workers against 1: {rates[2] / rates[1]:.2f}x (target 1.7x)")
        console.print(f"{options.runs}-run sweep: {wall:.0f} s (target under 180 s on two cores)")
        same = tables[0] == tables[1]
        console.print(f"the same sweep with 1 and 2 workers gives the same table: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
