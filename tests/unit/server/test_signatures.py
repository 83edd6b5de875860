"""One line a tool for discovery: required then optional arguments with types, enums and defaults,
what the result holds, and the description's first sentence."""

from __future__ import annotations

from typing import Any

import mcp_types as types

from godot_live_mcp.server.signatures import first_sentence, signature


def tool(
    schema: dict[str, Any],
    description: str = "Fill a rectangle. More text.",
    output: dict[str, Any] | None = None,
) -> types.Tool:
    return types.Tool(
        name="tilemap_fill_rect", description=description, input_schema=schema, output_schema=output
    )


def test_required_first_then_optional_with_types_enums_and_defaults() -> None:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "alternative": {"type": "integer", "default": 0},
            "atlas": {"type": "array", "items": {"type": "integer"}, "default": [0.0, 0.0]},
            "node_path": {"type": "string"},
            "mode": {"type": "string", "enum": ["set", "erase"]},
            "cells": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}}},
            "source": {"type": ["integer", "string"]},
            "anything": {},
        },
        "required": ["node_path", "cells"],
    }
    output = {"type": "object", "properties": {"filled": {"type": "integer"}}}
    assert signature(tool(schema, output=output)) == (
        "tilemap_fill_rect(node_path: str, cells: list[list[int]], alternative?: int=0, "
        "atlas?: list[int]=[0,0], mode?: set|erase, source?: int|str, anything?: any) -> filled. "
        "Fill a rectangle."
    )


def test_long_enums_defaults_and_sentences_are_cut() -> None:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "kind": {"enum": list("abcdefgh")},
            "text": {"type": "string", "default": "x" * 40},
        },
    }
    line = signature(tool(schema, description="Word " * 40))
    assert "kind?: a|b|c|d|e|f|…" in line
    assert "text?: str=…" in line
    assert len(first_sentence("Word " * 40)) == 90
    assert line.endswith("…")


def test_a_tool_without_arguments_or_description() -> None:
    assert signature(tool({"type": "object"}, description="")) == "tilemap_fill_rect()"
