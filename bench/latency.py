"""Latency and idle cost of godot-live-mcp on a live headless editor. Prints figures; asserts nothing.

Starts two headless editors on temporary copies of the demo project, one with the addon and one without,
then measures: the raw WebSocket round trip (``ping``, ``editor.get_info``) on an authenticated connection;
``editor_get_info`` end to end through ``godot-live-mcp serve`` over stdio with the official SDK client, on
both protocols, beside the SDK's own floor (a trivial tool of an SDK server answering the same object,
``bench/support/sdk_floor_server.py``); from those, what the server's pipeline adds to the floor plus the
raw round trip. With ``--gui``, the same call against an editor drawing its interface on a private display,
never focused (a person's editor in the background). Then the editors' CPU use while idle (from
``/proc/<pid>/stat``) and the server's resident memory while idle.

    python bench/latency.py [--calls 500] [--idle-window 5] [--windows 3] [--gui]
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import anyio
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters, stdio_client
from rich.console import Console
from rich.table import Table
from websockets.asyncio.client import ClientConnection, connect

from godot_live_mcp.bridge.jsonrpc import encode_request
from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.instances.launcher import EditorProcess, launch_editor
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from support.demo_project import demo_copy  # bench/ is the script's own folder
from support.serve import serve_params

RESULTS_DIR = Path(__file__).resolve().parent / "results"
TARGET_P50_MS = 2.0
TARGET_P99_MS = 5.0
TARGET_RSS_MB = 100.0
# Issue 22: the pipeline adds at most this to the SDK floor plus the raw round trip; a GUI editor in the
# background keeps p99 within this factor of the headless p99.
TARGET_PIPELINE_MS = 0.3
TARGET_GUI_P99_FACTOR = 2.0
FLOOR_SERVER = Path(__file__).resolve().parent / "support" / "sdk_floor_server.py"
# Idle CPU counts as "equal" within this many percent of one core: two identical idle editors measured
# side by side on a two-core machine differed by up to 0.7.
CPU_TOLERANCE_PCT = 1.0
WARMUP_CALLS = 25
SETTLE_LIMIT_S = 120.0
SETTLED_CPU_PCT = 10.0
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")

console = Console(highlight=False, width=max(Console().width, 132))


@dataclass(frozen=True)
class Latency:
    """Round-trip times of one kind of call, in milliseconds."""

    label: str
    samples_ms: list[float]
    errors: int = 0

    def percentile(self, p: float) -> float:
        ordered = sorted(self.samples_ms)
        return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]

    def summary(self) -> dict[str, float]:
        return {
            "calls": len(self.samples_ms),
            "errors": self.errors,
            "p50_ms": self.percentile(50),
            "p90_ms": self.percentile(90),
            "p99_ms": self.percentile(99),
            "max_ms": max(self.samples_ms),
            "mean_ms": statistics.fmean(self.samples_ms),
        }


@dataclass(frozen=True)
class IdleCpu:
    """Percent of one core used by the two editors over the same windows."""

    situation: str
    without_addon: float
    with_addon: float


@dataclass
class Report:
    latencies: list[Latency] = field(default_factory=list)
    pipeline_ms: dict[str, float] = field(default_factory=dict)
    idle: list[IdleCpu] = field(default_factory=list)
    server_rss_mb: float = 0.0
    calls: int = 0
    load_average: list[float] = field(default_factory=list)


# --- processes: CPU time and memory from /proc ---------------------------------------------------------


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of ``pid`` (all its threads) so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS  # utime, stime


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def child_pid(marker: str) -> int | None:
    """The child of this process whose command line contains ``marker`` (the stdio server)."""
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, IndexError, ValueError):
            continue
        if parent == os.getpid() and marker in command:
            return int(entry.name)
    return None


async def cpu_percent(pids: dict[str, int], window_s: float) -> dict[str, float]:
    """Percent of one core each process used over the same ``window_s`` wall-clock window."""
    before = {name: cpu_seconds(pid) for name, pid in pids.items()}
    began = time.monotonic()
    await anyio.sleep(window_s)
    elapsed = time.monotonic() - began
    return {name: (cpu_seconds(pid) - before[name]) / elapsed * 100 for name, pid in pids.items()}


async def idle_cpu(pids: dict[str, int], window_s: float, windows: int) -> dict[str, float]:
    """Median over ``windows`` windows; all processes are sampled together, so they share the noise."""
    runs = [await cpu_percent(pids, window_s) for _ in range(windows)]
    return {name: statistics.median(run[name] for run in runs) for name in pids}


async def wait_settled(pids: dict[str, int]) -> None:
    """Wait (bounded) until every editor has finished its start-up work: two quiet seconds in a row."""
    deadline = time.monotonic() + SETTLE_LIMIT_S
    quiet = 0
    while quiet < 2 and time.monotonic() < deadline:
        usage = await cpu_percent(pids, 1.0)
        quiet = quiet + 1 if max(usage.values()) < SETTLED_CPU_PCT else 0


# --- the editors --------------------------------------------------------------------------------------


def prepare_projects(root: Path) -> tuple[Path, Path]:
    with_addon, without = root / "with_addon", root / "without_addon"
    return demo_copy(with_addon), demo_copy(without, addon=False)


# --- the measurements ---------------------------------------------------------------------------------


async def timed(label: str, calls: int, call: Callable[[], Awaitable[bool]]) -> Latency:
    """``calls`` sequential calls after a warm-up; ``call`` returns False for a failed call."""
    for _ in range(WARMUP_CALLS):
        await call()
    samples, errors = [], 0
    for _ in range(calls):
        began = time.perf_counter()
        ok = await call()
        samples.append((time.perf_counter() - began) * 1000)
        errors += not ok
    return Latency(label, samples, errors)


async def websocket_latencies(instance: EditorInstance, calls: int) -> list[Latency]:
    async with connect(instance.url, proxy=None, compression=None, max_size=None, ping_interval=None) as ws:
        token = instance.token_path.read_text("utf-8").strip()
        auth = await request(ws, 0, "auth", {"token": token})
        if not auth.get("result", {}).get("authed"):
            raise RuntimeError(f"the editor refused the token: {auth}")
        ids = iter(range(1, 1 << 30))

        async def ping() -> bool:
            return "result" in await request(ws, next(ids), "ping", None)

        async def get_info() -> bool:
            reply = await request(ws, next(ids), "editor.get_info", {})
            return bool(reply.get("result", {}).get("success"))

        return [
            await timed("WebSocket ping (raw)", calls, ping),
            await timed("WebSocket editor.get_info (raw)", calls, get_info),
        ]


async def request(
    ws: ClientConnection, request_id: int, method: str, params: dict[str, Any] | None
) -> dict[str, Any]:
    await ws.send(encode_request(request_id, method, params))
    while True:  # skip notifications; the editor answers each request once
        reply: dict[str, Any] = json.loads(await ws.recv())
        if reply.get("id") == request_id:
            return reply


async def mcp_latency(
    params: StdioServerParameters, log: Path, mode: str, calls: int, what: str = "editor_get_info"
) -> Latency:
    with log.open("a", encoding="utf-8") as errlog:
        async with Client(stdio_client(params, errlog=errlog), mode=mode) as client:

            async def get_info() -> bool:
                return not (await client.call_tool("editor_get_info", {})).is_error

            label = f"MCP stdio {what}, protocol {client.protocol_version}"
            return await timed(label, calls, get_info)


async def editor_answer(instance: EditorInstance) -> dict[str, Any]:
    """The editor's own ``editor.get_info`` result: what the floor server answers too."""
    async with connect(instance.url, proxy=None, compression=None, max_size=None, ping_interval=None) as ws:
        await request(ws, 0, "auth", {"token": instance.token_path.read_text("utf-8").strip()})
        reply = await request(ws, 1, "editor.get_info", {})
        envelope: dict[str, Any] = reply.get("result", {})
        return {key: value for key, value in envelope.items() if key != "success"}


