"""Godot's standard export templates folder, where the editor finds a platform's templates by its own
version, so a preset names no path of this machine: ``<data dir>/godot/export_templates/<4.6.3.stable>/``
holding ``linux_debug.x86_64`` and ``linux_release.x86_64`` (Godot 4's names for Linux x86_64;
``EditorPaths`` data dir, ``$XDG_DATA_HOME/godot`` or ``~/.local/share/godot`` on Linux)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from godot_live_mcp.godot._elf_patch import TEMPLATE_BINARIES

__all__ = ["install_standard_templates", "standard_template", "standard_templates_dir"]

_MODES = ("debug", "release")


def standard_templates_dir(version: str) -> Path:
    """The folder of ``version``'s templates (``4.6.3.stable.debian...`` looks in ``4.6.3.stable``)."""
    folder = ".".join(version.split(".")[:4])
    return Path(platformdirs.user_data_dir("godot", appauthor=False)) / "export_templates" / folder


def standard_template(mode: str, version: str) -> Path | None:
    """The Linux x86_64 template of ``mode`` the editor finds by itself, when it is there."""
    template = standard_templates_dir(version) / f"linux_{mode}.x86_64"
    return template if template.is_file() else None


def install_standard_templates(prefix: Path, version: str) -> list[Path]:
    """Link the private install's Debian templates into the standard folder; returns the links made.
    A template already there (a person's own download, or the link made before) is kept; a link left
    dangling by a removed install is replaced."""
    folder = standard_templates_dir(version)
    made: list[Path] = []
    for mode, binary in zip(_MODES, TEMPLATE_BINARIES, strict=True):
        source = prefix / binary
        target = folder / f"linux_{mode}.x86_64"
        if not source.is_file() or target.exists():  # a person's own template, or ours already
            continue
        folder.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(f".{target.name}.{os.getpid()}")
        temporary.unlink(missing_ok=True)
        temporary.symlink_to(source)
        os.replace(temporary, target)
        made.append(target)
    return made
