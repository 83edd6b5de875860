"""The machine-wide folder where running editors register themselves."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

__all__ = ["REGISTRY_DIR_ENV", "registry_dir"]

REGISTRY_DIR_ENV = "GODOT_MCP_REGISTRY_DIR"


def registry_dir() -> Path:
    """``GODOT_MCP_REGISTRY_DIR``, else the user data folder of godot-live-mcp (roaming on Windows).

    Must agree with the addon's ``instances/registry_paths.gd``, which takes the variable as written.
    """
    override = os.environ.get(REGISTRY_DIR_ENV, "").strip()
    if override:
        return Path(override)
    return Path(platformdirs.user_data_dir("godot-live-mcp", appauthor=False, roaming=True))
