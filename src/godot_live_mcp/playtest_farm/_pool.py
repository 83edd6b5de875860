"""The local pool: a sweep's runs as headless games on this machine, as many at once as it has cores
and memory for, each result handed on as soon as its game ends."""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio

from godot_live_mcp.playtest_farm._game_run import GameRun, RunOutcome
from godot_live_mcp.playtest_farm._sweep import Run, Variant

__all__ = ["LocalPool", "OnFinished", "RunRecord", "default_workers"]

# A headless game of the example project peaks at about 150 MiB resident (measured with
# /usr/bin/time -v); 256 MiB a game leaves room for a bigger level. 1 GiB stays for everything else.
GAME_MEMORY_BYTES = 256 * 2**20
RESERVED_BYTES = 2**30


def default_workers() -> int:
    """Games at once: one a core, fewer when the available memory holds fewer."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    available = _available_memory()
    by_memory = max(1, (available - RESERVED_BYTES) // GAME_MEMORY_BYTES) if available else cores
    return max(1, min(cores, by_memory))


def _available_memory() -> int:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


@dataclass(frozen=True)
class RunRecord:
    variant: Variant
    outcome: RunOutcome

    def line(self) -> str:
        """The progress line of a finished run: ``run 3 fail: Player:speed=150``."""
        return f"run {self.variant.index} {self.outcome.verdict}: {self.variant.label()}"


# Told of each finished run: its record, the runs done and the runs in all.
OnFinished = Callable[[RunRecord, int, int], Awaitable[None]]


@dataclass(frozen=True)
class LocalPool:
    """Runs on this machine: ``workers`` games at once."""

    godot: Path
    project: Path
    folder: Path
    workers: int
    wall_limit_s: float = 120.0
    frame_limit: int | None = None

    async def run(self, runs: list[Run], on_finished: OnFinished | None = None) -> list[RunRecord]:
        """Each run (a variant and its script, Sweep.runs()), in variant order; ``on_finished(record,
        done, total)`` as each ends. Cancelled, it stops every game it started."""
        records: dict[int, RunRecord] = {}
        limiter = anyio.CapacityLimiter(self.workers)

        async def one(variant: Variant, script: dict[str, Any]) -> None:
            async with limiter:
                folder = variant.folder_in(self.folder)
                game = GameRun(self.godot, self.project, folder, self.frame_limit, self.wall_limit_s)
                record = RunRecord(variant, await game.play(script))
            records[variant.index] = record
            if on_finished is not None:
                await on_finished(record, len(records), len(runs))

        async with anyio.create_task_group() as group:
            for variant, script in runs:
                group.start_soon(one, variant, script)
        return [records[variant.index] for variant, _ in runs]
