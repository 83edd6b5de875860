"""A copy of the demo project with the addon installed and its imports done: what a game started
without an editor needs (the benches of playtests and sweeps run such games)."""

from __future__ import annotations

import subprocess
from pathlib import Path

from support.demo_project import demo_copy


def imported_demo(godot: Path, folder: Path) -> Path:
    """``folder/demo_project``, a fresh copy of examples/demo_project, imported."""
    project = demo_copy(folder / "demo_project")
    subprocess.run(
        [str(godot), "--headless", "--path", str(project), "--import"], capture_output=True, check=False
    )
    return project
