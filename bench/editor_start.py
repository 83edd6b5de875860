"""What the addon adds to an editor's start. Prints figures; asserts nothing.

Times ``godot --headless --editor --quit`` (start, load the project and its plugins, one frame, quit) on two
copies of the demo project, one without the addon and one with it, alternating, after a warm-up run of each
(import cache warm, the addon's autoload and caches written). Prints the median, min and max of each and the
median difference, in wall time and in CPU time (user + system, all threads): on a machine shared with other
work the CPU time is the steadier figure. ``--verbose`` also shows where the addon's share goes: a plain
``godot --script`` in the addon's copy loads what the editor loads at start (the game-side autoload's script,
the plugin, its root) and prints the time each took and how many of the addon's scripts were then loaded.

    python bench/editor_start.py [--runs 7] [--verbose]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from godot_live_mcp.godot.locator import find_godot
from support.demo_project import demo_copy  # bench/ is the script's own folder

PROBE = Path(__file__).resolve().parent / "support" / "load_probe.gd"
TIMEOUT_S = 120.0


def copies(folder: Path) -> dict[str, Path]:
    bare = demo_copy(folder / "bare", addon=False)
    addon = demo_copy(folder / "addon")
    shutil.copy(PROBE, addon / PROBE.name)
    return {"without the addon": bare, "with the addon": addon}


def editor_start(godot: str, project: Path) -> tuple[float, float]:
    """Wall and CPU seconds from spawning a headless editor to its exit after the first frame."""
    used = cpu_of_children()
    started = time.perf_counter()
    subprocess.run(
        [godot, "--headless", "--editor", "--quit", "--path", str(project)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=TIMEOUT_S,
        check=True,
    )
    return time.perf_counter() - started, cpu_of_children() - used


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def where_it_goes(godot: str, project: Path) -> str:
    probe = [godot, "--headless", "--path", str(project), "--script", f"res://{PROBE.name}"]
    ran = subprocess.run(probe, capture_output=True, text=True, timeout=TIMEOUT_S, check=True)
    return "\n".join(line for line in ran.stdout.splitlines() if line.startswith(("load ", "scripts ")))


def main(runs: int, verbose: bool) -> None:
    godot = str(find_godot().path)
    with tempfile.TemporaryDirectory(prefix="godot-live-mcp-editor-start-") as temp:
        projects = copies(Path(temp))
        for project in projects.values():  # imports, writes the autoload and the addon's caches
            editor_start(godot, project)
            editor_start(godot, project)
        times: dict[str, list[tuple[float, float]]] = {label: [] for label in projects}
        for _ in range(runs):
            for label, project in projects.items():
                times[label].append(editor_start(godot, project))
        print(f"headless editor start, demo project, warm cache, {runs} runs, {os.cpu_count()} cores")
        print(f"load average {' '.join(f'{load:.1f}' for load in os.getloadavg())}")
        for kind, index in (("wall", 0), ("CPU", 1)):
            medians = {label: statistics.median(run[index] for run in runs) for label, runs in times.items()}
            for label, measured in times.items():
                seconds = [run[index] for run in measured]
                spread = f"min {min(seconds):5.2f} s  max {max(seconds):5.2f} s"
                print(f"{kind:4} {label:18} median {medians[label]:5.2f} s  {spread}")
            added = medians["with the addon"] - medians["without the addon"]
            print(f"{kind:4} the addon adds     {added:5.2f} s (difference of the medians)")
        if verbose:
            for _ in range(3):
                print(where_it_goes(godot, projects["with the addon"]))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--verbose", action="store_true", help="time what the addon loads at start")
    arguments = parser.parse_args()
    main(arguments.runs, arguments.verbose)
