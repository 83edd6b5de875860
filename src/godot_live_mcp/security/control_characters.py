"""Text that lands in a file as one line: names, paths and filters. Control characters (C0, DEL, C1),
line and paragraph separators and bidirectional overrides are refused: they could start a new section
of a config file, or make a path read differently from what it is."""

from __future__ import annotations

import re
from collections.abc import Iterable

from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.contract import ErrorCode, ToolError

__all__ = ["first_control_character", "refuse_control_characters"]

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def first_control_character(text: str) -> int | None:
    """The index of the first refused character of ``text``, or None."""
    found = _CONTROL.search(text)
    return found.start() if found else None


def refuse_control_characters(tool: str, arguments: JsonObject, names: Iterable[str]) -> None:
    """``INVALID_PARAMS`` when a string argument of ``names`` holds a refused character."""
    for name in names:
        value = arguments.get(name)
        at = first_control_character(value) if isinstance(value, str) else None
        if at is not None and isinstance(value, str):
            raise ToolError(
                ErrorCode.INVALID_PARAMS,
                f"{tool}: {name} holds the control character U+{ord(value[at]):04X} at {at}; "
                "names, paths and filters are one line of plain text.",
                f"Pass {name} without line breaks, tabs or other control characters "
                "(several filters are separated by commas).",
            )
