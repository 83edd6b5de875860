"""The prompts: the built-in ones render and name tools in call form; projects add their own as files."""

from __future__ import annotations

from pathlib import Path

import mcp_types as types
import pytest
from mcp.shared.exceptions import MCPError

from godot_live_mcp.server.prompts import (
    BUILTIN_PROMPTS,
    PROMPTS_FOLDER,
    MissingArgumentError,
    PromptFileError,
    PromptLibrary,
    PromptTemplate,
    read_prompt_file,
    tool_calls,
)
from tests.unit.server.feature_session import serving

pytestmark = pytest.mark.anyio

EXPECTED = {"debug-scene", "write-test", "build-level", "review-script", "profile-game"}


def sample_values(prompt_arguments: list[str]) -> dict[str, str]:
    return {name: f"<{name} value>" for name in prompt_arguments}


def test_the_built_in_prompts_are_the_five_of_the_issue() -> None:
    assert {prompt.name for prompt in BUILTIN_PROMPTS} == EXPECTED


@pytest.mark.parametrize("template", BUILTIN_PROMPTS, ids=lambda t: t.name)
def test_each_built_in_prompt_renders_every_argument_and_names_tools(template: PromptTemplate) -> None:
    values = sample_values([arg.name for arg in template.arguments])
    text = template.render(values)
    assert "{{" not in text
    for value in values.values():
        assert value in text
    assert len(tool_calls(text)) >= 5
    assert template.description
    assert template.title


def test_a_missing_required_argument_is_named_with_its_description() -> None:
    template = next(t for t in BUILTIN_PROMPTS if t.name == "debug-scene")
    with pytest.raises(MissingArgumentError, match="node_path: Path of the node"):
        template.render({"scene": "res://a.tscn"})


def test_tool_calls_are_read_with_their_parameter_names() -> None:
    text = 'Use scene_get_tree(scene="{{s}}", max_depth=3), then game_stop() and node_get(\n node_path=...).'
    assert tool_calls(text) == [
        ("scene_get_tree", ["scene", "max_depth"]),
        ("game_stop", []),
        ("node_get", ["node_path"]),
    ]


def write_prompt(project: Path, name: str, text: str) -> Path:
    folder = project / PROMPTS_FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.md"
    path.write_text(text, "utf-8")
    return path


ADD_ENEMY = """---
title: Add an enemy
description: Add an enemy to a level.
arguments:
  - name: scene
    description: res:// path of the level.
  - name: kind
    description: What kind of enemy.
    required: false
---
Add a {{kind}} enemy to {{scene}} with scene_instantiate(path=..., scene="{{scene}}").
"""


def test_a_prompt_file_reads_its_front_matter(tmp_path: Path) -> None:
    template = read_prompt_file(write_prompt(tmp_path, "add-enemy", ADD_ENEMY))
    assert template.name == "add-enemy"
    assert template.title == "Add an enemy"
    assert [(a.name, a.required) for a in template.arguments] == [("scene", True), ("kind", False)]
    assert template.render({"scene": "res://l.tscn"}) == (
        'Add a  enemy to res://l.tscn with scene_instantiate(path=..., scene="res://l.tscn").'
    )


def test_a_prompt_file_without_front_matter_is_all_text(tmp_path: Path) -> None:
    template = read_prompt_file(write_prompt(tmp_path, "plain", "Just run game_start()."))
    assert template.arguments == ()
    assert template.render(None) == "Just run game_start()."


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("---\ntitle: [unclosed\n---\nx", "not valid YAML"),
        ("---\n- a list\n---\nx", "must be a mapping"),
        ("---\ntitle: x\nno end", "no closing"),
        ("---\narguments:\n  - description: no name\n---\nx", "needs a name"),
    ],
)
def test_a_broken_prompt_file_says_what_to_fix(tmp_path: Path, text: str, problem: str) -> None:
    with pytest.raises(PromptFileError, match=problem):
        read_prompt_file(write_prompt(tmp_path, "broken", text))


def test_project_prompts_follow_the_built_in_ones_and_never_shadow_them(tmp_path: Path) -> None:
    write_prompt(tmp_path, "add-enemy", ADD_ENEMY)
    write_prompt(tmp_path, "debug-scene", "A replacement that must be refused.")
    write_prompt(tmp_path, "Bad Name", "refused: not a prompt name")
    names = [t.name for t in PromptLibrary(lambda: tmp_path).templates()]
    assert names == [t.name for t in BUILTIN_PROMPTS] + ["add-enemy"]


async def test_prompts_over_mcp_list_and_render(tmp_path: Path) -> None:
    write_prompt(tmp_path, "add-enemy", ADD_ENEMY)
    async with serving(tmp_path) as session:
        listed = (await session.client.list_prompts()).prompts
        rendered = await session.client.get_prompt("review-script", {"path": "res://player.gd"})
        with pytest.raises(MCPError, match="needs the argument"):
            await session.client.get_prompt("review-script", {})
        with pytest.raises(MCPError, match="No prompt named 'nope'"):
            await session.client.get_prompt("nope", {})
    assert [p.name for p in listed] == [t.name for t in BUILTIN_PROMPTS] + ["add-enemy"]
    review = next(p for p in listed if p.name == "review-script")
    assert [(a.name, a.required) for a in review.arguments or []] == [("path", True)]
    message = rendered.messages[0]
    assert message.role == "user"
    assert isinstance(message.content, types.TextContent)
    assert 'script_read(path="res://player.gd")' in message.content.text
