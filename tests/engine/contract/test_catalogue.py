"""The published tool surface as a client sees it: every built-in fully described."""

from __future__ import annotations

import re

import mcp_types as types
import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError
from mcp.client import Client

from godot_live_mcp.contract import CONTRACT

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

TEST_ONLY = ("harness_", "probe_")
SERVER_TOOLS = ("discover_tools", "run_tool")
MCP_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")


async def builtin_tools(client: Client) -> list[types.Tool]:
    """The editor's built-in commands as listed (the server's own discover_tools and run_tool aside)."""
    tools = (await client.list_tools()).tools
    return [tool for tool in tools if not tool.name.startswith(TEST_ONLY) and tool.name not in SERVER_TOOLS]


async def test_every_builtin_declares_an_object_output_schema(tools: Client) -> None:
    missing = [
        tool.name for tool in await builtin_tools(tools) if (tool.output_schema or {}).get("type") != "object"
    ]
    assert not missing, f"tools without an object outputSchema: {missing}"


async def test_every_builtin_input_schema_is_valid_json_schema(tools: Client) -> None:
    """The server trusts the built-in schemas (it checks only extensions' at run time): this is the check."""
    invalid = []
    for tool in await builtin_tools(tools):
        try:
            Draft202012Validator.check_schema(tool.input_schema)
        except SchemaError as error:
            invalid.append(f"{tool.name}: {error.message}")
    assert not invalid


async def test_every_builtin_has_a_description_annotations_and_an_object_input_schema(tools: Client) -> None:
    for tool in await builtin_tools(tools):
        assert len(tool.description or "") >= 20, tool.name
        assert tool.annotations is not None, tool.name
        assert tool.annotations.read_only_hint is not None, tool.name
        assert tool.input_schema.get("type") == "object", tool.name


async def test_every_published_name_follows_the_mcp_rules(tools: Client) -> None:
    limit = CONTRACT.limits["max_tool_name_length"]
    for tool in (await tools.list_tools()).tools:
        assert MCP_NAME.match(tool.name), tool.name
        assert len(tool.name) <= limit, tool.name
        assert "." not in tool.name, f"{tool.name}: dots become underscores when published"
