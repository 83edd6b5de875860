"""Measuring a tool surface: characters and tokens of tools/list without output schemas, and of them apart."""

from __future__ import annotations

import json

import mcp_types as types

from godot_live_mcp.server.surface_size import measure, standard_surfaces, tokenizer
from tests.unit.server.surface_catalog import entries


def test_output_schemas_are_counted_apart() -> None:
    tool = types.Tool(
        name="a_b",
        description="Does b.",
        input_schema={"type": "object"},
        output_schema={"type": "object", "properties": {"x": {"type": "integer"}}},
    )
    size = measure("one", [tool], len)
    listed = '{"tools":[{"name":"a_b","description":"Does b.","inputSchema":{"type":"object"}}]}'
    assert (size.tools, size.characters, size.tokens) == (1, len(listed), len(listed))
    assert size.output_schema_characters == len(json.dumps([tool.output_schema], separators=(",", ":")))


def test_the_tokenizer_is_real_or_says_it_estimates() -> None:
    counter = tokenizer()
    count = counter.count("discover_tools lists every group")
    if counter.name == "characters/4":
        assert count == 8
    else:
        assert counter.name.startswith("o200k_base")
        assert 3 < count < 15


def test_the_standard_surfaces_are_core_read_only_and_all() -> None:
    surfaces = standard_surfaces(entries())
    names = {name: [tool.name for tool in tools] for name, tools in surfaces.items()}
    assert names["core"] == ["discover_tools", "run_tool", "scene_get_tree", "node_get", "editor_ping"]
    assert names["read-only"] == names["core"]
    assert len(names["all"]) == 2 + len(entries())
