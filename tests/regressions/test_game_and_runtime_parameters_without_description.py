"""Regression (issue 9): parameters of the game tools had no description (input_key's `modifiers`), or
one that was a hint instead (every runtime `node_path`: "Use runtime_get_tree ...")."""

from __future__ import annotations

import pytest
from mcp.client import Client

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

NAMESPACES = ("runtime_", "input_", "execute_", "game_")
SIGNAL_TOOLS = {"signal_watch", "signal_unwatch", "signal_get_events", "signal_emit"}


async def test_every_parameter_of_the_game_tools_has_a_description(tools: Client) -> None:
    listed = {tool.name: tool for tool in (await tools.list_tools()).tools}
    names = sorted(name for name in listed if name.startswith(NAMESPACES) or name in SIGNAL_TOOLS)
    assert "input_key" in names
    assert "runtime_get_node" in names
    bare = [
        f"{name}.{parameter}"
        for name in names
        for parameter, schema in listed[name].input_schema.get("properties", {}).items()
        if not str(schema.get("description", "")).strip()
    ]
    assert bare == []
    node_path = listed["runtime_get_node"].input_schema["properties"]["node_path"]["description"]
    assert node_path.startswith("Path of a live node")
