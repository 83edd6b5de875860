"""Every parameter of every built-in tool has a description: a client has more than its name to go by.

Walks each published input schema: top-level parameters, fields of object parameters, array items and
the branches of anyOf/oneOf/allOf.
"""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


def undescribed(schema: Any, path: str) -> list[str]:
    """The JSON pointers under ``path`` of properties without a non-empty description."""
    if not isinstance(schema, dict):
        return []
    found: list[str] = []
    for name, field in (schema.get("properties") or {}).items():
        where = f"{path}/{name}"
        if not (isinstance(field, dict) and str(field.get("description", "")).strip()):
            found.append(where)
        found += undescribed(field, where)
    found += undescribed(schema.get("items"), f"{path}/items")
    for key in ("anyOf", "oneOf", "allOf"):
        for branch in schema.get(key) or []:
            found += undescribed(branch, path)
    return found


def test_the_walk_finds_nested_fields_without_description() -> None:
    schema = {
        "type": "object",
        "properties": {
            "a": {"type": "string", "description": "A."},
            "b": {"type": "object", "description": "B.", "properties": {"x": {"type": "number"}}},
            "c": {"type": "array", "items": {"type": "object", "properties": {"y": {}}}},
        },
    }
    assert undescribed(schema, "t") == ["t/b/x", "t/c", "t/c/items/y"]


async def test_every_parameter_of_every_built_in_tool_has_a_description(tools: Client) -> None:
    listed = (await tools.list_tools()).tools
    owner = "godot-live-mcp/owner"  # absent on a built-in tool
    builtin = [tool for tool in listed if (tool.meta or {}).get(owner, "builtin") == "builtin"]
    assert len(builtin) >= 100, "the walk found too few built-in tools"
    bare = [path for tool in builtin for path in undescribed(tool.input_schema, tool.name)]
    assert bare == [], f"{len(bare)} parameters without a description:\n" + "\n".join(bare)
