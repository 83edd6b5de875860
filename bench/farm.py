"""Playtest sweeps (issue 25): runs a minute on the local pool with 1 and 2 workers (the scaling
ratio), the same sweep on a Ray cluster of 2 CPUs on this machine (one node; a head and a worker with
--ray-nodes 2: the overhead ratio, the start-up cost, the snapshot's size), a 100-run sweep of the
example level at 600 frames a run, and whether a sweep run twice gives the same table. Prints figures;
exits 1 when two runs of one sweep disagree.

Copies the demo project to a temporary folder, imports it once, then runs seeded random-input sweeps
(move_left, move_right, jump) of 600 frames a run, each run a headless game without an editor. The Ray
cluster is tests/engine/playtest_farm/loopback_ray.py's (loopback only; ``--no-ray`` skips it).

    PYTHONPATH=. python bench/farm.py [--runs 100] [--scaling-runs 8] [--ray-runs 120] [--ray-nodes 1|2]
                                       [--no-ray]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import anyio
from rich.console import Console
from rich.table import Table

from godot_live_mcp.godot.locator import find_godot
from godot_live_mcp.playtest_farm import Axis, LocalPool, RandomInput, Sweep, SweepReport, default_workers
from godot_live_mcp.playtest_farm._ray_pool import RayPool
from godot_live_mcp.playtest_farm._snapshot import ProjectSnapshot
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


def on_ray(project: Path, folder: Path, runs: int, nodes: int) -> dict[str, object]:
    """The sweep on a loopback Ray cluster of 2 CPUs on 1 or 2 nodes (a driver in its network namespace):
    its wall time, the start-up cost (to the first finished run, less that run's own time), the table."""
    (folder / "cluster").mkdir(parents=True)
    from tests.engine.playtest_farm.loopback_ray import LoopbackRay  # the checkout's root is on the path

    # Ray starts task workers at niceness 15: games that yield to the rest of a busy machine, where the
    # local pool's do not. The comparison is of the same priority.
    same_priority = {"RAY_worker_niceness": "0"}
    cpus = (2, 0) if nodes == 1 else (1, 1)
    with LoopbackRay(folder / "cluster", *cpus, same_priority) as cluster:  # stopped by pid
        driver = [sys.executable, __file__, "--ray-driver", str(project), str(folder / "runs"), str(runs)]
        done = subprocess.run(cluster.inside(*driver), env=cluster.env(), capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"the Ray driver failed (exit {done.returncode}):\n{done.stderr[-3000:]}")
    figures: dict[str, object] = json.loads(done.stdout)
    return figures


def ray_driver(project: Path, folder: Path, runs: int) -> None:
    """In the cluster's namespace: the sweep on RAY_ADDRESS, its figures as JSON on stdout."""
    first: list[float] = []

    async def finished(record: object, done: int, total: int) -> None:
        first.append(time.perf_counter())

    began = time.perf_counter()
    records = anyio.run(RayPool(project, folder, None, 300).run, sweep_of(runs).runs(), finished)
    wall = time.perf_counter() - began
    startup = first[0] - began - min(r.outcome.wall_s for r in records)
    rows = [comparable(row) for row in SweepReport(records, []).rows()]
    run_wall = sum(r.outcome.wall_s for r in records) / len(records)
    sizes = {name: mean_size(folder, name) for name in ("script.json", "result.json", "game.log")}
    print(
        json.dumps(
            {"wall_s": wall, "startup_s": startup, "run_wall_s": run_wall, "rows": rows, "bytes": sizes}
        )
    )


def mean_size(folder: Path, name: str) -> float:
    """The mean size of the runs' ``name``: what a run ships out (its script) or back (result, log)."""
    sizes = [path.stat().st_size for path in folder.glob(f"run-*/{name}")]
    return sum(sizes) / max(1, len(sizes))


def ray_figures(console: Console, godot: Path, project: Path, folder: Path, runs: int, nodes: int) -> bool:
    """The same sweep on 2 local workers, then on Ray with 2 CPUs; whether both gave the same table."""
    snapshot = ProjectSnapshot.stage(project, folder / "snapshot", folder)
    local_wall, report = timed(godot, project, folder / "local", runs, 2)
    ray = on_ray(project, folder / "ray", runs, nodes)
    wall, startup, run_wall = (float(str(ray[key])) for key in ("wall_s", "startup_s", "run_wall_s"))
    console.print(
        f"{runs} runs: 2 local workers {local_wall:.1f} s ({runs / local_wall * 60:.1f} runs/min), Ray with "
        f"2 CPUs on {nodes} node{'s' if nodes > 1 else ''} {wall:.1f} s ({runs / wall * 60:.1f} runs/min): "
        f"overhead {wall / local_wall - 1:+.0%}, {(wall - startup) / local_wall - 1:+.0%} after start-up "
        "(target at most +20%)"
    )
    run_local = sum(r.outcome.wall_s for r in report.records) / len(report.records)
    console.print(
        f"Ray start-up (connect, snapshot upload): {startup:.1f} s; a run's mean wall time "
        f"{run_wall:.1f} s on Ray, {run_local:.1f} s locally"
    )
    console.print(f"snapshot: {snapshot.files} files, {snapshot.size_bytes / 2**20:.2f} MiB")
    sizes = ray["bytes"]
    assert isinstance(sizes, dict)
    console.print(f"a run's bytes, mean: {', '.join(f'{name} {size:.0f}' for name, size in sizes.items())}")
    local_rows = json.loads(json.dumps([comparable(row) for row in report.rows()]))  # as the driver's
    return bool(ray["rows"] == local_rows)


def comparable(row: dict[str, object]) -> dict[str, object]:
    """A row without what differs between two sweeps of the same runs: its wall time and folder."""
    return {key: value for key, value in row.items() if key not in ("wall_s", "script")}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=100, help="runs of the big sweep (the issue's 100)")
    parser.add_argument("--scaling-runs", type=int, default=8, help="runs of each scaling sweep")
    parser.add_argument(
        "--ray-runs",
        type=int,
        default=120,
        help="runs of the sweep on Ray and its local twin (about a minute)",
    )
    parser.add_argument("--no-ray", action="store_true", help="leave out the sweep on a Ray cluster")
    parser.add_argument(
        "--ray-nodes", type=int, choices=(1, 2), default=1,
        help="Ray nodes sharing this machine's 2 CPUs (1: the one-machine figure; 2: a head and a worker)",
    )  # fmt: skip
    parser.add_argument(
        "--ray-driver", nargs=3, metavar=("PROJECT", "FOLDER", "RUNS"), help=argparse.SUPPRESS
    )
    options = parser.parse_args()
    if options.ray_driver:
        project, runs_folder, runs = options.ray_driver
        ray_driver(Path(project), Path(runs_folder), int(runs))
        return 0
    godot = find_godot().path
    with tempfile.TemporaryDirectory(prefix="bench-farm-") as temp:
        folder = Path(temp)
        project = imported_demo(godot, folder)
        table = Table("sweep", "runs", "workers", "wall s", "runs/min", "passed")
        walls: dict[int, float] = {}
        reports: dict[int, SweepReport] = {}
        for workers in (1, 2):
            walls[workers], reports[workers] = timed(
                godot, project, folder / f"scaling-{workers}", options.scaling_runs, workers
            )
            table.add_row(
                "scaling", *figures(options.scaling_runs, workers, walls[workers], reports[workers])
            )
        workers = default_workers()
        wall, report = timed(godot, project, folder / "big", options.runs, workers)
        table.add_row(f"{FRAMES} frames a run", *figures(options.runs, workers, wall, report))
        console = Console(highlight=False)
        console.print(table)
        console.print(f"scaling, 2 workers against 1: {walls[1] / walls[2]:.2f}x (target 1.7x)")
        console.print(f"{options.runs}-run sweep: {wall:.0f} s (target under 180 s on two cores)")
        tables = [[comparable(row) for row in reports[n].rows()] for n in (1, 2)]
        same = tables[0] == tables[1]
        console.print(f"the same sweep with 1 and 2 workers gives the same table: {same}")
        if not options.no_ray:
            same_on_ray = ray_figures(console, godot, project, folder, options.ray_runs, options.ray_nodes)
            same = same and same_on_ray
            console.print(f"the same sweep on Ray and on 2 local workers gives the same table: {same_on_ray}")
        console.print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0 if same else 1


def figures(runs: int, workers: int, wall: float, report: SweepReport) -> list[str]:
    passed = sum(r.outcome.passed for r in report.records)
    return [str(runs), str(workers), f"{wall:.1f}", f"{runs / wall * 60:.1f}", str(passed)]


if __name__ == "__main__":
    sys.exit(main())
