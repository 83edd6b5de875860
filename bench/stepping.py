"""Stepped time on the demo level: how fast, how exact. Prints figures; exits 1 when a run is not exact.

Starts a headless editor on a temporary copy of the demo project and one ``godot-live-mcp serve`` over stdio
(official SDK client), then measures, on games started with ``game_start`` (unthrottled, ``--fixed-fps``):
the wall time of ``runtime_step`` over 600 physics frames of the level (target: at most 200 ms, 50x real
time; also shown for a game on a private display); two fresh runs stepped alike (they must end in
identical states); a recorded session replayed (it must end where the recording did); and free-running
play, whose pace must stay within 2% of real time (and of four times real time at ``speed`` 4).

    python bench/stepping.py [--repeats 5] [--window 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
from mcp.client import Client
from mcp.client.stdio import stdio_client
from rich.console import Console
from rich.table import Table

from godot_live_mcp.instances.launcher import launch_editor
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from support.demo_project import demo_copy  # bench/ is the script's own folder
from support.serve import serve_params

FRAMES = 600
TICKS_PER_SECOND = 60
TARGET_STEP_MS = 200.0
TARGET_PACE_ERROR = 0.02
RECORDING = "user://mcp_recordings/bench_stepping.tres"
PLAYER_START = [160, 564]

console = Console(highlight=False, width=max(Console().width, 110))


@dataclass
class Figures:
    step_ms: list[float] = field(default_factory=list)
    step_on_display_ms: list[float] = field(default_factory=list)
    fresh_runs_identical: bool = False
    replay_exact: bool = False
    pace: dict[float, float] = field(default_factory=dict)  # speed -> game time / wall time
    end_state: dict[str, Any] = field(default_factory=dict)


async def call(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(tool, arguments)
    if result.is_error or not isinstance(result.structured_content, dict):
        raise RuntimeError(f"{tool} failed: {result.content}")
    return result.structured_content


async def state(client: Client) -> dict[str, Any]:
    """The level's moving parts: the player's position and velocity, the score, the coins left."""
    node = await call(client, "runtime_get_node", node_path="Player", names=["position", "velocity"])
    values = {row["name"]: row["value"] for row in node["properties"]}
    score = await call(client, "execute_code", code="GameState.score")
    coins = await call(client, "execute_code", code="tree.get_nodes_in_group('coins').size()")
    return {**values, "score": score["value"], "coins_left": coins["value"]}


async def timed_step(client: Client, frames: int) -> float:
    began = time.perf_counter()
    stepped = await call(client, "runtime_step", frames=frames)
    elapsed_ms = (time.perf_counter() - began) * 1000
    if stepped["frames_stepped"] != frames:
        raise RuntimeError(f"stepped {stepped['frames_stepped']} of {frames} frames")
    return elapsed_ms


async def play_the_level(client: Client) -> float:
    """Run right, jump over the first coin's height, keep running: 600 frames in two steps."""
    await call(client, "input_action_press", action="move_right")
    first = await timed_step(client, 30)
    await call(client, "input_action_tap", action="jump")
    rest = await timed_step(client, FRAMES - 30)
    await call(client, "input_action_release", action="move_right")
    return first + rest


async def fresh_run(client: Client) -> tuple[dict[str, Any], float]:
    await call(client, "game_start")
    try:
        await call(client, "runtime_pause")
        elapsed_ms = await play_the_level(client)
        return await state(client), elapsed_ms
    finally:
        await call(client, "game_stop")


async def reset(client: Client) -> None:
    await call(client, "runtime_pause")
    await call(client, "runtime_set_property", node_path="Player", property="position", value=PLAYER_START)
    await call(client, "runtime_set_property", node_path="Player", property="velocity", value=[0, 0])
    await call(client, "runtime_step", frames=2)


async def record_and_replay(client: Client) -> bool:
    await reset(client)
    await call(client, "input_record", phase="start")
    await play_the_level(client)
    await call(client, "input_record", phase="stop", path=RECORDING)
    recorded = await state(client)
    await reset(client)
    await call(client, "input_replay", path=RECORDING)
    return await state(client) == recorded


async def pace(client: Client, speed: float, window_s: float) -> float:
    """Game seconds per wall second while free-running at ``speed``, over ``window_s``."""
    await call(client, "runtime_resume", speed=speed)
    await anyio.sleep(0.5)  # past the first frames after the resume
    before = await call(client, "runtime_get_performance")
    began = time.perf_counter()
    await anyio.sleep(window_s)
    after = await call(client, "runtime_get_performance")
    elapsed = time.perf_counter() - began
    await call(client, "runtime_pause")
    frames = int(after["game_frame"]) - int(before["game_frame"])
    return frames / TICKS_PER_SECOND / elapsed


