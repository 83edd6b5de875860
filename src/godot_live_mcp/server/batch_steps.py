"""The steps of a tool marked ``runs_steps`` (``editor_batch``): the server's policy on every step first.

Each step is looked up and checked as a direct call would be (read-only mode and the execute opt-in by
the tool policy, read-only mode's checks on the call, argument validation, the session's scene), before
any step runs; so a refused step changes nothing. Steps that may delete or overwrite are put to the
person in one question (``--confirm destructive``). A refusal names its step.

A step whose arguments refer to an earlier step's result (``"$N.field"``) gets its value only in the
editor, when it runs: the editor checks those arguments, and the references themselves.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.server.suggestions import did_you_mean
from godot_live_mcp.server.tool_table import ToolEntry, ToolOwner

__all__ = [
    "REFERENCE",
    "BatchStep",
    "StepChecks",
    "batch_arguments",
    "checked_steps",
    "has_reference",
    "losing_steps",
]

STEPS = "steps"
# The same pattern as the editor's authoring/step_references.gd, which resolves them.
REFERENCE = re.compile(r"^\$([0-9]+)\.([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)(/.*)?$")
_BATCHABLE_OWNERS = (ToolOwner.EDITOR, ToolOwner.EXTENSION)


@dataclass(frozen=True)
class BatchStep:
    index: int
    entry: ToolEntry
    arguments: JsonObject

    @property
    def label(self) -> str:
        return f"Step {self.index} ({self.entry.name})"


@dataclass(frozen=True)
class StepChecks:
    """What a direct call goes through, for one step: ``lookup`` a tool by name (None: no such tool),
    the tool ``policy`` (raises), ``aim`` at the session's scene, and read-only mode's ``call_check``."""

    lookup: Callable[[str], ToolEntry | None]
    published: Callable[[], list[str]]
    policy: Callable[[ToolEntry], None]
    aim: Callable[[ToolEntry, JsonObject], JsonObject]
    call_check: Callable[[ToolEntry, JsonObject], Awaitable[None]] | None


async def checked_steps(arguments: JsonObject, checks: StepChecks) -> list[BatchStep]:
    """The batch's steps, each checked and with its arguments as they will be sent; raises the first
    refusal as a ``ToolError`` whose message names the step."""
    steps: list[BatchStep] = []
    raw_steps = arguments.get(STEPS)
    for index, raw in enumerate(raw_steps if isinstance(raw_steps, list) else []):
        step = raw if isinstance(raw, dict) else {}
        tool, given = str(step.get("tool", "")), step.get("arguments")
        try:
            steps.append(await _checked(index, tool, given if isinstance(given, dict) else {}, checks))
        except ToolError as refused:
            raise ToolError(refused.code, _named(index, tool, refused.message), refused.hint) from None
    return steps


def batch_arguments(arguments: JsonObject, steps: Sequence[BatchStep]) -> JsonObject:
    """The batch's arguments with each step's checked arguments in place."""
    sent: list[JsonValue] = [{"tool": step.entry.name, "arguments": step.arguments} for step in steps]
    return {**arguments, STEPS: sent}


def losing_steps(steps: Sequence[BatchStep], would_lose_work: Callable[[ToolEntry, JsonObject], bool]) -> str:
    """The steps that may delete or overwrite, one line each (``""`` when none)."""
    losing = [step for step in steps if would_lose_work(step.entry, step.arguments)]
    return "\n".join(f"{step.label}: {_shown(step.arguments)}" for step in losing)


def has_reference(value: JsonValue) -> bool:
    """Whether ``value`` holds a ``"$N.field"`` reference at any depth."""
    if isinstance(value, str):
        return REFERENCE.match(value) is not None
    if isinstance(value, dict):
        return any(has_reference(item) for item in value.values())
    if isinstance(value, list):
        return any(has_reference(item) for item in value)
    return False


async def _checked(index: int, tool: str, given: JsonObject, checks: StepChecks) -> BatchStep:
    entry = checks.lookup(tool)
    if entry is None:
        raise ToolError(
            ErrorCode.UNKNOWN_TOOL,
            f"no tool named {tool!r} is published.",
            did_you_mean(tool, checks.published()) + "discover_tools lists the editor's tools by group.",
        )
    if entry.owner not in _BATCHABLE_OWNERS or entry.runs_steps:
        raise ToolError(
            ErrorCode.INVALID_PARAMS,
            f"{tool} is not an editor tool: a batch holds the editor's own tools (not the server's, a "
            "plugin's, or another batch).",
            f"Call {tool} on its own, before or after the batch.",
        )
    checks.policy(entry)
    arguments = given if has_reference(given) else entry.arguments.validate(tool, given)
    arguments = checks.aim(entry, arguments)
    if checks.call_check is not None:
        await checks.call_check(entry, arguments)
    return BatchStep(index, entry, arguments)


def _named(index: int, tool: str, message: str) -> str:
    prefix = f"Step {index} ({tool or 'no tool'}): "
    return message if message.startswith(prefix) else prefix + message


def _shown(arguments: JsonObject) -> str:
    text = ", ".join(f"{key}={value}" for key, value in arguments.items())
    return text if len(text) <= 200 else text[:197] + "..."
