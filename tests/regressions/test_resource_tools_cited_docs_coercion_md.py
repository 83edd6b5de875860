"""Regression (issue 9): the resource tools described their values by citing docs/coercion.md, a
file the client cannot see; the file, folder, script and resource tools now name a tool instead."""

from __future__ import annotations

import json

import pytest
from mcp.client import Client

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

PREFIXES = ("file_", "folder_", "script_", "resource_")


async def test_no_description_of_these_tools_cites_a_file(tools: Client) -> None:
    listed = [tool for tool in (await tools.list_tools()).tools if tool.name.startswith(PREFIXES)]
    assert len(listed) >= 21
    citing = [
        tool.name
        for tool in listed
        if ".md" in json.dumps([tool.description, tool.input_schema, tool.output_schema])
    ]
    assert citing == []
    values = next(tool for tool in listed if tool.name == "resource_set_property").input_schema
    assert "resource_get" in values["properties"]["value"]["description"]
