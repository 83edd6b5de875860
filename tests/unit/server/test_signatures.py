"""One line a tool for discovery: required then optional arguments with types, enums and defaults, and
the description's first sentence, within the line budget."""

from __future__ import annotations

from typing import Any

import mcp_types as types

from godot_live_mcp.server.signatures import LINE_BUDGET, first_sentence, signature


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
    assert signature(tool(schema)) == (
        "tilemap_fill_rect(node_path: str, cells: list[list[int]], alternative?: int=0, "
        "atlas?: list[int]=[0,0], mode?: set|erase, source?: int|str, anything?: any). Fill a rectangle."
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


def test_a_long_signature_keeps_its_required_arguments_and_counts_the_optional_ones_left_out() -> None:
    optional = {f"option_{index}": {"type": "string", "enum": ["first", "second"]} for index in range(12)}
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {"scene": {"type": "string"}, **optional, "node_path": {"type": "string"}},
        "required": ["node_path"],
    }
    line = signature(tool(schema, description="Fill a rectangle of cells with one tile of a source."))
    assert len(line) <= LINE_BUDGET
    assert line.startswith("tilemap_fill_rect(node_path: str, option_0?: first|second, ")
    assert "scene" not in line  # an argument many tools share gives way to the tool's own
    shown = line.count("?: ")
    assert f", +{13 - shown} more). Fill a rectangle of cells with one tile of a source." in line
