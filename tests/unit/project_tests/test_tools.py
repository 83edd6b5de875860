"""The server's test tools as published: names, group, marks, described parameters, and no project."""

from __future__ import annotations

from pathlib import Path

import pytest

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.server.tool_table import ToolOwner
from godot_live_mcp.server_tools import ServerContext, export, group_entries, project_tests
from tests.engine.test_tool_descriptions import undescribed

pytestmark = pytest.mark.anyio

ENTRIES = [
    *group_entries(project_tests.GROUP, ServerContext(lambda: Path("/p"))),
    *group_entries(export.GROUP, ServerContext(lambda: Path("/p"))),
]


def test_the_tools_are_the_servers_own_in_the_test_and_export_groups() -> None:
    published = {entry.name: (entry.owner, entry.group.name if entry.group else None) for entry in ENTRIES}
    assert published == {
        "test_list": (ToolOwner.SERVER, "test"),
        "test_run": (ToolOwner.SERVER, "test"),
        "playtest_sweep": (ToolOwner.SERVER, "test"),
        "export_list_presets": (ToolOwner.SERVER, "export"),
        "export_create_preset": (ToolOwner.SERVER, "export"),
        "export_run": (ToolOwner.SERVER, "export"),
    }


def test_only_the_listing_tools_are_read_only() -> None:
    read_only = {entry.name for entry in ENTRIES if entry.read_only}
    assert read_only == {"test_list", "export_list_presets"}
    for entry in ENTRIES:
        assert entry.tool.annotations is not None
        assert entry.tool.annotations.read_only_hint is entry.read_only
        # export_run replaces what stands at its output paths: --confirm destructive asks before it.
        assert entry.tool.annotations.destructive_hint is (entry.name == "export_run")


def test_every_parameter_is_described_and_descriptions_stay_short() -> None:
    for entry in ENTRIES:
        assert undescribed(entry.tool.input_schema, entry.name) == []
        assert entry.tool.description is not None
        assert len(entry.tool.description) <= 200


async def test_without_a_project_the_tools_say_how_to_get_one() -> None:
    [listing, *_] = group_entries(project_tests.GROUP, ServerContext(lambda: None))
    with pytest.raises(ToolError) as raised:
        await listing.backend.invoke({}, 10.0)
    assert raised.value.code == ErrorCode.EDITOR_NOT_RUNNING
    assert "--project" in raised.value.hint
