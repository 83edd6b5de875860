"""The guide sent when a client connects stays short, names only tools that exist, lists the contract's
groups, and says which kind of connection this is: a tool list that grows, or a fixed one and run_tool."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mcp.client import Client

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.contract import CONTRACT
from godot_live_mcp.server.app import GodotMcpApp
from godot_live_mcp.server.instructions import FIXED_LIST, GROWING_LIST, INSTRUCTIONS, MAX_INSTRUCTIONS
from godot_live_mcp.server.server_tools import DISCOVER_TOOLS, RUN_TOOL
from godot_live_mcp.server.tool_policy import ToolPolicy
from tests.unit.fakes.sources import FixedSource

TOOLS_PAGE = Path(__file__).resolve().parents[3] / "docs" / "tools.md"
SNAKE_NAME = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
EVERY_KIND = (GROWING_LIST, FIXED_LIST, INSTRUCTIONS)


def published_tools() -> set[str]:
    """The built-in tools, as the generated reference lists them (the engine tests check the live list)."""
    return set(re.findall(r"^### `([a-z_]+)`", TOOLS_PAGE.read_text("utf-8"), re.MULTILINE))


@pytest.mark.parametrize("text", EVERY_KIND)
def test_the_instructions_fit_the_limit(text: str) -> None:
    assert len(text) <= MAX_INSTRUCTIONS


@pytest.mark.parametrize("text", EVERY_KIND)
def test_every_name_in_the_instructions_is_a_tool_or_a_group(text: str) -> None:
    known = published_tools() | {DISCOVER_TOOLS, RUN_TOOL} | set(CONTRACT.groups)
    named = set(SNAKE_NAME.findall(text))
    assert named - known == set()
    assert {DISCOVER_TOOLS, RUN_TOOL, "game_start", "scene_save", "editor_undo"} <= named


@pytest.mark.parametrize("text", EVERY_KIND)
def test_the_instructions_list_exactly_the_groups_of_the_contract(text: str) -> None:
    listed = text.split("Groups: ", 1)[1].split(".", 1)[0]
    assert listed.split(", ") == list(CONTRACT.groups)


@pytest.mark.anyio
@pytest.mark.parametrize(("mode", "expected"), [("legacy", GROWING_LIST), ("auto", FIXED_LIST)])
async def test_each_kind_of_connection_is_told_what_its_list_does(mode: str, expected: str) -> None:
    app = GodotMcpApp(EditorLink(FixedSource(None)), ToolPolicy())
    async with Client(app.server, mode=mode) as client:
        assert client.instructions == expected
    assert ("grows" in expected) == (mode == "legacy")
    assert ("run_tool calls it" in expected) == (mode == "auto")
