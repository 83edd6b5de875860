"""Where the private Godot lives and how a finished install is recognised (its manifest)."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

import platformdirs

from godot_live_mcp.godot._elf_patch import GODOT_BINARY
from godot_live_mcp.regular_files import replace_text

PREFIX_ENV = "GODOT_MCP_GODOT_PREFIX"
MANIFEST_NAME = "godot-live-mcp-install.json"


def default_prefix() -> Path:
    """``GODOT_MCP_GODOT_PREFIX``, else ``godot`` in the user cache folder of godot-live-mcp."""
    override = os.environ.get(PREFIX_ENV, "").strip()
    if override:
        return Path(override).expanduser().absolute()
    return Path(platformdirs.user_cache_dir("godot-live-mcp", appauthor=False)) / "godot"


def prefix_binary(prefix: Path) -> Path:
    """The Godot executable inside an install prefix."""
    return prefix / GODOT_BINARY


@dataclass(frozen=True)
class InstallManifest:
    """What a finished install wrote last: its presence means the prefix is complete."""

    version: str
    suite: str
    packages: tuple[str, ...]
    installed_at: str
    godot_live_mcp_version: str

    def write(self, prefix: Path) -> None:
        """Write atomically, so a reader never sees half a manifest."""
        data = asdict(self) | {"packages": list(self.packages)}
        replace_text(prefix / MANIFEST_NAME, json.dumps(data, indent=2) + "\n")


def read_manifest(prefix: Path) -> InstallManifest | None:
    """The manifest of a finished install in ``prefix``, or None (missing or unreadable)."""
    try:
        raw = json.loads((prefix / MANIFEST_NAME).read_text("utf-8"))
        return InstallManifest(
            version=str(raw["version"]),
            suite=str(raw["suite"]),
            packages=tuple(str(name) for name in raw["packages"]),
            installed_at=str(raw["installed_at"]),
            godot_live_mcp_version=str(raw.get("godot_live_mcp_version", "")),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return None
