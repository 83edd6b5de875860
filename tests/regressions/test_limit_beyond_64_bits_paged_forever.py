"""Regression (issue 14): ``limit: 2**64`` passed the schema, wrapped to a negative page size in Godot
and answered no items with ``has_more: true`` and ``next_offset: 0``, so a client that follows paging
looped forever. The server now checks every integer within ±(2^53 - 1) (published schemas carry only
the bounds a command declares), and a page with more after it always advances."""

from __future__ import annotations

from typing import Any

import mcp_types as types
import pytest
from mcp.client import Client

from godot_live_mcp.bridge.catalog import parse_command
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError
from godot_live_mcp.server.arguments import ArgumentValidator
from godot_live_mcp.server.projection import project_command
from godot_live_mcp.server.schema_bounds import MAX_SAFE_INTEGER
from tests.mcp_results import failure, structured
from tests.unit.fakes.fake_editor import command

PAGED = {
    "type": "object",
    "properties": {"offset": {"type": "integer", "minimum": 0}, "limit": {"type": "integer", "minimum": 1}},
}


@pytest.mark.parametrize("limit", [2**64, 2**63, 2**53, -(2**64)])
def test_a_limit_past_the_safe_range_is_refused_before_it_leaves(limit: int) -> None:
    tool = project_command(parse_command(command("file.list", input_schema=PAGED)))
    with pytest.raises(ToolError) as refused:
        ArgumentValidator(tool.input_schema).validate(tool.name, {"limit": limit})
    assert refused.value.code == ErrorCode.INVALID_PARAMS
    assert "/limit" in refused.value.message


def test_the_largest_safe_limit_is_accepted() -> None:
    tool = project_command(parse_command(command("file.list", input_schema=PAGED)))
    assert ArgumentValidator(tool.input_schema).validate(tool.name, {"limit": MAX_SAFE_INTEGER}) == {
        "limit": MAX_SAFE_INTEGER
    }


def integer_fields(schema: Any, path: str = "") -> list[tuple[str, dict[str, Any]]]:
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(schema, dict):
        kinds = schema.get("type")
        if "integer" in (kinds if isinstance(kinds, list) else [kinds]):
            found.append((path, schema))
        for key, value in schema.items():
            if key not in ("default", "enum", "const", "examples"):
                found += integer_fields(value, f"{path}/{key}")
    elif isinstance(schema, list):
        for index, value in enumerate(schema):
            found += integer_fields(value, f"{path}/{index}")
    return found


# Paged tools with no required argument that still need something a schema cannot require: one of two
# targets (a file or a node), a test framework in the project, or a script (inline or a path), and that
# run games. Their paging is tested in their modules.
NEED_A_TARGET = {"shader_list_uniforms", "sprite_get_frames", "test_list", "playtest_sweep"}


def paging_tools(tools: list[types.Tool]) -> list[str]:
    """The paged tools a call without arguments can page through."""
    return sorted(
        tool.name
        for tool in tools
        if {"offset", "limit"} <= set(tool.input_schema.get("properties", {}))
        and not tool.input_schema.get("required")
        and not tool.name.startswith("runtime_")
        and tool.name not in NEED_A_TARGET
    )


@pytest.mark.engine
@pytest.mark.anyio
async def test_published_integers_carry_only_declared_bounds(tools: Client) -> None:
    listed = (await tools.list_tools()).tools
    default_bounds = [
        f"{tool.name}{path}"
        for tool in listed
        for path, field in integer_fields(tool.input_schema)
        if MAX_SAFE_INTEGER in (field.get("maximum"), -field.get("minimum", 0))
    ]
    assert default_bounds == []  # the server checks them; a model gains nothing from reading them
    assert len(paging_tools(listed)) >= 5


@pytest.mark.engine
@pytest.mark.anyio
async def test_paging_always_advances_and_a_huge_limit_is_refused(tools: Client) -> None:
    for name in paging_tools((await tools.list_tools()).tools):
        refused = failure(await tools.call_tool(name, {"limit": 2**64}))
        assert refused["code"] == ErrorCode.INVALID_PARAMS, (name, refused)
        offset = 0
        for _ in range(3):
            page = structured(await tools.call_tool(name, {"offset": offset, "limit": 1}))
            if not page["has_more"]:
                break
            assert page["next_offset"] > offset, (name, page)
            offset = page["next_offset"]
        whole = structured(await tools.call_tool(name, {"limit": CONTRACT.limits["max_page_limit"]}))
        assert whole["has_more"] is False, (name, whole)
