"""Regression (issue 9): parameters without a description, among them the modifier keys (ctrl, alt,
shift, meta) of the input_map event shape. Every parameter of the editor, project, input map,
autoload and class reference tools is described, nested ones included."""

from __future__ import annotations

from typing import Any

import pytest
from mcp.client import Client

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

PREFIXES = ("editor_", "project_", "input_map_", "autoload_", "classdb_")


def undescribed(schema: dict[str, Any], place: str) -> list[str]:
    """Every property under schema (objects and arrays of objects followed) without a description."""
    found: list[str] = []
    for name, field in schema.get("properties", {}).items():
        if not str(field.get("description", "")).strip():
            found.append(f"{place}.{name}")
        found += undescribed(field, f"{place}.{name}")
    if isinstance(schema.get("items"), dict):
        found += undescribed(schema["items"], f"{place}[]")
    return found


async def test_every_parameter_of_these_tools_has_a_description(tools: Client) -> None:
    listed = [tool for tool in (await tools.list_tools()).tools if tool.name.startswith(PREFIXES)]
    assert len(listed) >= 20
    assert [place for tool in listed for place in undescribed(tool.input_schema, tool.name)] == []
