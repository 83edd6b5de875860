"""Where things are, in the tools' terms and the language server's: 1-based line and column counted in
characters (a tab is one) against LSP's 0-based line and UTF-16 offset; ``res://`` paths against
``file://`` URIs of the project folder."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.contract import ErrorCode, ToolError

__all__ = ["ProjectUris", "TextPosition", "lsp_position", "text_position"]

RES = "res://"


@dataclass(frozen=True)
class TextPosition:
    """1-based line and column, the column counted in characters."""

    line: int
    column: int


def lsp_position(text: str, where: TextPosition) -> JsonObject:
    """``where`` as an LSP position in ``text``; a column past the line's end stays past it (the server
    clamps), a line past the end likewise."""
    lines = text.split("\n")
    line_text = lines[where.line - 1] if 0 < where.line <= len(lines) else ""
    head = line_text[: where.column - 1]
    extra = max(0, where.column - 1 - len(line_text))
    return {"line": where.line - 1, "character": _utf16_length(head) + extra}


def text_position(text_lines: list[str], position: JsonValue) -> TextPosition:
    """An LSP position (``{"line", "character"}``) as 1-based line and character column."""
    line = _int_of(position, "line")
    character = _int_of(position, "character")
    line_text = text_lines[line] if 0 <= line < len(text_lines) else ""
    return TextPosition(line + 1, _chars_in_utf16_prefix(line_text, character) + 1)


def _int_of(position: JsonValue, key: str) -> int:
    value = position.get(key) if isinstance(position, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _utf16_length(text: str) -> int:
    return sum(2 if ord(char) > 0xFFFF else 1 for char in text)


def _chars_in_utf16_prefix(text: str, units: int) -> int:
    """How many characters of ``text`` the first ``units`` UTF-16 code units hold (past the end: more)."""
    count = 0
    for char in text:
        if units <= 0:
            return count
        units -= 2 if ord(char) > 0xFFFF else 1
        count += 1
    return count + max(0, units)


class ProjectUris:
    """Converts between ``res://`` paths and the ``file://`` URIs the language server uses."""

    def __init__(self, project: Path) -> None:
        self.root = project.resolve()

    def is_root(self, folder: str) -> bool:
        """Whether ``folder`` (a server's workspace path) is this project's folder."""
        return Path(folder).resolve() == self.root

    @property
    def root_uri(self) -> str:
        return self.root.as_uri()

    def uri(self, res_path: str) -> str:
        """``res://a/b.gd`` as a URI; raises ``INVALID_PARAMS`` for a path outside the project."""
        return self.file(res_path).as_uri()

    def file(self, res_path: str) -> Path:
        if not res_path.startswith(RES):
            raise ToolError(
                ErrorCode.INVALID_PARAMS,
                f"{res_path!r} is not a res:// path.",
                "Pass a project path such as 'res://scripts/player.gd'.",
            )
        target = (self.root / res_path.removeprefix(RES)).resolve()
        if target != self.root and self.root not in target.parents:
            raise ToolError(
                ErrorCode.INVALID_PARAMS,
                f"{res_path!r} is outside the project.",
                "Pass a path inside res://.",
            )
        return target

    def res_path(self, uri: str) -> str:
        """A URI as ``res://...``; a file outside the project keeps its URI."""
        parts = urlsplit(uri)
        if parts.scheme != "file":
            return uri
        path = Path(unquote(parts.path))
        try:
            return RES + path.resolve().relative_to(self.root).as_posix()
        except ValueError:
            return uri