def floor_params(answer: dict[str, Any]) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=[str(FLOOR_SERVER), json.dumps(answer)])


def pipeline_cost(report: Report) -> None:
    """Per protocol: the server's p50 less the floor's p50 and the raw round trip's p50."""
    by_label = {latency.label: latency.percentile(50) for latency in report.latencies}
    raw = by_label.get("WebSocket editor.get_info (raw)", 0.0)
    for label, p50 in by_label.items():
        if label.startswith("MCP stdio editor_get_info, protocol "):
            protocol = label.rsplit(" ", 1)[1]
            floor = by_label.get(f"MCP stdio SDK floor, protocol {protocol}")
            if floor is not None:
                report.pipeline_ms[protocol] = p50 - floor - raw


async def gui_latency(root: Path, env: dict[str, str], calls: int) -> Latency:
    """``editor_get_info`` against an editor with its interface on a private display, not focused."""
    project = demo_copy(root / "gui")
    editor = launch_editor(project, env=env, log_path=root / "gui.log", display=True)
    try:
        await editor.wait_ready(SETTLE_LIMIT_S)
        await wait_settled({"gui": editor.pid})
        params = serve_params(project, env)
        return await mcp_latency(params, root / "server.log", "auto", calls, "GUI editor")
    finally:
        await anyio.to_thread.run_sync(stop_all, editor)


