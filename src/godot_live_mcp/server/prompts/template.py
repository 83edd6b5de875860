"""A prompt template: its arguments and a text with ``{{argument}}`` placeholders.

Tools are named in the text in call form, ``scene_get_tree(scene=..., max_depth=...)``: a test reads
every such call and checks the tool and each parameter against the live catalogue.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

import mcp_types as types

from godot_live_mcp.plugins import PROMPT_PLACEHOLDER

NAME_RULE = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,63}$")
_TOOL_CALL = re.compile(r"\b([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\(([^()]*)\)")
_PARAMETER = re.compile(r"(?:^|[\s,])([a-z_][a-z0-9_]*)=")


class MissingArgumentError(ValueError):
    """A required argument was not given."""


@dataclass(frozen=True)
class PromptArgument:
    name: str
    description: str
    required: bool = True


@dataclass(frozen=True)
class PromptTemplate:
    name: str
    title: str
    description: str
    arguments: tuple[PromptArgument, ...]
    text: str
    source: str = "built-in"

    def prompt(self) -> types.Prompt:
        """The ``prompts/list`` entry."""
        return types.Prompt(
            name=self.name,
            title=self.title or None,
            description=self.description,
            arguments=[
                types.PromptArgument(name=arg.name, description=arg.description, required=arg.required)
                for arg in self.arguments
            ],
        )

    def render(self, values: Mapping[str, str] | None) -> str:
        """The text with each ``{{argument}}`` replaced (an optional one left out becomes empty)."""
        given = dict(values or {})
        missing = [arg.name for arg in self.arguments if arg.required and not given.get(arg.name)]
        if missing:
            raise MissingArgumentError(
                f"The prompt {self.name!r} needs the argument(s) {', '.join(missing)}: "
                + "; ".join(f"{arg.name}: {arg.description}" for arg in self.arguments if arg.name in missing)
            )
        known = {arg.name for arg in self.arguments}
        return PROMPT_PLACEHOLDER.sub(
            lambda match: given.get(match.group(1), "") if match.group(1) in known else match.group(0),
            self.text,
        )


def tool_calls(text: str) -> list[tuple[str, list[str]]]:
    """Each tool named in call form in ``text``: (tool, the parameter names written ``name=``)."""
    return [(match.group(1), _PARAMETER.findall(match.group(2))) for match in _TOOL_CALL.finditer(text)]
