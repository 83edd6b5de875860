"""The example project as the benches use it: one copy routine, so every bench measures the same project."""

from __future__ import annotations

import shutil
from pathlib import Path

from godot_live_mcp.instances.addon_install import install_addon
from godot_live_mcp.security.extension_consent import enable, find_extensions

DEMO_PROJECT = Path(__file__).resolve().parents[2] / "examples" / "demo_project"


def demo_copy(destination: Path, *, addon: bool = True, extensions: Path | None = None) -> Path:
    """A fresh copy of examples/demo_project at ``destination`` (replacing one left there), without its
    import cache, with the addon installed unless ``addon`` is False, and the extensions of the folder
    ``extensions`` copied in and enabled (an extension runs only once enabled, as a person would)."""
    shutil.rmtree(destination, ignore_errors=True)
    shutil.copytree(DEMO_PROJECT, destination, ignore=shutil.ignore_patterns(".godot"))
    if extensions is not None:
        shutil.copytree(extensions, destination / extensions.name)
        for found in find_extensions(destination):
            enable(destination, found.name)
    if addon:
        install_addon(destination)
    return destination
