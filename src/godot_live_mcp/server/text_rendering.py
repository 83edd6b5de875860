"""The text a model reads for a tool result: compact and readable, every value present, never a second
copy of the structured JSON.

- an object is one ``key: value`` line per field, scalars first, then lists and text blocks;
- a text over several lines is a block, each line indented by two spaces, except the longest such
  text, which comes last and runs unindented to the end;
- a list of plain words is one line ``[a, b, c]``; a longer or less plain list is one item per line;
- a list of objects is a table when that is shorter: a header ``key[rows]{col,col}:`` and one
  comma-separated row per object (a missing field is an empty cell, left out at the end of a row); else
  one ``key=value`` line each;
- anything nested deeper (a ``{"type": "Vector2", ...}`` value, a list in a cell) is compact JSON.

A string that could be misread (empty, padded, holding the separator, or looking like a number, a
boolean, null, a list or an object) is JSON-quoted.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.security.untrusted import is_plain_word

__all__ = ["compact_json", "render"]

INDENT = "  "
# An inline list of plain words is kept on one line up to this many characters.
INLINE_LIST_CHARS = 120
# Columns read first, when a table has them: what a row is called and where it is.
_LEADING_COLUMNS = ("name", "path", "node_path", "type", "class_name")


def render(data: JsonValue) -> str:
    """The readable text of a tool result's data."""
    if isinstance(data, dict):
        return "\n".join(_object_lines(data))
    if isinstance(data, list):
        return "\n".join(_list_lines(data))
    return _scalar(data, ",")


def compact_json(value: JsonValue) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def _object_lines(data: JsonObject) -> list[str]:
    simple = [key for key, value in data.items() if not _is_block(value)]
    lists = [key for key, value in data.items() if _is_block(value) and isinstance(value, list)]
    texts = sorted(
        (key for key, value in data.items() if _is_block(value) and isinstance(value, str)),
        key=lambda key: len(str(data[key])),
    )
    lines = [f"{_key(key)}: {_field(data[key])}" for key in simple]
    for key in lists + texts[:-1]:
        lines.extend(_block(_key(key), data[key]))
    if texts:  # the longest text runs to the end unindented: nothing follows it to tell apart
        lines.extend([f"{_key(texts[-1])}:", str(data[texts[-1]])])
    return lines


def _is_block(value: JsonValue) -> bool:
    """Whether a field takes lines of its own: a multi-line text or a list that is not one short line."""
    if isinstance(value, str):
        return "\n" in value
    return isinstance(value, list) and _inline_list(value) is None


def _block(key: str, value: JsonValue) -> list[str]:
    if isinstance(value, str):
        return [f"{key}:", *(INDENT + line if line else "" for line in value.split("\n"))]
    assert isinstance(value, list)
    header, rows = _rows(value)
    return [f"{key}[{len(value)}]{header}:", *(INDENT + row for row in rows)]


def _field(value: JsonValue) -> str:
    """A value on its ``key: value`` line: a scalar as it reads, a short list inline, else compact JSON."""
    if isinstance(value, list):
        return _inline_list(value) or compact_json(value)
    if isinstance(value, dict):
        return compact_json(value)
    return _scalar(value, "")


def _inline_list(items: list[JsonValue]) -> str | None:
    if not all(isinstance(item, str) and item and is_plain_word(item) for item in items):
        return None
    line = "[" + ", ".join(str(item) for item in items) + "]"
    return line if len(line) <= INLINE_LIST_CHARS else None


def _list_lines(items: list[JsonValue]) -> list[str]:
    header, rows = _rows(items)
    return [f"[{len(items)}]{header}:", *rows] if header else rows


def _rows(items: list[JsonValue]) -> tuple[str, list[str]]:
    """A list's lines: a table (a ``{col,col}`` header and rows) when shorter, else one item a line."""
    lines = [_item(item) for item in items]
    table = _table(items)
    if table is None or _size(table[1]) + len(table[0]) >= _size(lines):
        return "", lines
    return "{" + table[0] + "}", table[1]


def _size(lines: list[str]) -> int:
    return sum(len(line) + 1 for line in lines)


def _item(item: JsonValue) -> str:
    """One item of a list on its own line: an object as ``key=value`` pairs, anything else as a value."""
    if isinstance(item, dict):
        return " ".join(f"{_key(key)}={_cell(value, ' ')}" for key, value in item.items())
    return _cell(item, "\n")


def _table(items: Sequence[JsonValue]) -> tuple[str, list[str]] | None:
    """The columns and rows of two or more objects; a field a row lacks is an empty cell."""
    if len(items) < 2 or not all(isinstance(item, dict) and item for item in items):
        return None
    rows = [item for item in items if isinstance(item, dict)]
    columns = _columns(rows)
    header = ",".join(_key(column) for column in columns)
    # Trailing empty cells are left out: a short row lacks the last fields (an empty string reads "").
    return header, [",".join(_table_cell(row, column) for column in columns).rstrip(",") for row in rows]


def _columns(rows: list[JsonObject]) -> list[str]:
    seen: dict[str, None] = {}
    for row in rows:
        seen.update(dict.fromkeys(row))
    lead = [column for column in _LEADING_COLUMNS if column in seen]
    return lead + [column for column in seen if column not in lead]


def _table_cell(row: JsonObject, column: str) -> str:
    return _cell(row[column], ",") if column in row else ""


def _cell(value: JsonValue, separator: str) -> str:
    if isinstance(value, dict | list):
        return compact_json(value)
    return _scalar(value, separator)


def _scalar(value: JsonValue, separator: str) -> str:
    """A number, boolean or null as JSON; a string bare when it cannot be misread, else JSON-quoted."""
    if not isinstance(value, str):
        return compact_json(value)
    return value if _reads_bare(value, separator) else compact_json(value)


def _reads_bare(text: str, separator: str) -> bool:
    """separator: what ends the value: "," in a table row, " " in key=value pairs, "" after ``key: ``,
    "\n" on a line of its own (where the fixed indent keeps leading spaces visible)."""
    body = text.lstrip(" ") if separator == "\n" else text
    if not body or body != body.strip() or "\n" in body or "\r" in body or body[0] in "[{\"'":
        return False
    if separator in (",", " ") and separator in body:
        return False
    if separator == " " and "=" in body:
        return False
    return not _looks_like_json_scalar(body)


# How a JSON number, true, false, null (and Python's NaN and Infinity, which json.loads reads) begins.
_JSON_SCALAR_START = frozenset("-0123456789tfnNI")


def _looks_like_json_scalar(text: str) -> bool:
    if text[0] not in _JSON_SCALAR_START:  # most names: no parse attempt, no exception
        return False
    try:
        parsed = json.loads(text)
    except ValueError:
        return False
    return not isinstance(parsed, str)


def _key(key: str) -> str:
    return key if key and is_plain_word(key) and "," not in key else compact_json(key)
