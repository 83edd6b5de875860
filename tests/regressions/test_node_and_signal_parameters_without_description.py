"""Regression (issue 9): some parameters had no description (`properties` of node_create and
node_set_property among them), so a client had only the name to go by."""

from __future__ import annotations

import pytest
from mcp.client import Client

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

# The node and signal tools of the editor: their every parameter is described.
TOOLS = {
    "node_create",
    "node_delete",
    "node_duplicate",
    "node_rename",
    "node_reparent",
    "node_move",
    "node_get",
    "node_set_property",
    "node_list_properties",
    "node_add_to_group",
    "node_remove_from_group",
    "signal_list",
    "signal_connect",
    "signal_disconnect",
}


async def test_every_parameter_of_the_node_and_signal_tools_has_a_description(tools: Client) -> None:
    listed = {tool.name: tool for tool in (await tools.list_tools()).tools}
    assert listed.keys() >= TOOLS
    bare = [
        f"{name}.{parameter}"
        for name in sorted(TOOLS)
        for parameter, schema in listed[name].input_schema.get("properties", {}).items()
        if not str(schema.get("description", "")).strip()
    ]
    assert bare == []
