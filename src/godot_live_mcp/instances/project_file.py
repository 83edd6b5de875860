"""Read and change single keys of Godot's ``ConfigFile`` text (``project.godot``, ``plugin.cfg``).

Edits touch only the value they change: every other byte of the file stays as it was. Values are
raw Godot text (``"name"``, ``PackedStringArray("a")``, multi-line dictionaries); a value ends at the
first newline outside brackets and strings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from godot_live_mcp.regular_files import LARGE_CAP, read_regular_bytes

__all__ = [
    "format_string_array",
    "parse_string",
    "parse_string_array",
    "read_config_text",
    "read_value",
    "section_values",
    "with_array_item",
    "with_section_renamed",
    "with_value",
    "without_array_item",
    "without_empty_section",
    "without_key",
]

_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"', re.DOTALL)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r"}
_STRING_ARRAY = re.compile(r"^(?:PackedStringArray\((.*)\)|\[(.*)\])$", re.DOTALL)


@dataclass(frozen=True)
class _Entry:
    section: str
    key: str
    start: int  # the first character of the key's line
    value_start: int
    value_end: int
    end: int  # just past the entry's newline


@dataclass(frozen=True)
class _Header:
    name: str
    name_start: int  # just past "["
    name_end: int  # at "]"
    line_start: int


@dataclass(frozen=True)
class _Layout:
    entries: tuple[_Entry, ...]
    insert_at: dict[str, int]  # section -> where a new key of it goes
    headers: tuple[_Header, ...]


def read_value(text: str, section: str, key: str) -> str | None:
    """The raw value of ``key`` in ``[section]`` (``""`` is the part before any header), or None."""
    found = _find(_scan(text), section, key)
    return None if found is None else text[found.value_start : found.value_end]


def with_value(text: str, section: str, key: str, value: str) -> str:
    """``text`` with ``key`` of ``[section]`` set to the raw ``value`` (key and section added if missing)."""
    layout = _scan(text)
    found = _find(layout, section, key)
    if found is not None:
        return text[: found.value_start] + value + text[found.value_end :]
    newline = "\r\n" if "\r\n" in text else "\n"
    line = f"{key}={value}{newline}"
    if section in layout.insert_at:
        at = layout.insert_at[section]
        before = "" if at == 0 or text[at - 1] == "\n" else newline
        return text[:at] + before + line + text[at:]
    separator = "" if not text else (newline if text.endswith("\n") else newline * 2)
    return f"{text}{separator}[{section}]{newline}{newline}{line}"


def section_values(text: str, section: str) -> dict[str, str]:
    """Every key of ``[section]`` with its raw value (the last one when a key repeats)."""
    return {
        entry.key: text[entry.value_start : entry.value_end]
        for entry in _scan(text).entries
        if entry.section == section
    }


def with_section_renamed(text: str, old: str, new: str) -> str:
    """``text`` with every ``[old]`` header renamed ``[new]``; its keys and every other byte stay."""
    for header in reversed(_scan(text).headers):
        if header.name == old:
            text = text[: header.name_start] + new + text[header.name_end :]
    return text


def without_key(text: str, section: str, key: str) -> str:
    """``text`` without the line(s) of ``key`` in ``[section]`` (every occurrence); other bytes stay."""
    for entry in reversed(_scan(text).entries):
        if entry.section == section and entry.key == key:
            text = text[: entry.start] + text[entry.end :]
    return text


def without_empty_section(text: str, section: str) -> str:
    """``text`` without ``[section]`` when only blank lines follow its header: the header and those lines
    go, and at the end of the file also the blank line before it, as ``with_value`` added it."""
    layout = _scan(text)
    if section == "" or any(entry.section == section for entry in layout.entries):
        return text
    for index in reversed(range(len(layout.headers))):
        header = layout.headers[index]
        following = layout.headers[index + 1].line_start if index + 1 < len(layout.headers) else len(text)
        if header.name != section or text[_line_end(text, header.name_end) : following].strip():
            continue
        start = header.line_start
        if following == len(text):
            start = _without_blank_line_before(text, start)
        text = text[:start] + text[following:]
    return text


def with_array_item(value: str, item: str) -> str:
    """The raw array ``value`` (``PackedStringArray(...)`` or ``[...]``) with the string ``item`` added
    last, written in at its closing bracket so the rest of the value keeps its bytes."""
    close = max(value.rfind(")"), value.rfind("]"))
    if close < 0 or parse_string_array(value) is None:
        raise ValueError(f"not a string array: {value[:80]}")
    quoted = _quote(item)
    head = value[:close].rstrip()
    opened = head.endswith(("(", "["))
    return head + ("" if opened else ", ") + quoted + value[len(head) : close] + value[close:]


def without_array_item(value: str, item: str) -> str:
    """The raw array ``value`` without the string ``item`` and the separator before it (after it, when
    it comes first); ``value`` itself when it does not hold ``item``."""
    for match in _STRING.finditer(value):
        if _unescape(match.group(1)) != item:
            continue
        before = value[: match.start()]
        separator = re.search(r",\s*$", before)
        if separator is not None:
            return before[: separator.start()] + value[match.end() :]
        after = re.match(r"\s*,\s*", value[match.end() :])
        return before + value[match.end() + (after.end() if after else 0) :]
    return value


def parse_string_array(value: str) -> list[str] | None:
    """The strings of a ``PackedStringArray(...)`` or ``[...]`` value, or None for any other value."""
    match = _STRING_ARRAY.match(value.strip())
    if match is None:
        return None
    inner = match.group(1) if match.group(1) is not None else match.group(2)
    return [_unescape(body) for body in _STRING.findall(inner)]


def parse_string(value: str) -> str | None:
    """The text of a quoted string value (``"4.6"``), or None for any other value."""
    match = _STRING.fullmatch(value.strip())
    return None if match is None else _unescape(match.group(1))


def format_string_array(items: list[str]) -> str:
    """A ``PackedStringArray(...)`` value as Godot writes it."""
    return f"PackedStringArray({', '.join(_quote(item) for item in items)})"


def read_config_text(path: Path) -> str:
    """The file's text with its line endings untouched (a regular file of at most 16 MiB)."""
    return read_regular_bytes(path, cap=LARGE_CAP).decode("utf-8")