async def idle_with_server(
    params: StdioServerParameters, log: Path, editors: dict[str, int], args: argparse.Namespace
) -> tuple[dict[str, float], float]:
    """Idle CPU of the editors while a server is connected but no calls come, and that server's RSS."""
    with log.open("a", encoding="utf-8") as errlog:
        async with Client(stdio_client(params, errlog=errlog), mode="legacy") as client:
            await client.call_tool("editor_get_info", {})
            server = child_pid("godot_live_mcp serve")
            await anyio.sleep(2.0)  # past the addon's fast-poll period (1 s after the last request)
            usage = await idle_cpu(editors, args.idle_window, args.windows)
            return usage, rss_mb(server) if server is not None else float("nan")


# --- running and printing -----------------------------------------------------------------------------


async def run(args: argparse.Namespace, root: Path) -> Report:
    report = Report(calls=args.calls, load_average=[os.getloadavg()[0]])
    with_addon, without = prepare_projects(root)
    env = {REGISTRY_DIR_ENV: str(root / "registry")}
    editor = launch_editor(with_addon, env=env, log_path=root / "with_addon.log")
    bare = launch_editor(without, env=env, log_path=root / "without_addon.log")
    try:
        instance = await editor.wait_ready(SETTLE_LIMIT_S)
        pids = {"without": bare.pid, "with": editor.pid}
        console.print(f"editors up (pids {editor.pid}, {bare.pid}); waiting for start-up work to settle")
        await wait_settled(pids)
        usage = await idle_cpu(pids, args.idle_window, args.windows)
        report.idle.append(IdleCpu("no client", usage["without"], usage["with"]))
        report.latencies += await websocket_latencies(instance, args.calls)
        params = serve_params(with_addon, env)
        floor = floor_params(await editor_answer(instance))
        for mode in ("legacy", "auto"):
            floor_latency = await mcp_latency(floor, root / "floor.log", mode, args.calls, "SDK floor")
            report.latencies.append(floor_latency)
            report.latencies.append(await mcp_latency(params, root / "server.log", mode, args.calls))
        pipeline_cost(report)
        usage, report.server_rss_mb = await idle_with_server(params, root / "server.log", pids, args)
        report.idle.append(IdleCpu("server connected, no calls", usage["without"], usage["with"]))
    finally:
        await anyio.to_thread.run_sync(stop_all, editor, bare)
    if args.gui:
        report.latencies.append(await gui_latency(root, env, args.calls))
    report.load_average.append(os.getloadavg()[0])
    return report


def stop_all(*editors: EditorProcess) -> None:
    for editor in editors:
        editor.stop()


def mark(ok: bool) -> str:
    return "[green]pass[/]" if ok else "[red]miss[/]"


