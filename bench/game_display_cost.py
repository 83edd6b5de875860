"""What a headless editor's game costs with and without the private display. Prints figures.

Starts a headless editor on a temporary copy of the demo project and one ``godot-live-mcp serve`` over stdio,
then, for each way to run the game: the wall time of ``game_start``, the CPU the game and its X server use
while it plays free for a while (percent of one core), their memory, and the size of a default screenshot.
The ways: headless (``display: false``), on the private display drawing every frame (as before), and on
the private display drawing only when a screenshot asks (``--disable-render-loop``, as now).

    python bench/game_display_cost.py [--repeats 3] [--window 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
from mcp.client import Client
from rich.console import Console
from rich.table import Table

from stepping import call, demo_editor_session

TICKS_S = os.sysconf("SC_CLK_TCK")
PAGE_KB = os.sysconf("SC_PAGE_SIZE") // 1024
# (label, game_start arguments, whether the game keeps drawing every frame)
WAYS: tuple[tuple[str, dict[str, Any], bool], ...] = (
    ("headless (display: false)", {"display": False}, False),
    ("private display, drawing every frame", {"display": True}, True),
    ("private display, drawing on demand (now)", {"display": True}, False),
)

console = Console(highlight=False, width=max(Console().width, 110))


@dataclass
class Figures:
    start_s: list[float] = field(default_factory=list)
    cpu_percent: list[float] = field(default_factory=list)
    rss_mb: list[float] = field(default_factory=list)
    screenshot_chars: int | str = "-"


def cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def rss_kb(pid: int) -> int:
    return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE_KB


def x_server_of(game_pid: int) -> list[int]:
    """The Xvfb the game draws on (a child of the editor, the game's parent)."""
    parent = Path(f"/proc/{game_pid}/stat").read_text().rsplit(")", 1)[1].split()[1]
    found = []
    for entry in Path("/proc").iterdir():
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if stat[1] == parent and b"Xvfb" in command and stat[0] != "Z":
            found.append(int(entry.name))
    return found


async def one_run(
    client: Client, arguments: dict[str, Any], draws: bool, window_s: float, figures: Figures
) -> None:
    began = time.perf_counter()
    started = await call(client, "game_start", **arguments)
    figures.start_s.append(time.perf_counter() - began)
    try:
        pids = [int(started["game"]["pid"]), *x_server_of(int(started["game"]["pid"]))]
        if draws:  # as games on the private display did before they drew on demand only
            await call(client, "execute_code", code="RenderingServer.render_loop_enabled = true")
        await anyio.sleep(1.0)  # past the first frames
        before = sum(cpu_ticks(pid) for pid in pids)
        await anyio.sleep(window_s)
        used = sum(cpu_ticks(pid) for pid in pids) - before
        figures.cpu_percent.append(100 * used / TICKS_S / window_s)
        figures.rss_mb.append(sum(rss_kb(pid) for pid in pids) / 1024)
        if arguments.get("display"):
            shot = await client.call_tool("runtime_screenshot", {})
            figures.screenshot_chars = sum(len(getattr(part, "data", "")) for part in shot.content)
    finally:
        await call(client, "game_stop")


async def measure(client: Client, repeats: int, window_s: float) -> dict[str, Figures]:
    results: dict[str, Figures] = {}
    for label, arguments, draws in WAYS:
        figures = results.setdefault(label, Figures())
        for _ in range(repeats):
            await one_run(client, arguments, draws, window_s, figures)
    return results


def report(results: dict[str, Figures], window_s: float) -> None:
    table = Table(title=f"A game of a headless editor, playing free for {window_s:g} s (medians)")
    for column in (
        "way",
        "game_start (s)",
        "CPU, game + X (% of a core)",
        "RSS (MB)",
        "screenshot (base64 chars)",
    ):
        table.add_column(column, justify="left" if column == "way" else "right")
    for label, figures in results.items():
        table.add_row(
            label,
            f"{statistics.median(figures.start_s):.2f}",
            f"{statistics.median(figures.cpu_percent):.1f}",
            f"{statistics.median(figures.rss_mb):.0f}",
            str(figures.screenshot_chars),
        )
    console.print(table)


async def run(repeats: int, window_s: float) -> None:
    async with demo_editor_session() as client:
        results = await measure(client, repeats, window_s)
    report(results, window_s)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeats", type=int, default=3, help="runs per way")
    parser.add_argument("--window", type=float, default=5.0, help="seconds of free play measured per run")
    arguments = parser.parse_args()
    anyio.run(run, arguments.repeats, arguments.window)


if __name__ == "__main__":
    main()
