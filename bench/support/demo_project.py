"""The example project as the benches use it: one copy routine, so every bench measures the same project."""

from __future__ import annotations

import shutil
from pathlib import Path

from godot_live_mcp.instances.addon_install import install_addon

DEMO_PROJECT = Path(__file__).resolve().parents[2] / "examples" / "demo_project"


def demo_copy(destination: Path, *, addon: bool = True) -> Path:
    """A fresh copy of examples/demo_project at ``destination`` (replacing one left there), without its
    import cache, with the addon installed unless ``addon`` is False."""
    shutil.rmtree(destination, ignore_errors=True)
    shutil.copytree(DEMO_PROJECT, destination, ignore=shutil.ignore_patterns(".godot"))
    if addon:
        install_addon(destination)
    return destination
