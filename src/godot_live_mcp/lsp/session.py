"""Which language server a call talks to, and the texts of the scripts it asks about."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.lsp._positions import RES, ProjectUris
from godot_live_mcp.lsp.client import lsp_unavailable
from godot_live_mcp.regular_files import read_regular_text

__all__ = ["Documents", "LanguageServerTarget"]

_SKIPPED_DIRS = frozenset({".godot", ".git", ".import"})
MAX_SCRIPT_BYTES = 4 * 1024 * 1024  # a script past this is not one to read whole and send to the server


@dataclass(frozen=True)
class LanguageServerTarget:
    """An editor's language server port and its project."""

    port: int
    uris: ProjectUris

    @classmethod
    def of(cls, instance: EditorInstance, opened: int | None = None) -> LanguageServerTarget:
        """The port the editor opened for the call, else the one it published; raises
        ``LSP_UNAVAILABLE`` when there is neither."""
        if opened is not None:
            return cls(opened, ProjectUris(instance.project_path))
        if instance.lsp_port is None:
            raise lsp_unavailable(
                f"The editor of {instance.project_name} (pid {instance.pid}) publishes no language server "
                "port (an older addon, or the editor settings hide it)."
            )
        return cls(instance.lsp_port, ProjectUris(instance.project_path))


@dataclass
class Documents:
    """Script texts by URI: a proposed text given with the call wins over the file on disk."""

    uris: ProjectUris
    proposed: Mapping[str, str] = field(default_factory=dict)
    _read: dict[str, str] = field(default_factory=dict)

    def text(self, uri: str) -> str:
        """Raises ``NOT_FOUND`` for a script that is neither proposed nor on disk."""
        if uri in self.proposed:
            return self.proposed[uri]
        if uri not in self._read:
            path = self.uris.res_path(uri)
            try:
                self._read[uri] = self._script(path) if path.startswith(RES) else ""
            except OSError as error:
                raise ToolError(
                    ErrorCode.NOT_FOUND,
                    f"Cannot read {path}: {error.strerror or error}.",
                    "script_list shows the project's scripts; or pass text with the call.",
                ) from error
        return self._read[uri]

    def _script(self, path: str) -> str:
        """A script on disk: a regular file inside the project (a link out, a device or FIFO refused)."""
        return read_regular_text(
            self.uris.file(path), inside=self.uris.root, cap=MAX_SCRIPT_BYTES, errors="replace"
        )

    def lines(self, uri: str) -> list[str]:
        """The document's lines; an unreadable one has none (positions then count from its start)."""
        try:
            return self.text(uri).split("\n")
        except ToolError:
            return []


def project_scripts(folder: Path, include_addons: bool, root: Path | None = None) -> Iterator[Path]:
    """The ``.gd`` regular files under ``folder`` in path order, skipping the engine's own folders and,
    unless asked, ``addons/`` (third-party code the project does not edit). Links are never walked
    into (a folder link may lead out of the project or loop); a file link counts only when it leads
    to a regular file inside ``root`` (the project, default ``folder``)."""
    inside = (root or folder).resolve()
    found: list[Path] = []
    for current, folders, files in os.walk(folder, followlinks=False):
        parts = set(Path(current).relative_to(folder).parts)
        if parts & _SKIPPED_DIRS or (not include_addons and "addons" in parts):
            folders.clear()
            continue
        folders[:] = [name for name in folders if not os.path.islink(os.path.join(current, name))]
        found += [Path(current, name) for name in files if name.endswith(".gd")]
    yield from (path for path in sorted(found) if _regular_inside(path, inside))


def _regular_inside(path: Path, root: Path) -> bool:
    try:
        real = path.resolve(strict=True)
        return root in real.parents and stat.S_ISREG(real.stat().st_mode)
    except (OSError, RuntimeError):  # gone, or a link loop
        return False
