"""Prompts and resources a plugin offers under its namespace, next to the built-in ones: the prompt
``<namespace>_<name>`` and the resource ``godot://<namespace>/<name>``."""

from __future__ import annotations

import inspect
import json
import re
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from godot_live_mcp.contract import ErrorCode
from godot_live_mcp.plugins._context import ToolContext
from godot_live_mcp.plugins._errors import PluginError
from godot_live_mcp.plugins._tool import MAX_NAME_LENGTH, context_parameter, described, wire_name

__all__ = [
    "PROMPT_PLACEHOLDER",
    "RESOURCE_SCHEME",
    "PluginPrompt",
    "PluginPromptArgument",
    "PluginResource",
    "ResourceFunction",
    "build_prompt",
    "build_resource",
]

PROMPT_PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
"""An argument's place in a prompt's text: ``{{scene}}`` (the syntax of every prompt of the server)."""
RESOURCE_SCHEME = "godot://"
_PROMPT_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_RESOURCE_NAME = re.compile(r"^[a-z0-9][a-z0-9_.-]*(/[a-z0-9][a-z0-9_.-]*)*$")
_MAX_URI = 2 * MAX_NAME_LENGTH

ResourceFunction = Callable[..., Awaitable[Any]]


@dataclass(frozen=True)
class PluginPromptArgument:
    name: str
    description: str
    required: bool


@dataclass(frozen=True)
class PluginPrompt:
    """A prompt a plugin offers: ``text`` has a ``{{argument}}`` placeholder for each of its arguments."""

    namespace: str
    name: str
    owner: str
    title: str
    description: str
    text: str
    arguments: tuple[PluginPromptArgument, ...]

    @property
    def mcp_name(self) -> str:
        return wire_name(self.namespace, self.name)


@dataclass(frozen=True)
class PluginResource:
    """A resource a plugin offers: ``read`` (async; given a ``ToolContext`` when it declares one) returns
    its content, text as it is or data as JSON."""

    namespace: str
    name: str
    owner: str
    title: str
    description: str
    read: ResourceFunction
    context: str | None

    @property
    def uri(self) -> str:
        return f"{RESOURCE_SCHEME}{self.namespace}/{self.name}"

    async def text(self, context: ToolContext) -> str:
        """The reader's answer as text; whatever the reader raises goes through."""
        value = await self.read(**({self.context: context} if self.context else {}))
        if isinstance(value, str):
            return value
        if isinstance(value, BaseModel):
            value = value.model_dump(mode="json")
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def build_prompt(
    owner: str,
    space: str,
    name: str,
    text: str,
    *,
    description: str,
    arguments: Mapping[str, str],
    optional: Iterable[str],
    title: str,
) -> PluginPrompt:
    """The prompt ``add_prompt`` adds; raises ``PluginError`` for a bad name, no description, or
    arguments that do not match the text's placeholders."""
    _check_name(owner, "prompt", name, _PROMPT_NAME, wire_name(space, name), MAX_NAME_LENGTH)
    if not isinstance(text, str) or not text.strip():
        raise _refused(owner, "prompt", name, "its text is empty")
    if not isinstance(description, str) or not description.strip():
        raise _refused(owner, "prompt", name, "it has no description (one sentence on what it is for)")
    used = set(PROMPT_PLACEHOLDER.findall(text))
    maybe = set(optional)
    for problem, names in (
        ("its text has placeholders no argument describes", used - set(arguments)),
        ("it describes arguments its text never uses", set(arguments) - used),
        ("it marks optional arguments it does not describe", maybe - set(arguments)),
    ):
        if names:
            raise _refused(owner, "prompt", name, f"{problem}: {', '.join(sorted(names))}")
    described_arguments = tuple(
        PluginPromptArgument(argument, " ".join(str(about).split()), argument not in maybe)
        for argument, about in arguments.items()
    )
    return PluginPrompt(
        space, name, owner, title.strip(), " ".join(description.split()), text.strip(), described_arguments
    )


def build_resource(
    owner: str, space: str, name: str, read: ResourceFunction, *, description: str | None, title: str
) -> PluginResource:
    """The resource ``add_resource`` adds; raises ``PluginError`` for a bad name, no description, or a
    reader that is not an async function of nothing but the context."""
    _check_name(owner, "resource", name, _RESOURCE_NAME, f"{RESOURCE_SCHEME}{space}/{name}", _MAX_URI)
    if not inspect.iscoroutinefunction(read):
        raise _refused(owner, "resource", name, "its reader is not an async function")
    context = context_parameter(read)
    others = [
        parameter.name
        for parameter in inspect.signature(read).parameters.values()
        if parameter.name != context and parameter.default is inspect.Parameter.empty
    ]
    if others:
        problem = f"its reader takes {', '.join(others)}; a reader takes only a ToolContext parameter"
        raise _refused(owner, "resource", name, problem)
    text = described(owner, name, description, read)
    return PluginResource(space, name, owner, title.strip(), text, read, context)


def _check_name(owner: str, kind: str, name: str, rule: re.Pattern[str], published: str, limit: int) -> None:
    if not isinstance(name, str) or not rule.match(name):
        allowed = "lower-case letters, digits, '_' and '-'" + (", '.' and '/'" if kind == "resource" else "")
        raise _refused(owner, kind, name, f"its name must be {allowed}", ErrorCode.NAME_INVALID)
    if len(published) > limit:
        problem = f"{published!r} is {len(published)} characters, past the limit of {limit}"
        raise _refused(owner, kind, name, problem, ErrorCode.NAME_INVALID)


def _refused(
    owner: str, kind: str, name: object, problem: str, code: str = ErrorCode.INVALID_PARAMS
) -> PluginError:
    return PluginError(owner, f"cannot add the {kind} {name!r}: {problem}.", code=code)
