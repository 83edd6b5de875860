"""The response envelope is enforced at dispatch, and an oversized answer becomes an error, not silence."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.harness import expect_editor_error
from tests.mcp_results import failure, structured

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


@pytest.mark.parametrize(
    ("tool", "logged"),
    [
        (
            "harness_broken_non_dict",
            r"command 'harness\.broken_non_dict' returned int instead of a Dictionary",
        ),
        (
            "harness_broken_no_success",
            r"command 'harness\.broken_no_success' returned a Dictionary without 'success'",
        ),
    ],
)
async def test_a_handler_that_breaks_the_envelope_becomes_internal(
    tools: Client, tool: str, logged: str
) -> None:
    expect_editor_error(logged)
    result = await tools.call_tool(tool, {})
    assert failure(result)["code"] == "INTERNAL"
    assert "broke the response contract" in failure(result)["message"]


async def test_a_response_larger_than_the_buffer_is_refused_with_response_too_large(tools: Client) -> None:
    result = await tools.call_tool("harness_big_response", {"bytes": 2 * 1024 * 1024})
    assert failure(result)["code"] == "RESPONSE_TOO_LARGE"
    assert failure(result)["hint"]


async def test_the_editor_keeps_serving_after_an_oversized_response(tools: Client) -> None:
    await tools.call_tool("harness_big_response", {"bytes": 2 * 1024 * 1024})
    result = await tools.call_tool("harness_big_response", {"bytes": 100})
    assert structured(result)["payload"] == "x" * 100
