"""Reading detail-level results in tests: the size caps, sizes as the addon measures them, brief trees."""

from __future__ import annotations

import json
from typing import Any

# contract.json "detail" caps: characters of a page's items at each level.
CAPS = {"brief": 2000, "normal": 8000, "full": 32000}


def chars(items: Any) -> int:
    """Characters of items as compact JSON (how the addon measures a page against its cap)."""
    return len(json.dumps(items, separators=(",", ":"), ensure_ascii=False))


def tree_paths(lines: list[str]) -> list[str]:
    """The node paths a brief tree spells: a line hangs under the line above at one indent less."""
    paths: list[str] = []
    open_paths: list[str] = []
    for line in lines:
        label = line.lstrip(" ")
        indent = (len(line) - len(label)) // 2
        name = label.rsplit(": ", 1)[0]
        if indent == 0:
            path = name
        else:
            parent = open_paths[indent - 1]
            path = name if parent == "." else f"{parent}/{name}"
        open_paths = [*open_paths[:indent], path]
        paths.append(path)
    return paths