def _quote(item: str) -> str:
    return '"' + item.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _without_blank_line_before(text: str, start: int) -> int:
    """``start`` moved back over one blank line, when one precedes it."""
    for blank in ("\r\n", "\n"):
        if text[:start].endswith(blank + blank):
            return start - len(blank)
    return start


def _find(layout: _Layout, section: str, key: str) -> _Entry | None:
    matches = [entry for entry in layout.entries if entry.section == section and entry.key == key]
    return matches[-1] if matches else None


def _scan(text: str) -> _Layout:
    entries: list[_Entry] = []
    headers: list[_Header] = []
    insert_at: dict[str, int] = {}
    section = ""
    position = 0
    while position < len(text):
        line_end = _line_end(text, position)
        stripped = text[position:line_end].strip()
        if stripped.startswith("["):
            section = stripped[1:].partition("]")[0]
            name_start = text.index("[", position) + 1
            headers.append(_Header(section, name_start, name_start + len(section), position))
            insert_at[section] = _after_newline(text, line_end)
        elif stripped and stripped[0] not in ";#" and "=" in stripped:
            entry = _entry(text, position, section)
            entries.append(entry)
            insert_at[section] = entry.end
            position = entry.end
            continue
        position = _after_newline(text, line_end)
    insert_at.setdefault("", 0)
    return _Layout(tuple(entries), insert_at, tuple(headers))


def _entry(text: str, start: int, section: str) -> _Entry:
    equals = text.index("=", start)
    value_start = equals + 1
    while value_start < len(text) and text[value_start] in " \t":
        value_start += 1
    value_end = _value_end(text, value_start)
    trimmed = value_end
    while trimmed > value_start and text[trimmed - 1] in " \t\r":
        trimmed -= 1
    key = text[start:equals].strip()
    return _Entry(section, key, start, value_start, trimmed, _after_newline(text, value_end))


def _value_end(text: str, start: int) -> int:
    """Index of the newline that ends the value at ``start`` (brackets and strings may span lines)."""
    depth = 0
    in_string = False
    index = start
    while index < len(text):
        char = text[index]
        if in_string:
            if char == "\\":
                index += 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth = max(0, depth - 1)
        elif char == "\n" and depth == 0:
            return index
        index += 1
    return len(text)


def _line_end(text: str, start: int) -> int:
    end = text.find("\n", start)
    return len(text) if end < 0 else end


def _after_newline(text: str, index: int) -> int:
    return min(index + 1, len(text))


def _unescape(body: str) -> str:
    return re.sub(r"\\(.)", lambda match: _ESCAPES.get(match.group(1), match.group(1)), body, flags=re.DOTALL)