def latency_table(report: Report) -> Table:
    table = Table(title=f"Round trips ({report.calls} calls each after {WARMUP_CALLS} warm-up calls)")
    for column in ("path", "p50 ms", "p90 ms", "p99 ms", "max ms", "errors", "target (end to end)"):
        table.add_column(column, justify="left" if column == "path" else "right")
    for latency in report.latencies:
        s = latency.summary()
        target = ""
        if latency.label.startswith("MCP stdio GUI"):
            headless = max(
                (o.percentile(99) for o in report.latencies if "editor_get_info, protocol 2026" in o.label),
                default=float("nan"),
            )
            bound = TARGET_GUI_P99_FACTOR * headless
            target = f"p99 ≤ {TARGET_GUI_P99_FACTOR:g}× headless ({bound:.2f}) {mark(s['p99_ms'] <= bound)}"
        elif latency.label.startswith("MCP stdio editor_get_info"):
            ok50, ok99 = s["p50_ms"] <= TARGET_P50_MS, s["p99_ms"] <= TARGET_P99_MS
            target = f"p50 ≤ {TARGET_P50_MS:g} {mark(ok50)}, p99 ≤ {TARGET_P99_MS:g} {mark(ok99)}"
        row = [f"{s[key]:.3f}" for key in ("p50_ms", "p90_ms", "p99_ms", "max_ms")]
        table.add_row(latency.label, *row, str(latency.errors), target)
    return table


def pipeline_table(report: Report) -> Table:
    table = Table(title="What the server's pipeline adds (p50: server - SDK floor - raw editor.get_info)")
    for column in ("protocol", "added ms", "target"):
        table.add_column(column, justify="left" if column == "protocol" else "right")
    for protocol, added in report.pipeline_ms.items():
        ok = added <= TARGET_PIPELINE_MS
        table.add_row(protocol, f"{added:.3f}", f"≤ {TARGET_PIPELINE_MS:g} {mark(ok)}")
    return table


def idle_table(report: Report, window_s: float, windows: int) -> Table:
    table = Table(
        title=f"Idle cost (median of {windows} windows of {window_s:g} s, both editors measured together)"
    )
    for column in ("measure", "without addon", "with addon", "target"):
        table.add_column(column, justify="left" if column == "measure" else "right")
    for row in report.idle:
        ok = row.with_addon - row.without_addon <= CPU_TOLERANCE_PCT
        target = f"equal (±{CPU_TOLERANCE_PCT:g}) {mark(ok)}"
        cells = [f"{value:.2f} % of a core" for value in (row.without_addon, row.with_addon)]
        table.add_row(f"editor CPU, {row.situation}", *cells, target)
    rss_ok = report.server_rss_mb <= TARGET_RSS_MB
    rss = f"{report.server_rss_mb:.1f} MB"
    table.add_row("godot-live-mcp serve RSS, idle", "", rss, f"≤ {TARGET_RSS_MB:g} MB {mark(rss_ok)}")
    return table


def save(report: Report) -> Path:
    RESULTS_DIR.mkdir(exist_ok=True)
    path = RESULTS_DIR / f"latency-{time.strftime('%Y%m%d-%H%M%S')}.json"
    data = asdict(report) | {"summaries": {latency.label: latency.summary() for latency in report.latencies}}
    path.write_text(json.dumps(data, indent=2), "utf-8")
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--calls", type=int, default=500, help="measured calls per path (default 500)")
    parser.add_argument("--idle-window", type=float, default=5.0, help="seconds per CPU window (default 5)")
    parser.add_argument("--windows", type=int, default=3, help="CPU windows per measure (default 3)")
    parser.add_argument("--gui", action="store_true", help="also time a GUI editor in the background")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="godot-live-mcp-bench-", ignore_cleanup_errors=True) as folder:
        report = anyio.run(run, args, Path(folder))
    console.print(latency_table(report))
    console.print(pipeline_table(report))
    console.print(idle_table(report, args.idle_window, args.windows))
    start, end = report.load_average[0], report.load_average[-1]
    console.print(f"1-minute load average: {start:.2f} at start, {end:.2f} at end, on {os.cpu_count()} CPUs")
    console.print(f"raw samples: {save(report)}")


if __name__ == "__main__":
    main()
