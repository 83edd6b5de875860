"""Hypothesis strategies for the campaign: hostile paths, node names and paths, and protocol frames."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import strategies as st

# Spellings that have escaped a lexical guard somewhere: traversal, absolute and foreign roots,
# encodings, NUL and control characters, case games on the addon folder, and the links planted inside.
_TRICKS = [
    "..",
    ".",
    "",
    "...",
    "....",
    "./..",
    "..\\..",
    "%2e%2e",
    "%2e%2e%2f",
    "..%2f",
    "..%c0%af",
    "\u2025",
    "C:",
    "C:\\",
    "\\\\server\\share",
    "//server/share",
    "/etc",
    "/tmp",
    "~",
    "$HOME",
    "${HOME}",
    "\x00",
    "a\x00b",
    "\n",
    "a\nb",
    "\r",
    "\t",
    "\u202e",
    "\u2066",
    "\ufeff",
    "con",
    "nul",
    " ",
    "addons/godot_live_mcp",
    "ADDONS/Godot_Live_MCP",
    "addons/./godot_live_mcp",
    ".godot",
    "project.godot",
    "link_out",
    "link_out/deeper",
    "canary_link.txt",
    "fuzz/deep/up",
    "fuzz/deep/self",
    "fuzz",
    "é",
    "日本",
]
_ROOTS = ["res://", "", "/", "res:///", "res:////", "user://", "file://", "RES://", "res:\\\\", "res://fuzz/"]
_ENDS = ["", "/", "outside_canary.txt", "/outside_canary.txt", "canary.tscn", "deeper/canary.tscn", ".tscn"]

segment = st.one_of(st.sampled_from(_TRICKS), st.text(min_size=1, max_size=8))
hostile_path = st.builds(
    lambda root, parts, end: root + "/".join(parts) + end,
    st.sampled_from(_ROOTS),
    st.lists(segment, min_size=1, max_size=6),
    st.sampled_from(_ENDS),
)
# Writes aim at the outside canary and at the project's own files through every spelling above.
write_target = st.builds(
    lambda path, name: path.rstrip("/") + "/" + name,
    hostile_path,
    st.sampled_from(["outside_canary.txt", "fuzz_new.txt", "canary.tscn", "project.godot", "x.gd"]),
)

_NODE_TRICKS = [
    "..",
    "../..",
    "/root",
    "/root/EditorNode",
    "/",
    ".",
    "",
    "%Player",
    "%",
    "@",
    "Player/..",
    "Player/../..",
    "../../..",
    "root",
    "Player:position",
    "Player/Sprite2D",
    "\u202eyalP",
    "a\nb",
    "a\x00b",
    "\t",
    "Player\u200b",
    "$Player",
    "^Player",
    "Player/../../..",
    "..\\..",
    "./..",
]
node_path = st.one_of(
    st.sampled_from(_NODE_TRICKS),
    st.lists(st.sampled_from(_NODE_TRICKS), min_size=1, max_size=4).map("/".join),
    st.text(max_size=12),
)
node_name = st.one_of(st.sampled_from(_NODE_TRICKS), st.text(max_size=24))

json_leaf = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=16),
)
json_value = st.recursive(
    json_leaf,
    lambda children: st.one_of(
        st.lists(children, max_size=4), st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


_ids = st.one_of(st.integers(min_value=-(2**64), max_value=2**64), st.text(max_size=6), st.none(), json_value)


def frame_object(methods: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """JSON-RPC-shaped objects with fields missing, mistyped or extra."""
    return st.fixed_dictionaries(
        {},
        optional={
            "jsonrpc": st.sampled_from(["2.0", "1.0", 2, None]),
            "id": _ids,
            "method": st.one_of(st.sampled_from(methods), st.text(max_size=12), json_value),
            "params": st.one_of(st.dictionaries(st.text(max_size=8), json_value, max_size=4), json_value),
            "result": json_value,
            "error": json_value,
        },
    )


def frame_text(methods: list[str]) -> st.SearchStrategy[str]:
    """A frame's text: a JSON-RPC-shaped object, any JSON, deep nesting, or not JSON at all."""
    return st.one_of(
        frame_object(methods).map(json.dumps),
        json_value.map(json.dumps),
        st.lists(frame_object(methods), max_size=3).map(json.dumps),
        st.integers(min_value=190, max_value=600).map(nested),
        st.text(max_size=40),
    )
