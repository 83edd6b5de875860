"""Concurrency figures of godot-live-mcp on a live headless editor. Prints figures; asserts nothing.

Starts a headless editor on a temporary copy of the demo project (with a bench-only extension from
``bench/extensions``) and one ``godot-live-mcp serve`` over stdio driven by the official SDK client, then
measures: read-only throughput with 1, 4 and 16 parallel callers; the throughput of mutations, which
the editor runs one at a time; and the latency of read-only calls while a long mutation holds the
mutation lock, next to the same calls with the editor idle (reads must not wait for mutations).

    python bench/concurrency.py [--calls 400] [--samples 300]
"""

from __future__ import annotations

import argparse
import math
import statistics
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
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

BENCH_EXTENSIONS = Path(__file__).resolve().parent / "extensions"
Tool = tuple[str, dict[str, Any]]
READ: Tool = ("editor_get_info", {})
MUTATION: Tool = ("bench_touch", {})
WARMUP_CALLS = 25
HOLD_LIMIT_MS = 120_000

console = Console(highlight=False)


@dataclass(frozen=True)
class Throughput:
    label: str
    callers: int
    calls: int
    errors: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.calls / self.seconds


@dataclass(frozen=True)
class Latency:
    label: str
    samples_ms: list[float]
    errors: int

    def percentile(self, p: float) -> float:
        ordered = sorted(self.samples_ms)
        return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def prepare_project(destination: Path) -> Path:
    """A fresh copy of the demo project with the addon and the bench extension installed."""
    return demo_copy(destination, extensions=BENCH_EXTENSIONS)


@asynccontextmanager
async def mcp_session(project: Path, env: dict[str, str], log_path: Path) -> AsyncIterator[Client]:
    params = serve_params(project, env, "--no-launch")
    with log_path.open("w", encoding="utf-8") as log:
        async with Client(stdio_client(params, errlog=log), mode="legacy") as client:
            yield client


async def call(client: Client, tool: Tool) -> bool:
    """One call; True when it succeeded."""
    return not (await client.call_tool(*tool)).is_error


async def throughput(client: Client, label: str, tool: Tool, callers: int, calls: int) -> Throughput:
    """``calls`` calls shared by ``callers`` parallel callers, back to back."""
    remaining = iter(range(calls))
    failures = 0

    async def caller() -> None:
        nonlocal failures
        for _ in remaining:  # one iterator for all callers: each call is taken once
            failures += not await call(client, tool)

    began = time.perf_counter()
    async with anyio.create_task_group() as tasks:
        for _ in range(callers):
            tasks.start_soon(caller)
    return Throughput(label, callers, calls, failures, time.perf_counter() - began)


async def latencies(client: Client, label: str, samples: int) -> Latency:
    """``samples`` read-only calls one after another, each timed."""
    times: list[float] = []
    failures = 0
    for _ in range(samples):
        began = time.perf_counter()
        failures += not await call(client, READ)
        times.append((time.perf_counter() - began) * 1000)
    return Latency(label, times, failures)


async def latencies_while_holding(client: Client, samples: int) -> tuple[Latency, bool]:
    """The same reads while bench.hold keeps the mutation lock; True when it held all along."""
    async with anyio.create_task_group() as tasks:
        tasks.start_soon(client.call_tool, "bench_hold", {"ms": HOLD_LIMIT_MS})
        with anyio.fail_after(30):
            while True:
                if await holding(client):
                    break
                await anyio.sleep(0.01)  # pacing only: the editor's answer decides
        measured = await latencies(client, "read-only while a mutation runs", samples)
        held_throughout = await holding(client)
        tasks.cancel_scope.cancel()  # the client cancels bench.hold, which ends at once
    return measured, held_throughout


async def holding(client: Client) -> bool:
    result = await client.call_tool("bench_state", {})
    return isinstance(result.structured_content, dict) and bool(result.structured_content.get("holding"))


async def measure(client: Client, calls: int, samples: int) -> tuple[list[Throughput], list[Latency], bool]:
    for _ in range(WARMUP_CALLS):
        await call(client, READ)
        await call(client, MUTATION)
    rates = [await throughput(client, "read-only", READ, callers, calls) for callers in (1, 4, 16)]
    rates += [
        await throughput(client, "mutation (serialized)", MUTATION, callers, calls) for callers in (1, 16)
    ]
    idle = await latencies(client, "read-only, editor idle", samples)
    busy, held = await latencies_while_holding(client, samples)
    return rates, [idle, busy], held


def report(rates: list[Throughput], times: list[Latency], held: bool) -> None:
    table = Table(title="Throughput (MCP calls over one stdio server)")
    for column in ("calls", "parallel callers", "calls/s", "errors"):
        table.add_column(column, justify="right" if column != "calls" else "left")
    for rate in rates:
        table.add_row(rate.label, str(rate.callers), f"{rate.per_second:.0f}", str(rate.errors))
    console.print(table)
    table = Table(title="Read-only latency (ms)")
    for column in ("calls", "p50", "p99", "max", "mean", "errors"):
        table.add_column(column, justify="right" if column != "calls" else "left")
    for latency in times:
        cells = [latency.percentile(50), latency.percentile(99), max(latency.samples_ms)]
        cells.append(statistics.fmean(latency.samples_ms))
        table.add_row(latency.label, *(f"{cell:.2f}" for cell in cells), str(latency.errors))
    console.print(table)
    if not held:
        console.print("[yellow]note: the long mutation ended before the last sample: use fewer --samples[/]")


async def run(calls: int, samples: int) -> None:
    with tempfile.TemporaryDirectory(prefix="godot-live-mcp-bench-") as folder:
        root = Path(folder)
        project = prepare_project(root / "project")
        env = {REGISTRY_DIR_ENV: str(root / "registry")}
        editor = launch_editor(project, env=env, log_path=root / "editor.log")
        try:
            await editor.wait_ready(120)
            async with mcp_session(project, env, root / "server.log") as client:
                figures = await measure(client, calls, samples)
        finally:
            editor.stop()
    report(*figures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--calls", type=int, default=400, help="calls per throughput figure")
    parser.add_argument("--samples", type=int, default=300, help="timed calls per latency figure")
    arguments = parser.parse_args()
    anyio.run(run, arguments.calls, arguments.samples)


if __name__ == "__main__":
    main()
