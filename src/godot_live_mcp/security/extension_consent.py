"""Which GDScript extensions a person enabled (contract.json ``person_only_files.extensions_file``:
``<project>/.godot-live-mcp/extensions.json``). The addon loads an extension only while its class, path
and content are the ones enabled here (``extensions/extension_consent.gd``); no tool may write the file.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from godot_live_mcp.contract import CONTRACT, SetupError

__all__ = ["FoundExtension", "consent_file", "disable", "enable", "enabled", "find_extensions"]

_CLASS = re.compile(r"^class_name\s+([A-Za-z_][A-Za-z0-9_]*)", re.MULTILINE)
_BASE = re.compile(r"^extends\s+MCPToolkitExtension\b", re.MULTILINE)
_SKIPPED = {".godot", ".git"}
_OWN_ADDON = Path("addons") / "godot_live_mcp"


@dataclass(frozen=True)
class FoundExtension:
    """A GDScript extension of the project: its class, its res:// path and its content hash."""

    name: str
    path: str
    sha256: str


def consent_file(project: Path) -> Path:
    return project / CONTRACT.extensions_file


def enabled(project: Path) -> dict[str, FoundExtension]:
    """What a person enabled, by class name (an unreadable file enables nothing)."""
    try:
        data = json.loads(consent_file(project).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    entries = data.get("enabled") if isinstance(data, dict) else None
    return {
        str(name): FoundExtension(str(name), str(entry.get("path", "")), str(entry.get("sha256", "")))
        for name, entry in (entries.items() if isinstance(entries, dict) else [])
        if isinstance(entry, dict)
    }


def find_extensions(project: Path) -> list[FoundExtension]:
    """The project's GDScript extension scripts (``extends MCPToolkitExtension``), by class name; not in
    the toolkit's folder, the engine's cache, or a folder with a ``.gdignore``."""
    found: list[FoundExtension] = []
    for folder, folders, files in os.walk(project):
        here = Path(folder)
        if (here / ".gdignore").exists() or here.relative_to(project) == _OWN_ADDON:
            folders.clear()
            continue
        folders[:] = sorted(name for name in folders if name not in _SKIPPED)
        for file in sorted(name for name in files if name.endswith(".gd")):
            data = (here / file).read_bytes()
            text = data.decode("utf-8", errors="replace")
            named = _CLASS.search(text)
            if named and _BASE.search(text):
                res = "res://" + (here / file).relative_to(project).as_posix()
                found.append(FoundExtension(named.group(1), res, hashlib.sha256(data).hexdigest()))
    return sorted(found, key=lambda extension: extension.name)


def enable(project: Path, name: str) -> FoundExtension:
    """Enable the extension of class ``name`` as its script is now; a running editor loads it within a
    second. ``SetupError`` when the project has no extension of that name."""
    found = {extension.name: extension for extension in find_extensions(project)}
    if name not in found:
        names = ", ".join(found) or "none"
        raise SetupError(
            f"The project has no GDScript extension of class {name!r} (found: {names}).",
            "Name the class_name of a script that extends MCPToolkitExtension.",
        )
    _write(project, {**enabled(project), name: found[name]})
    return found[name]


def disable(project: Path, name: str) -> bool:
    """Withdraw a person's enablement; False when it was not enabled."""
    current = enabled(project)
    if current.pop(name, None) is None:
        return False
    _write(project, current)
    return True


def _write(project: Path, entries: dict[str, FoundExtension]) -> None:
    target = consent_file(project)
    target.parent.mkdir(parents=True, exist_ok=True)
    data = {"enabled": {name: {"path": e.path, "sha256": e.sha256} for name, e in sorted(entries.items())}}
    temporary = target.with_name(f".{target.name}.tmp")
    temporary.write_text(json.dumps(data, indent=2) + "\n", "utf-8")
    temporary.replace(target)
