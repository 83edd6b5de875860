"""One loop turns a group's ``COMMANDS`` into tool entries: marks become annotations, the shorthand
schemas, and the one paging helper shapes every list as the editor's lists are shaped."""

from __future__ import annotations

from pathlib import Path

import pytest

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.bridge.reply import CommandSuccess
from godot_live_mcp.server.tool_table import ToolOwner
from godot_live_mcp.server_tools import (
    SERVER_GROUPS,
    ServerCall,
    ServerContext,
    ServerGroup,
    ToolSpec,
    group_entries,
    page,
    page_args,
)

pytestmark = pytest.mark.anyio
CONTEXT = ServerContext(lambda: Path("/p"))


async def _rows(call: ServerCall) -> JsonObject:
    rows: list[JsonValue] = [{"n": n} for n in range(5)]
    return {"project": str(call.project())} | page("rows", rows, call.arguments, 2)


ROWS = ToolSpec(
    "Test: rows",
    "Rows.",
    _rows,
    args=page_args("row", "rows", 2),
    returns={"rows!": "array<object>", "@page": "rows offset"},
    marks="read_only idempotent long_running",
    timeout_ms=5000,
)


async def test_a_spec_becomes_an_entry_with_its_marks_as_annotations_and_runs_its_handler() -> None:
    [entry] = group_entries(ServerGroup("test", {"test_rows": ROWS}), CONTEXT)
    annotations = entry.tool.annotations
    assert annotations is not None
    assert annotations.read_only_hint
    assert annotations.idempotent_hint
    assert not annotations.destructive_hint
    assert (entry.owner, entry.read_only, entry.timeout_s, entry.group and entry.group.name) == (
        ToolOwner.SERVER,
        True,
        5.0,
        "test",
    )
    assert (entry.tool.meta or {})["godot-live-mcp/long_running"] is True
    reply = await entry.backend.invoke({"offset": 4}, 1.0)
    assert isinstance(reply, CommandSuccess)
    assert reply.data == {
        "project": "/p",
        "rows": [{"n": 4}],
        "has_more": False,
        "total_rows": 5,
        "returned": 1,
    }


def test_a_full_page_says_where_the_next_one_starts() -> None:
    first = page("rows", [1, 2, 3], {"limit": 2}, 50)
    assert (first["returned"], first["has_more"], first["next_offset"]) == (2, True, 2)
    assert "offset = 2" in str(first["hint"])


def test_an_unknown_mark_is_refused_when_the_group_is_read() -> None:
    wrong = ToolSpec("T", "t", _rows, marks="read_only readonly")
    with pytest.raises(ValueError, match="readonly"):
        group_entries(ServerGroup("test", {"test_wrong": wrong}), CONTEXT)


def test_every_server_group_is_a_contract_group_and_every_tool_is_described() -> None:
    entries = [entry for group in SERVER_GROUPS for entry in group_entries(group, CONTEXT)]
    assert {entry.name.split("_")[0] for entry in entries} >= {"editor", "lsp", "test", "export"}
    assert all(entry.tool.description and entry.tool.output_schema for entry in entries)
