"""The language server's answers made compact: ``res://`` paths, 1-based lines and columns, names for
kinds and severities, nothing the model cannot use."""

from __future__ import annotations

import re
from collections.abc import Callable

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.lsp._positions import RES, ProjectUris, TextPosition, text_position

__all__ = [
    "LineSource",
    "completion_items",
    "diagnostic_entries",
    "hover_text",
    "locations",
    "symbol_entries",
    "workspace_edits",
]

LineSource = Callable[[str], list[str]]
"""The lines of a document by URI (for columns in characters, and the text of a reference)."""

_SEVERITIES = {1: "error", 2: "warning", 3: "info", 4: "hint"}
# LSP SymbolKind and CompletionItemKind, the ones GDScript produces.
_SYMBOL_KINDS = {
    2: "module", 5: "class", 6: "method", 7: "property", 8: "field", 9: "constructor", 10: "enum",
    12: "function", 13: "variable", 14: "constant", 22: "enum_member", 23: "struct", 24: "event",
}  # fmt: skip
_COMPLETION_KINDS = {
    2: "method", 3: "function", 5: "field", 6: "variable", 7: "class", 9: "module", 10: "property",
    13: "enum", 14: "keyword", 17: "file", 20: "enum_member", 21: "constant", 23: "signal",
}  # fmt: skip
_WARNING_CODE = re.compile(r"^\(([A-Z_]+)\):\s*")
_DEFINED_IN = re.compile(r"\[([^\]]+)\]\(file://[^)]*\)")


def _dict(value: JsonValue) -> JsonObject:
    return value if isinstance(value, dict) else {}


def _start(lines: list[str], range_: JsonValue) -> TextPosition:
    return text_position(lines, _dict(range_).get("start"))


def diagnostic_entries(path: str, lines: list[str], found: list[JsonValue]) -> list[JsonObject]:
    """One compact entry per diagnostic: severity, line, column, message (and a warning's code)."""
    entries: list[JsonObject] = []
    for item in map(_dict, found):
        where = _start(lines, item.get("range"))
        message = str(item.get("message", ""))
        code = _WARNING_CODE.match(message)
        entry: JsonObject = {
            "path": path,
            "line": where.line,
            "column": where.column,
            "severity": _SEVERITIES.get(_int(item.get("severity")), "error"),
            "message": message[code.end() :] if code else message,
        }
        if code:
            entry["code"] = code.group(1)
        entries.append(entry)
    return entries


def symbol_entries(
    lines: list[str], symbols: JsonValue, container: str = "", top: bool = True
) -> list[JsonObject]:
    """A document's symbols, flattened in order: the script first, its members, and an inner class's
    members naming their ``container``."""
    entries: list[JsonObject] = []
    for symbol in map(_dict, symbols if isinstance(symbols, list) else []):
        name = str(symbol.get("name", ""))
        where = _start(lines, symbol.get("selectionRange") or symbol.get("range"))
        entry: JsonObject = {"name": name, "kind": _SYMBOL_KINDS.get(_int(symbol.get("kind")), "symbol")}
        entry |= {"line": where.line, "column": where.column}
        if symbol.get("detail"):
            entry["detail"] = str(symbol["detail"])
        if container:
            entry["container"] = container
        entries.append(entry)
        entries += symbol_entries(lines, symbol.get("children"), "" if top else name, top=False)
    return entries


def locations(uris: ProjectUris, lines_of: LineSource, found: JsonValue) -> list[JsonObject]:
    """Locations (or location links) as path, line, column and the line's text; none outside the
    project (the engine's workspace follows folder links out of it)."""
    items = found if isinstance(found, list) else [found] if isinstance(found, dict) else []
    entries: list[JsonObject] = []
    for item in map(_dict, items):
        uri = str(item.get("uri") or item.get("targetUri") or "")
        if not uris.res_path(uri).startswith(RES):
            continue
        lines = lines_of(uri)
        where = _start(lines, item.get("range") or item.get("targetSelectionRange"))
        text = lines[where.line - 1].strip() if 0 < where.line <= len(lines) else ""
        entries.append({"path": uris.res_path(uri), "line": where.line, "column": where.column, "text": text})
    return entries


def hover_text(found: JsonValue) -> str:
    """The hover's text; links to project files shown as their res:// path."""
    contents = _dict(found).get("contents")
    if isinstance(contents, dict):
        text = str(contents.get("value", ""))
    elif isinstance(contents, list):
        text = "\n".join(str(_dict(part).get("value", part)) for part in contents)
    else:
        text = str(contents or "")
    return _DEFINED_IN.sub(r"\1", text).strip()


def completion_items(found: JsonValue, typed: str) -> list[JsonObject]:
    """Candidates whose label starts with the word ``typed`` so far (case-insensitive), as label, kind and
    the text to insert when it differs from the label."""
    items = _dict(found).get("items") if isinstance(found, dict) else found
    entries: list[JsonObject] = []
    for item in map(_dict, items if isinstance(items, list) else []):
        label = str(item.get("label", ""))
        if not label.lower().startswith(typed.lower()):
            continue
        entry: JsonObject = {"label": label, "kind": _COMPLETION_KINDS.get(_int(item.get("kind")), "text")}
        insert = item.get("insertText")
        if isinstance(insert, str) and insert != label:
            entry["insert"] = insert
        entries.append(entry)
    return entries


def workspace_edits(uris: ProjectUris, lines_of: LineSource, found: JsonValue) -> list[JsonObject]:
    """A WorkspaceEdit's text edits as path, start and end (1-based, end exclusive) and new text."""
    edit = _dict(found)
    by_uri: list[tuple[str, JsonValue]] = list(_dict(edit.get("changes")).items())
    changes = edit.get("documentChanges")
    for change in map(_dict, changes if isinstance(changes, list) else []):
        by_uri.append((str(_dict(change.get("textDocument")).get("uri", "")), change.get("edits")))
    entries: list[JsonObject] = []
    for uri, edits in by_uri:
        if not uris.res_path(uri).startswith(RES):
            continue
        lines = lines_of(uri)
        for text_edit in map(_dict, edits if isinstance(edits, list) else []):
            range_ = _dict(text_edit.get("range"))
            start, end = text_position(lines, range_.get("start")), text_position(lines, range_.get("end"))
            entries.append(
                {
                    "path": uris.res_path(uri),
                    "line": start.line,
                    "column": start.column,
                    "end_line": end.line,
                    "end_column": end.column,
                    "new_text": str(text_edit.get("newText", "")),
                }
            )
    return entries


def _int(value: JsonValue) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0
