"""The sweep half of ``godot-live-mcp playtest``: the options that vary a run (``--set``,
``--setting``, ``--recording``, ``--seeds``), turned into a Sweep and run in the local pool."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import click

from godot_live_mcp.playtest_farm import (
    CLUSTERS,
    SHOT_LIMIT,
    Axis,
    RandomInput,
    RunRecord,
    Sweep,
    SweepError,
    SweepReport,
    cluster_for,
    default_workers,
    pool_for,
    shoot_failures,
)

__all__ = ["SweepOptions", "run_sweep", "sweep_options"]


@dataclass(frozen=True)
class SweepOptions:
    """What the command line asked to vary, as given."""

    sets: tuple[str, ...]
    settings: tuple[str, ...]
    recordings: tuple[Path, ...]
    seeds: str | None
    random_actions: str | None
    random_every: int
    random_hold: str
    random_frames: int
    as_list: bool
    metrics: tuple[str, ...]
    workers: int | None
    wall_limit: float
    frame_limit: int | None
    screenshots: int
    cluster: str | None

    def wanted(self) -> bool:
        return bool(self.sets or self.settings or self.recordings or self.seeds)

    def sweep(self, script: dict[str, Any]) -> Sweep:
        axes = [_axis("set", text, "--set") for text in self.sets]
        axes += [_axis("setting", text, "--setting") for text in self.settings]
        if self.recordings:
            axes.append(Axis("recording", "recording", tuple(str(p) for p in self.recordings)))
        policy = None
        if self.seeds:
            axes.append(Axis("seed", "seed", _seeds(self.seeds)))
            policy = self._policy()
        return Sweep(script, axes, "list" if self.as_list else "product", policy, list(self.metrics))

    def _policy(self) -> RandomInput:
        if not self.random_actions:
            raise click.UsageError("--seeds needs --random-actions: the input actions it may press.")
        low, _, high = self.random_hold.partition("-")
        try:
            return RandomInput(
                tuple(a.strip() for a in self.random_actions.split(",") if a.strip()),
                self.random_every,
                (int(low), int(high or low)),
                self.random_frames,
            )
        except ValueError as error:
            raise click.UsageError(str(error)) from error


def sweep_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The sweep's options, added to the playtest command."""
    options = [
        click.option("--set", "sets", multiple=True, metavar="NODE:PROPERTY=V1,V2",
                     help="Run once per value of a node's property (JSON values): Player:speed=150,180."),
        click.option("--setting", "settings", multiple=True, metavar="NAME=V1,V2",
                     help="Run once per value of a project setting, set at frame 0."),
        click.option("--recording", "recordings", multiple=True,
                     type=click.Path(exists=True, dir_okay=False, path_type=Path),
                     help="Run once per input recording (a playtest script; its steps feed the input)."),
        click.option("--seeds", default=None, metavar="N|A-B",
                     help="Run once per random-input seed: N seeds from 1, or A to B."),
        click.option("--random-actions", default=None, metavar="A,B",
                     help="The input actions random input presses (with --seeds)."),
        click.option("--random-every", type=int, default=10, show_default=True,
                     help="Frames between random presses."),
        click.option("--random-hold", default="1-30", show_default=True, metavar="LOW-HIGH",
                     help="Frames a random press is held."),
        click.option("--random-frames", type=int, default=600, show_default=True,
                     help="Frames of random input a run plays."),
        click.option("--list", "as_list", is_flag=True,
                     help="Pair the axes' values up (first with first...) instead of every combination."),
        click.option("--metric", "metrics", multiple=True, metavar="EXPR",
                     help="An expression of the condition language whose last value the table shows."),
        click.option("--workers", type=int, default=None,
                     help="Games at once (default: one a core, fewer if memory is short)."),
        click.option("--wall-limit", type=float, default=120.0, show_default=True,
                     help="Seconds one run may take before it is stopped and reported as hung."),
        click.option("--frame-limit", type=int, default=None,
                     help="Frames one game may run before the engine quits it (reported as 'frame limit')."),
        click.option("--cluster", type=click.Choice(CLUSTERS), default=None,
                     help="Where the runs play: this machine, or the Ray cluster of RAY_ADDRESS (the default"
                     " when it is set; needs the ray extra)."),
        click.option("--screenshots", type=click.IntRange(0, 100), default=SHOT_LIMIT, show_default=True,
                     help="Failing runs replayed on a display (when one is at hand) for a picture of the "
                          "failure; 0: none."),
    ]  # fmt: skip
    for option in reversed(options):
        command = option(command)
    return command


def run_sweep(
    options: SweepOptions, script: dict[str, Any], godot: Path, project: Path, folder: Path, as_json: bool
) -> int:
    """Runs the sweep, printing a line as each run ends; exit code 0 only when every run passed."""
    try:
        runs = options.sweep(script).runs()
        cluster = cluster_for(options.cluster, os.environ)
        workers = options.workers or default_workers()
        pool = pool_for(cluster, godot, project, folder, workers, options.wall_limit, options.frame_limit)
    except SweepError as error:
        raise click.UsageError(str(error)) from error
    where = f"{workers} at once" if cluster == "local" else "on the Ray cluster"
    click.echo(f"{len(runs)} runs, {where}, in {folder}", err=True)

    async def progress(record: RunRecord, done: int, total: int) -> None:
        click.echo(f"[{done}/{total}] {record.line()}", err=True)

    async def sweep_and_shoot() -> list[RunRecord]:
        records = await pool.run(runs, progress)
        return await shoot_failures(records, godot, project, options.wall_limit, options.screenshots)

    report = SweepReport(anyio.run(sweep_and_shoot), list(options.metrics))
    if as_json:
        click.echo(json.dumps(report.summary(), indent=1))
    else:
        click.echo(report.table())
    return 0 if report.passed else 1


def _axis(kind: str, text: str, option: str) -> Axis:
    name, equals, values = text.partition("=")
    if not equals or not name or not values:
        raise click.UsageError(f"{option} {text!r}: write NAME=V1,V2, e.g. Player:speed=150,180.")
    try:
        return Axis.of(kind, name, [_value(v) for v in values.split(",")])
    except SweepError as error:
        raise click.UsageError(f"{option}: {error}") from error


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text  # a bare word is a string


def _seeds(text: str) -> tuple[int, ...]:
    first, dash, last = text.partition("-")
    try:
        low, high = (int(first), int(last)) if dash else (1, int(first))
    except ValueError as error:
        raise click.UsageError(f"--seeds {text!r}: give a count (20) or a range (1-20).") from error
    if low > high or high - low >= 10_000:
        raise click.UsageError(f"--seeds {text!r}: from 1 to 10,000 seeds, the first no more than the last.")
    return tuple(range(low, high + 1))
