"""Regression (issue 9): signal_watch advertised an `args` parameter it ignored (its schema dictionary was
shared with signal_emit and grew after use); declared as data, it takes only the node and the signal."""

from __future__ import annotations

import pytest
from mcp.client import Client

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_signal_watch_takes_only_the_node_and_the_signal(tools: Client) -> None:
    listed = {tool.name: tool for tool in (await tools.list_tools()).tools}
    assert set(listed["signal_watch"].input_schema["properties"]) == {"node_path", "signal"}
    assert set(listed["signal_emit"].input_schema["properties"]) == {"node_path", "signal", "args"}
