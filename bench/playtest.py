"""Playtest scripts from the command line (``-- --playtest``): how big a result is, how long a run takes,
and whether two runs agree byte for byte. Prints figures; exits 1 when two runs of a script differ.

Copies the demo project to a temporary folder, imports it once, then runs each script twice in a
headless game started without an editor (``--fixed-fps 60``): a typical one (walk, jump into a coin,
assert), one that watches three values every frame for 600 frames (the largest timeline), and 10,000
plain frames with and without three watches read every frame (what watching costs).

    python bench/playtest.py
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from godot_live_mcp.godot.locator import find_godot

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.engine.runtime.playtest_scripts import COIN_JUMP  # noqa: E402

from support.imported_demo import imported_demo  # noqa: E402  bench/ is the script's own folder

WATCHES = ["$Player.position", "$Player.velocity", "GameState.score"]
SCRIPTS: dict[str, dict[str, Any]] = {
    "typical (coin jump)": COIN_JUMP,
    "600 frames, 3 watches each frame": {
        "watch": WATCHES,
        "steps": [{"do": "hold", "action": "move_right", "frames": 300}, {"do": "step", "frames": 300}],
    },
    "10,000 frames": {"steps": [{"do": "step", "frames": 10_000}]},
    "10,000 frames, 3 watches each frame": {"watch": WATCHES, "steps": [{"do": "step", "frames": 10_000}]},
}


def run(godot: Path, project: Path, script: dict[str, Any], folder: Path) -> tuple[float, str]:
    """Wall seconds of one game (start to exit) and its result text."""
    script_file, out = folder / "script.json", folder / "result.json"
    script_file.write_text(json.dumps(script), "utf-8")
    command = [
        str(godot),
        "--headless",
        "--path",
        str(project),
        "--fixed-fps",
        "60",
        "--audio-driver",
        "Dummy",
    ]
    command += ["--", "--playtest", str(script_file), "--playtest-out", str(out)]
    started = time.perf_counter()
    subprocess.run(command, capture_output=True, timeout=300, check=False)
    return time.perf_counter() - started, out.read_text("utf-8")


def main() -> int:
    godot = find_godot().path
    with tempfile.TemporaryDirectory(prefix="bench-playtest-") as temp:
        folder = Path(temp)
        project = imported_demo(godot, folder)
        table = Table("script", "frames", "events", "result chars", "run s (2 runs)", "identical")
        differ = False
        for name, script in SCRIPTS.items():
            (first_s, first), (second_s, second) = (run(godot, project, script, folder) for _ in range(2))
            result = json.loads(first)
            compact = json.dumps(result, separators=(",", ":"))  # as a client receives structured content
            same = first == second
            differ |= not same
            times = f"{first_s:.2f}, {second_s:.2f}"
            table.add_row(
                name,
                str(result["frames"]),
                str(len(result["timeline"])),
                f"{len(compact):,}",
                times,
                str(same),
            )
        Console(highlight=False).print(table)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
