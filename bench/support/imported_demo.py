"""A copy of the demo project with the addon installed and its imports done: what a game started
without an editor needs (the benches of playtests and sweeps run such games)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from godot_live_mcp.instances.addon_install import install_addon

ROOT = Path(__file__).resolve().parents[2]


def imported_demo(godot: Path, folder: Path) -> Path:
    """``folder/demo_project``, a fresh copy of examples/demo_project, imported."""
    project = folder / "demo_project"
    shutil.copytree(ROOT / "examples" / "demo_project", project, ignore=shutil.ignore_patterns(".godot"))
    install_addon(project)
    subprocess.run(
        [str(godot), "--headless", "--path", str(project), "--import"], capture_output=True, check=False
    )
    return project