async def measure(client: Client, repeats: int, window_s: float) -> Figures:
    figures = Figures()
    first, first_ms = await fresh_run(client)
    second, second_ms = await fresh_run(client)
    figures.fresh_runs_identical = first == second
    figures.end_state = first
    figures.step_ms += [first_ms, second_ms]
    await call(client, "game_start")
    try:
        await call(client, "runtime_pause")
        for _ in range(repeats):
            await reset(client)
            figures.step_ms.append(await play_the_level(client))
        figures.replay_exact = await record_and_replay(client)
        for speed in (1.0, 4.0):
            figures.pace[speed] = await pace(client, speed, window_s)
    finally:
        await call(client, "game_stop")
    figures.step_on_display_ms = await steps_on_a_display(client, repeats)
    return figures


async def steps_on_a_display(client: Client, repeats: int) -> list[float]:
    """The same 600 frames of a game drawing on a private display (nothing is drawn while stepping)."""
    await call(client, "game_start", display=True)
    try:
        await call(client, "runtime_pause")
        timings = []
        for _ in range(repeats):
            await reset(client)
            timings.append(await play_the_level(client))
        return timings
    finally:
        await call(client, "game_stop")


def report(figures: Figures) -> bool:
    median_ms = statistics.median(figures.step_ms)
    table = Table(title=f"Stepping the demo level ({FRAMES} physics frames at {TICKS_PER_SECOND} per second)")
    table.add_column("figure")
    table.add_column("value", justify="right")
    table.add_column("target")
    table.add_row(
        f"{FRAMES} frames stepped, median of {len(figures.step_ms)} (ms)",
        f"{median_ms:.1f}",
        _verdict(median_ms <= TARGET_STEP_MS, f"<= {TARGET_STEP_MS:.0f}"),
    )
    table.add_row("  min / max (ms)", f"{min(figures.step_ms):.1f} / {max(figures.step_ms):.1f}", "")
    table.add_row("  times real time", f"{FRAMES / TICKS_PER_SECOND * 1000 / median_ms:.0f}x", "")
    on_display = figures.step_on_display_ms
    table.add_row(
        f"  on a private display, median of {len(on_display)} (ms)",
        f"{statistics.median(on_display):.1f}",
        "",
    )
    identical = figures.fresh_runs_identical
    table.add_row("two fresh runs identical", str(identical), _verdict(identical))
    table.add_row("record, then replay exact", str(figures.replay_exact), _verdict(figures.replay_exact))
    for speed, rate in figures.pace.items():
        error = abs(rate / speed - 1)
        table.add_row(
            f"free-running at speed {speed:g}: game s per wall s",
            f"{rate:.4f}",
            _verdict(error <= TARGET_PACE_ERROR, f"within 2% ({error * 100:.2f}%)"),
        )
    console.print(table)
    console.print(f"end state of a run: {figures.end_state}")
    return figures.fresh_runs_identical and figures.replay_exact


def _verdict(met: bool, target: str = "") -> str:
    return f"[green]{target or 'yes'}[/]" if met else f"[red]{target or 'yes'} MISSED[/]"


@asynccontextmanager
async def mcp_session(project: Path, env: dict[str, str], log_path: Path) -> AsyncIterator[Client]:
    params = serve_params(
        project, env, "--no-launch", "--allow-execute", "--tools", "all", "--max-tools", "1000"
    )
    with log_path.open("w", encoding="utf-8") as log:
        async with Client(stdio_client(params, errlog=log), mode="legacy") as client:
            yield client


@asynccontextmanager
async def demo_editor_session() -> AsyncIterator[Client]:
    """A client of ``serve`` on a headless editor of a fresh copy of the demo project, all gone after."""
    with tempfile.TemporaryDirectory(prefix="godot-live-mcp-bench-") as folder:
        root = Path(folder)
        project = demo_copy(root / "project")
        env = {REGISTRY_DIR_ENV: str(root / "registry")}
        editor = launch_editor(project, env=env, log_path=root / "editor.log")
        try:
            await editor.wait_ready(120)
            async with mcp_session(project, env, root / "server.log") as client:
                yield client
        finally:
            editor.stop()


async def run(repeats: int, window_s: float) -> bool:
    async with demo_editor_session() as client:
        figures = await measure(client, repeats, window_s)
    return report(figures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeats", type=int, default=5, help="extra timed runs on one game")
    parser.add_argument("--window", type=float, default=3.0, help="seconds of free-running per pace figure")
    arguments = parser.parse_args()
    sys.exit(0 if anyio.run(run, arguments.repeats, arguments.window) else 1)


if __name__ == "__main__":
    main()
