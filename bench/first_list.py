"""Time to the first ``tools/list`` of a new session. Prints figures; asserts nothing.

Spawns ``godot-live-mcp serve`` over stdio with the official SDK client and times, over several runs,
from the spawn to the first ``tools/list`` answer, and how many tools it held:

- cold, first open: serve launches a headless editor on a fresh copy of the demo project (no ``.godot``
  folder, so the editor imports first), no catalogue cached;
- cold, imported: the same copy again (its import done, no editor running), no catalogue cached;
- cold, cached: the same, with the catalogue its last session cached (listed while the editor starts);
- warm: the editor a ``--linger`` session left running is adopted;
- ``--no-launch`` with no editor running, without and with the cached catalogue.

Each run has its own registry folder, so no editor of another run or session is found.

    python bench/first_list.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import tempfile
import time
from pathlib import Path
from typing import TextIO

import anyio
from mcp.client import Client
from mcp.client.stdio import stdio_client

from godot_live_mcp.bridge.catalog_cache import CatalogCache
from godot_live_mcp.instances.registry import live_instances
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from support.demo_project import demo_copy  # bench/ is the script's own folder
from support.serve import serve_params


async def first_list(project: Path, registry: Path, errlog: TextIO, *flags: str) -> tuple[float, int]:
    """Seconds from spawning serve to its first tools/list answer, and the tools it listed."""
    params = serve_params(project, {**os.environ, REGISTRY_DIR_ENV: str(registry)}, *flags)
    started = time.perf_counter()
    async with Client(stdio_client(params, errlog=errlog)) as client:
        listed = await client.list_tools()
        took = time.perf_counter() - started
    return took, len(listed.tools)


def fresh_copy(folder: Path) -> Path:
    return demo_copy(folder / "demo_project")


def report(label: str, runs: list[tuple[float, int]]) -> None:
    seconds = [took for took, _ in runs]
    tools = sorted({count for _, count in runs})
    print(
        f"{label:26} median {statistics.median(seconds):6.2f} s  min {min(seconds):6.2f} s  "
        f"max {max(seconds):6.2f} s  tools listed {tools}"
    )


def end_lingering(registry: Path) -> None:
    for editor in live_instances(registry):
        os.kill(editor.pid, signal.SIGTERM)


async def main(runs: int, errlog: TextIO) -> None:
    figures: dict[str, list[tuple[float, int]]] = {}

    def note(label: str, measured: tuple[float, int]) -> None:
        figures.setdefault(label, []).append(measured)

    with tempfile.TemporaryDirectory(prefix="godot-live-mcp-first-list-") as temp:
        folder = Path(temp)
        for run in range(runs):
            project = fresh_copy(folder)
            cache = CatalogCache(project)
            cache.path.unlink(missing_ok=True)
            note("cold, first open (import)", await first_list(project, folder / f"r-a{run}", errlog))
            cache.path.unlink(missing_ok=True)
            alone = "--no-launch"
            note("--no-launch, no editor", await first_list(project, folder / f"r-b{run}", errlog, alone))
            note("cold, imported", await first_list(project, folder / f"r-c{run}", errlog))
            note("cold, imported, cached", await first_list(project, folder / f"r-d{run}", errlog))
            note("--no-launch, cached", await first_list(project, folder / f"r-e{run}", errlog, alone))
            lingering = folder / f"r-f{run}"
            await first_list(project, lingering, errlog, "--linger", "5")
            note("warm (--linger)", await first_list(project, lingering, errlog, "--linger", "5"))
            end_lingering(lingering)
            cache.path.unlink(missing_ok=True)
    print(f"first tools/list of a session, {runs} runs, {os.cpu_count()} cores")
    for label, measured in figures.items():
        report(label, measured)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    with open(os.devnull, "w", encoding="utf-8") as quiet:  # serve's log would bury the figures
        anyio.run(main, parser.parse_args().runs, quiet)
