"""The guide sent at initialize stays short and names only tools that exist."""

from __future__ import annotations

import re
from pathlib import Path

from godot_live_mcp.contract import CONTRACT
from godot_live_mcp.server.instructions import INSTRUCTIONS, MAX_INSTRUCTIONS
from godot_live_mcp.server.server_tools import DISCOVER_TOOLS, RUN_TOOL

TOOLS_PAGE = Path(__file__).resolve().parents[3] / "docs" / "tools.md"
SNAKE_NAME = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


def published_tools() -> set[str]:
    """The built-in tools, as the generated reference lists them (the engine tests check the live list)."""
    return set(re.findall(r"^### `([a-z_]+)`", TOOLS_PAGE.read_text("utf-8"), re.MULTILINE))


def test_the_instructions_fit_the_limit() -> None:
    assert len(INSTRUCTIONS) <= MAX_INSTRUCTIONS


def test_every_name_in_the_instructions_is_a_tool_or_a_group() -> None:
    known = published_tools() | {DISCOVER_TOOLS, RUN_TOOL} | set(CONTRACT.groups)
    named = set(SNAKE_NAME.findall(INSTRUCTIONS))
    assert named - known == set()
    assert {DISCOVER_TOOLS, RUN_TOOL, "game_start", "scene_save", "editor_undo"} <= named


def test_the_groups_the_instructions_list_are_groups_of_the_contract() -> None:
    listed = INSTRUCTIONS.split("come in groups (", 1)[1].split(")", 1)[0]
    named = re.findall(r"[a-z0-9_]+", listed)
    assert named
    assert set(named) <= set(CONTRACT.groups)
