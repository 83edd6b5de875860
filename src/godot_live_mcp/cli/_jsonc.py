"""Editing one member of a JSON (or JSON with comments) object in place: the rest of the file, its key
order, indentation, comments and trailing commas stay as they were.

Client configuration files are often hand-written and some allow comments (VS Code's ``mcp.json``,
Zed's ``settings.json``), so they are never re-serialised whole.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

__all__ = ["JsonNode", "JsoncError", "parse", "remove_member", "set_member"]

_SCALAR = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null")
_STRING = re.compile(r'"(?:[^"\\\x00-\x1f]|\\.)*"')


class JsoncError(ValueError):
    """The text is not JSON (comments and trailing commas allowed); the message names line and column."""


@dataclass
class Member:
    key: str
    key_start: int
    value: JsonNode
    comma: int | None = None  # where the comma after the value is, if one follows


@dataclass
class JsonNode:
    start: int
    end: int
    data: Any = None
    members: list[Member] = field(default_factory=list)  # objects only

    def member(self, key: str) -> Member | None:
        return next((m for m in self.members if m.key == key), None)


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def fail(self, problem: str, at: int | None = None) -> JsoncError:
        where = self.pos if at is None else at
        line = self.text.count("\n", 0, where) + 1
        column = where - (self.text.rfind("\n", 0, where) + 1) + 1
        return JsoncError(f"{problem} at line {line}, column {column}")

    def skip(self) -> None:
        """Whitespace and comments."""
        while self.pos < len(self.text):
            if self.text[self.pos] in " \t\r\n\ufeff":
                self.pos += 1
            elif self.text.startswith("//", self.pos):
                end = self.text.find("\n", self.pos)
                self.pos = len(self.text) if end < 0 else end
            elif self.text.startswith("/*", self.pos):
                end = self.text.find("*/", self.pos + 2)
                if end < 0:
                    raise self.fail("unclosed comment")
                self.pos = end + 2
            else:
                return

    def value(self) -> JsonNode:
        self.skip()
        start = self.pos
        char = self.text[start : start + 1]
        if char == "{":
            return self.object()
        if char == "[":
            return self.array()
        match = (_STRING if char == '"' else _SCALAR).match(self.text, start)
        if match is None:
            raise self.fail("expected a value")
        self.pos = match.end()
        return JsonNode(start, self.pos, json.loads(match.group()))

    def object(self) -> JsonNode:
        node = JsonNode(self.pos, self.pos, {})
        self.pos += 1
        while True:
            self.skip()
            if self.text.startswith("}", self.pos):
                break
            key_start = self.pos
            key = _STRING.match(self.text, key_start)
            if key is None:
                raise self.fail("expected a quoted key or '}'")
            self.pos = key.end()
            self.skip()
            if not self.text.startswith(":", self.pos):
                raise self.fail("expected ':'")
            self.pos += 1
            member = Member(json.loads(key.group()), key_start, self.value())
            node.members.append(member)
            node.data[member.key] = member.value.data
            if not self.separator(member, "}"):
                break
        self.pos += 1
        node.end = self.pos
        return node

    def array(self) -> JsonNode:
        node = JsonNode(self.pos, self.pos, [])
        self.pos += 1
        while True:
            self.skip()
            if self.text.startswith("]", self.pos):
                break
            item = self.value()
            node.data.append(item.data)
            if not self.separator(None, "]"):
                break
        self.pos += 1
        node.end = self.pos
        return node

    def separator(self, member: Member | None, close: str) -> bool:
        """After a value: a comma (True, more may follow) or the closing bracket (False)."""
        self.skip()
        if self.text.startswith(",", self.pos):
            if member is not None:
                member.comma = self.pos
            self.pos += 1
            return True
        if self.text.startswith(close, self.pos):
            return False
        raise self.fail(f"expected ',' or '{close}'")


def parse(text: str) -> JsonNode:
    """The root value with the position of every object member; raises ``JsoncError``."""
    parser = _Parser(text)
    root = parser.value()
    parser.skip()
    if parser.pos != len(text):
        raise parser.fail("unexpected text after the value")
    return root


def set_member(text: str, obj: JsonNode, key: str, value: Any) -> str:
    """``text`` with ``obj[key] = value``: the old value replaced where it stood, or a new last member."""
    indent = _member_indent(text, obj)
    rendered = _render(value, _indent_unit(text), indent)
    existing = obj.member(key)
    if existing is not None:
        return text[: existing.value.start] + rendered + text[existing.value.end :]
    pair = f"{json.dumps(key, ensure_ascii=False)}: {rendered}"
    if not obj.members:
        close_indent = _line_indent(text, obj.start)
        return text[: obj.start + 1] + f"\n{indent}{pair}\n{close_indent}" + text[obj.end - 1 :]
    last = obj.members[-1]
    if _one_line(text, obj):
        compact = f"{json.dumps(key, ensure_ascii=False)}: {json.dumps(value, ensure_ascii=False)}"
        return text[: last.value.end] + f", {compact}" + text[last.value.end :]
    if last.comma is not None:  # a trailing comma: keep the style
        at = _line_end(text, last.comma + 1)
        return text[:at] + f"\n{indent}{pair}," + text[at:]
    at = _line_end(text, last.value.end)
    head = text[: last.value.end] + "," + text[last.value.end : at]
    return head + f"\n{indent}{pair}" + text[at:]


def remove_member(text: str, obj: JsonNode, key: str) -> str:
    """``text`` without ``obj[key]`` (and its comma); unchanged when there is no such member."""
    index = next((i for i, m in enumerate(obj.members) if m.key == key), None)
    if index is None:
        return text
    member = obj.members[index]
    start = _blank_line_start(text, member.key_start)
    if member.comma is not None:
        end = member.comma + 1
    elif index > 0:  # the last member without a trailing comma: take the comma before it instead
        previous = obj.members[index - 1]
        assert previous.comma is not None
        start, end = previous.comma, member.value.end
    else:
        end = member.value.end
    return text[:start] + text[end:]


def _render(value: Any, unit: str, indent: str) -> str:
    return json.dumps(value, indent=unit, ensure_ascii=False).replace("\n", "\n" + indent)


def _indent_unit(text: str) -> str:
    """The file's indentation step: the first indented line's leading whitespace, else two spaces."""
    found = re.search(r"^([ \t]+)\S", text, flags=re.MULTILINE)
    return found.group(1) if found else "  "


def _member_indent(text: str, obj: JsonNode) -> str:
    if obj.members:
        return _line_indent(text, obj.members[0].key_start)
    return _line_indent(text, obj.start) + _indent_unit(text)


def _line_indent(text: str, pos: int) -> str:
    line = text[text.rfind("\n", 0, pos) + 1 : pos]
    return line[: len(line) - len(line.lstrip(" \t"))]


def _one_line(text: str, obj: JsonNode) -> bool:
    return "\n" not in text[obj.start : obj.end]


def _line_end(text: str, pos: int) -> int:
    """The end of ``pos``'s line when only blanks or a ``//`` comment follow there, else ``pos``."""
    end = text.find("\n", pos)
    end = len(text) if end < 0 else end
    rest = text[pos:end].strip()
    return end if rest == "" or rest.startswith("//") else pos


def _blank_line_start(text: str, pos: int) -> int:
    """The start of ``pos``'s line (its newline included) when only blanks precede ``pos`` there."""
    start = text.rfind("\n", 0, pos)
    return start if text[start + 1 : pos].strip() == "" and start >= 0 else pos
