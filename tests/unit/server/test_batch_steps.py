"""editor_batch's steps: each checked as a direct call before any runs, a refusal naming its step."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import mcp_types as types
import pytest

from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.contract import ErrorCode, ToolError, addon_source_dir
from godot_live_mcp.server.arguments import ArgumentValidator
from godot_live_mcp.server.batch_steps import (
    REFERENCE,
    StepChecks,
    batch_arguments,
    checked_steps,
    has_reference,
    losing_steps,
)
from godot_live_mcp.server.confirm import would_lose_work
from godot_live_mcp.server.tool_policy import ToolPolicy
from godot_live_mcp.server.tool_table import ToolEntry, ToolOwner
from tests.unit.server.test_tool_table import entry

pytestmark = pytest.mark.anyio

_NODE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"node_path": {"type": "string"}, "x": {"type": "number"}},
    "required": ["node_path"],
    "additionalProperties": False,
}


def _tools() -> dict[str, ToolEntry]:
    node_move = dataclasses.replace(
        entry("node_move", read_only=False),
        tool=types.Tool(name="node_move", input_schema=_NODE_SCHEMA),
        arguments=ArgumentValidator(_NODE_SCHEMA),
    )
    node_delete = dataclasses.replace(
        entry("node_delete", read_only=False),
        tool=types.Tool(
            name="node_delete",
            input_schema={"type": "object"},
            annotations=types.ToolAnnotations(destructive_hint=True),
        ),
    )
    listed = [
        entry("scene_get_tree"),
        node_move,
        node_delete,
        entry("editor_execute", read_only=False, open_world=True),
        entry("test_run", ToolOwner.SERVER, read_only=False),
        dataclasses.replace(entry("editor_batch", read_only=False), marks=frozenset({"runs_steps"})),
    ]
    return {each.name: each for each in listed}


def _checks(policy: ToolPolicy, seen: list[str] | None = None) -> StepChecks:
    tools = _tools()

    async def call_check(step: ToolEntry, given: JsonObject) -> None:
        if seen is not None:
            seen.append(step.name)

    return StepChecks(
        lookup=tools.get,
        published=lambda: list(tools),
        policy=policy.check,
        aim=lambda step, given: {**given, "scene": "res://main.tscn"} if step.name == "node_move" else given,
        call_check=call_check,
    )


def _batch(*steps: tuple[str, JsonObject]) -> JsonObject:
    return {"steps": [{"tool": tool, "arguments": arguments} for tool, arguments in steps]}


async def _refusal(arguments: JsonObject, policy: ToolPolicy | None = None) -> ToolError:
    with pytest.raises(ToolError) as refused:
        await checked_steps(arguments, _checks(policy or ToolPolicy()))
    return refused.value


async def test_every_step_is_validated_aimed_and_checked_in_order() -> None:
    seen: list[str] = []
    arguments = _batch(("scene_get_tree", {}), ("node_move", {"node_path": "A", "x": 2.5}))
    steps = await checked_steps(arguments, _checks(ToolPolicy(), seen))
    assert [step.entry.name for step in steps] == ["scene_get_tree", "node_move"]
    assert steps[1].arguments == {"node_path": "A", "x": 2.5, "scene": "res://main.tscn"}
    assert seen == ["scene_get_tree", "node_move"]
    assert batch_arguments(arguments, steps)["steps"] == [
        {"tool": "scene_get_tree", "arguments": {}},
        {"tool": "node_move", "arguments": {"node_path": "A", "x": 2.5, "scene": "res://main.tscn"}},
    ]


async def test_read_only_mode_refuses_the_mutating_step_by_its_index() -> None:
    arguments = _batch(("scene_get_tree", {}), ("node_move", {"node_path": "A"}))
    refused = await _refusal(arguments, ToolPolicy(read_only=True))
    assert refused.code == ErrorCode.READ_ONLY_MODE
    assert refused.message.startswith("Step 1 (node_move): node_move can change the project")


async def test_code_execution_in_a_step_needs_the_same_opt_in_as_a_direct_call() -> None:
    arguments = _batch(("editor_execute", {"code": "1"}))
    assert (await _refusal(arguments)).code == ErrorCode.PERMISSION_DENIED
    assert await checked_steps(arguments, _checks(ToolPolicy(allow_execute=True)))


async def test_unknown_server_and_nested_batch_steps_are_refused() -> None:
    unknown = await _refusal(_batch(("node_mvoe", {"node_path": "A"})))
    assert (unknown.code, unknown.message[:20]) == (ErrorCode.UNKNOWN_TOOL, "Step 0 (node_mvoe): ")
    assert "node_move" in unknown.hint
    for tool in ("test_run", "editor_batch"):
        refused = await _refusal(_batch(("scene_get_tree", {}), (tool, {})))
        assert (refused.code, refused.message.startswith(f"Step 1 ({tool}): ")) == (
            ErrorCode.INVALID_PARAMS,
            True,
        )


async def test_bad_arguments_name_their_step() -> None:
    refused = await _refusal(_batch(("node_move", {"x": 1})))
    assert refused.code == ErrorCode.INVALID_PARAMS
    assert refused.message.startswith("Step 0 (node_move): ")


async def test_a_step_with_references_is_left_for_the_editor_to_check() -> None:
    arguments = _batch(("node_move", {"node_path": "A"}), ("node_move", {"node_path": "B", "x": "$0.x"}))
    steps = await checked_steps(arguments, _checks(ToolPolicy()))
    assert steps[1].arguments["x"] == "$0.x"


def test_references_are_found_at_any_depth_and_dollar_dollar_is_no_reference() -> None:
    assert has_reference({"a": [{"b": "$2.node_path/Sprite"}]})
    assert not has_reference({"a": "$$0.node_path", "b": "$x", "c": "cost: $5"})


def test_the_server_and_the_editor_read_references_with_one_pattern() -> None:
    source = (addon_source_dir() / "authoring" / "step_references.gd").read_text("utf-8")
    declared = re.search(r'^const PATTERN := "(.*)"$', source, re.MULTILINE)
    assert declared is not None
    assert declared.group(1).replace("\\\\", "\\") == REFERENCE.pattern


async def test_steps_that_lose_work_are_listed_one_line_each() -> None:
    arguments = _batch(
        ("scene_get_tree", {}), ("node_delete", {"node_path": "A"}), ("node_move", {"node_path": "B"})
    )
    steps = await checked_steps(arguments, _checks(ToolPolicy()))
    assert losing_steps(steps, would_lose_work) == "Step 1 (node_delete): node_path=A"
    assert losing_steps(steps[:1], would_lose_work) == ""
