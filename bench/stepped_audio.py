"""Audio in stepped time: the frame a sound ends at when the game is stepped unthrottled, with the audio
watch and without it, and what the watch costs each stepped frame. Prints figures; asserts nothing.

Runs bench/stepped_audio.gd in a plain headless Godot (``--fixed-fps 60``, no editor, no MCP server), in
a project holding a copy of the addon.

    PYTHONPATH=. python bench/stepped_audio.py
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.gdscript.units import make_project

from godot_live_mcp.godot.locator import find_godot

SCRIPT = Path(__file__).resolve().with_suffix(".gd")
TICKS_PER_SECOND = 60


def figures(output: str) -> dict[str, str]:
    rows = (line.split() for line in output.splitlines() if line.startswith("figure "))
    return {row[1]: row[2] for row in rows if len(row) == 3}


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="bench-audio-") as folder:
        project = make_project(Path(folder) / "project")
        shutil.copy(SCRIPT, project / SCRIPT.name)
        run = subprocess.run(
            [
                str(find_godot().path),
                "--headless",
                "--fixed-fps",
                str(TICKS_PER_SECOND),
                "--audio-driver",
                "Dummy",
                "--path",
                str(project),
                "--script",
                f"res://{SCRIPT.name}",
            ],
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
    found = figures(run.stdout)
    if run.returncode != 0 or not found:
        print(run.stdout + run.stderr, file=sys.stderr)
        return 1
    print(f"A sound started in frame 0, stepped unthrottled at {TICKS_PER_SECOND} ticks per second:")
    for seconds in ("0.25", "0.5", "1.0"):
        watched = found[f"finished_frame_stepped_{seconds}"]
        unwatched = found[f"finished_frame_unwatched_{seconds}"]
        never = "never (in 600 frames)" if unwatched == "-1" else f"frame {unwatched}"
        print(f"  {seconds} s: finished at frame {watched} with the watch; {never} without it")
    print("The watch's cost per player and stepped frame:")
    for count in ("10", "100"):
        idle, playing = found[f"us_per_idle_player_{count}"], found[f"us_per_playing_player_{count}"]
        print(f"  {count} players: {idle} us idle, {playing} us playing")
    return 0


if __name__ == "__main__":
    sys.exit(main())
