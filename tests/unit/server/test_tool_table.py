from __future__ import annotations

import logging
from typing import Any

import mcp_types as types
import pytest

from godot_live_mcp.bridge.queue_events import UNHEARD, CallListeners
from godot_live_mcp.server.arguments import ArgumentValidator
from godot_live_mcp.server.tool_table import ToolBackend, ToolEntry, ToolOwner, ToolTable


class Constant(ToolBackend):
    async def invoke(
        self, arguments: dict[str, Any], timeout_s: float, listeners: CallListeners = UNHEARD
    ) -> Any:
        return {"success": True}


def entry(
    name: str, owner: ToolOwner = ToolOwner.EDITOR, *, read_only: bool = True, open_world: bool = False
) -> ToolEntry:
    schema: dict[str, Any] = {"type": "object"}
    return ToolEntry(
        tool=types.Tool(name=name, input_schema=schema),
        owner=owner,
        backend=Constant(),
        arguments=ArgumentValidator(schema),
        read_only=read_only,
        timeout_s=1.0,
        open_world=open_world,
    )


def test_tools_are_listed_by_owner_then_in_the_order_given() -> None:
    table = ToolTable()
    table.replace({ToolOwner.PLUGIN: [entry("p_one", ToolOwner.PLUGIN)]})
    table.replace(
        {ToolOwner.EDITOR: [entry("b"), entry("a")], ToolOwner.EXTENSION: [entry("x", ToolOwner.EXTENSION)]}
    )
    assert [e.name for e in table.entries()] == ["b", "a", "x", "p_one"]


def test_replacing_one_owner_keeps_the_others() -> None:
    table = ToolTable()
    table.replace({ToolOwner.EDITOR: [entry("a")], ToolOwner.PLUGIN: [entry("p", ToolOwner.PLUGIN)]})
    table.replace({ToolOwner.EDITOR: [entry("b")]})
    assert [e.name for e in table.entries()] == ["b", "p"]
    assert table.get("a") is None


def test_replace_reports_whether_the_published_list_changed() -> None:
    table = ToolTable()
    assert table.replace({ToolOwner.EDITOR: [entry("a")]})
    assert not table.replace({ToolOwner.EDITOR: [entry("a")]})
    assert table.replace({ToolOwner.EDITOR: []})


def test_a_taken_name_is_refused_for_the_later_owner(caplog: pytest.LogCaptureFixture) -> None:
    table = ToolTable()
    with caplog.at_level(logging.ERROR):
        table.replace(
            {ToolOwner.EDITOR: [entry("same")], ToolOwner.PLUGIN: [entry("same", ToolOwner.PLUGIN)]}
        )
    assert [e.owner for e in table.entries()] == [ToolOwner.EDITOR]
    found = table.get("same")
    assert found is not None
    assert found.owner == ToolOwner.EDITOR
    assert "refusing tool 'same' from plugin" in caplog.text


def test_a_server_run_tool_keeps_its_name_against_an_extension_listed_before_it() -> None:
    table = ToolTable()
    table.replace(
        {
            ToolOwner.EXTENSION: [
                entry("test_list", ToolOwner.EXTENSION),
                entry("mine", ToolOwner.EXTENSION),
            ],
            ToolOwner.SERVER: [entry("test_list", ToolOwner.SERVER)],
        }
    )
    assert [(e.name, e.owner) for e in table.entries()] == [
        ("mine", ToolOwner.EXTENSION),
        ("test_list", ToolOwner.SERVER),
    ]
