"""Regression (issue 9): a misspelt tool name got UNKNOWN_TOOL without a suggestion, while misspelt
signal names had one; the hint now starts with the closest published tool names."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.mcp_results import failure

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_a_misspelt_tool_name_suggests_the_published_one(tools: Client) -> None:
    refused = failure(await tools.call_tool("node_gett", {"node_path": "Player"}))

    assert refused["code"] == "UNKNOWN_TOOL"
    assert refused["hint"].startswith("Did you mean 'node_get'"), refused


async def test_a_tool_name_with_its_words_swapped_suggests_the_published_one(tools: Client) -> None:
    refused = failure(await tools.call_tool("get_node", {"node_path": "Player"}))

    assert "'node_get'" in refused["hint"], refused


async def test_a_name_like_no_tool_gets_no_suggestion(tools: Client) -> None:
    refused = failure(await tools.call_tool("zzqx", {}))

    assert "Did you mean" not in refused["hint"], refused
