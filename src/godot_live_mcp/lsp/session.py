"""Which language server a call talks to, and the texts of the scripts it asks about."""

from __future__ import annotations

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


@dataclass(frozen=True)
class LanguageServerTarget:
    """An editor's language server port and its project."""

    port: int
    uris: ProjectUris

    @classmethod
    def of(cls, instance: EditorInstance) -> LanguageServerTarget:
        """Raises ``LSP_UNAVAILABLE`` when the editor published no language server port."""
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
        return read_regular_text(self.uris.file(path), inside=self.uris.root)

    def lines(self, uri: str) -> list[str]:
        """The document's lines; an unreadable one has none (positions then count from its start)."""
        try:
            return self.text(uri).split("\n")
        except ToolError:
            return []


def project_scripts(folder: Path, include_addons: bool) -> Iterator[Path]:
    """The ``.gd`` files under ``folder`` in path order, skipping the engine's own folders and, unless
    asked, ``addons/`` (third-party code the project does not edit)."""
    for path in sorted(folder.rglob("*.gd")):
        parts = set(path.relative_to(folder).parts[:-1])
        if parts & _SKIPPED_DIRS or (not include_addons and "addons" in parts):
            continue
        yield path
