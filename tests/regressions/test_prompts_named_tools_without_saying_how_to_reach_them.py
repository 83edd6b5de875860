"""The built-in prompts named about ten tools outside the start-up list without saying how to reach
them, and ``build-level`` said screenshots do not work in a headless editor (the server restarts the
game on a display). Every tool a prompt or the instructions name must exist, and a text naming one
outside the start-up list must load its group with ``discover_tools`` or point at ``run_tool``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from godot_live_mcp.contract import CONTRACT
from godot_live_mcp.server.instructions import INSTRUCTIONS
from godot_live_mcp.server.projection import tool_name
from godot_live_mcp.server.prompts.builtin import BUILD_LEVEL, BUILTIN_PROMPTS
from godot_live_mcp.server.prompts.template import PromptTemplate
from godot_live_mcp.server.served_tools import server_run_tools
from godot_live_mcp.server.server_tools import DISCOVER_TOOLS, RUN_TOOL

TOOLS_PAGE = Path(__file__).resolve().parents[2] / "docs" / "tools.md"
CALLED = re.compile(r"\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\(")
NAMED = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
REQUEST = re.compile(r"discover_tools\s*\(\s*request\s*=\s*(\[[^\]]*\]|\"[^\"]*\")")


def tool_groups() -> dict[str, str | None]:
    """Each built-in tool's group (None: listed from the start), from the generated reference and the
    server-run tools."""
    groups: dict[str, str | None] = {}
    for section in TOOLS_PAGE.read_text("utf-8").split("\n### `")[1:]:
        group = re.search(r"^- \*\*Group:\*\* `([a-z0-9_]+)`", section, re.MULTILINE)
        groups[section.split("`", 1)[0]] = group.group(1) if group else None
    for tool in server_run_tools():
        group = (tool.meta or {}).get("godot-live-mcp/group")
        groups[tool.name] = group if isinstance(group, str) else None
    return groups


GROUPS = tool_groups()
START_UP = {tool_name(command) for command in CONTRACT.core_tools} | {
    n for n, g in GROUPS.items() if g is None
}


def requested_groups(text: str) -> set[str]:
    """The groups the text's discover_tools(request=...) calls load."""
    found: set[str] = set()
    for request in REQUEST.findall(text):
        value = json.loads(request)
        found.update([value] if isinstance(value, str) else value)
    return found


def unreached(text: str, named: set[str], *, run_tool_reaches: bool) -> set[str]:
    """The tools of ``named`` outside the start-up list whose group the text does not load (none when
    ``run_tool_reaches`` and the text points at run_tool)."""
    if run_tool_reaches and RUN_TOOL in text:
        return set()
    loaded = requested_groups(text)
    return {name for name in named - START_UP if GROUPS[name] not in loaded}


@pytest.mark.parametrize("prompt", BUILTIN_PROMPTS, ids=lambda prompt: prompt.name)
def test_a_prompt_names_only_tools_and_says_how_to_reach_them(prompt: PromptTemplate) -> None:
    text = prompt.text
    named = set(CALLED.findall(text))
    assert named - set(GROUPS) == set(), "not tools"
    assert requested_groups(text) <= set(CONTRACT.groups)
    assert unreached(text, named, run_tool_reaches=False) == set()


def test_the_instructions_name_only_tools_and_say_how_to_reach_them() -> None:
    named = set(NAMED.findall(INSTRUCTIONS)) - set(CONTRACT.groups)
    assert named - set(GROUPS) == set(), "not tools"
    assert {DISCOVER_TOOLS, RUN_TOOL} <= named
    assert unreached(INSTRUCTIONS, named, run_tool_reaches=True) == set()


def test_build_level_does_not_say_screenshots_fail_in_a_headless_editor() -> None:
    # runtime_screenshot works there: display=true draws the game, or the server restarts it on a display
    assert "not in a headless editor" not in BUILD_LEVEL.text
    assert "display=true" in BUILD_LEVEL.text
