"""Regression (issue 9): a wrong argument name (``node_get {path: "Player"}``) was answered with the hint
of a same-named parameter of other tools ("Use file_list to see the project's files"); the hint of an
unknown argument now names the arguments the tool takes, the closest first."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.mcp_results import failure

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_a_wrong_argument_name_is_answered_with_the_names_the_tool_takes(tools: Client) -> None:
    refused = failure(await tools.call_tool("node_get", {"path": "Player"}))

    assert refused["code"] == "INVALID_PARAMS"
    assert "/path is not an argument of node_get" in refused["message"], refused
    assert "file_list" not in refused["hint"], refused
    assert refused["hint"].startswith("Did you mean 'node_path'? "), refused
    assert "node_path" in refused["message"], refused
