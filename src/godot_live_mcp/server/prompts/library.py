"""The prompts the server offers: the built-in ones and the project's own files."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS

from godot_live_mcp.server.prompts.builtin import BUILTIN_PROMPTS
from godot_live_mcp.server.prompts.template import MissingArgumentError, PromptTemplate
from godot_live_mcp.server.prompts.user_files import PROMPTS_FOLDER, project_prompts

logger = logging.getLogger(__name__)


class PromptLibrary:
    """Built-in prompts first; a project file of the same name is refused, never shadows one.

    The project's folder is read at every list and get, so edited files apply at once.
    """

    def __init__(self, project: Callable[[], Path | None]) -> None:
        self._project = project

    def templates(self) -> list[PromptTemplate]:
        prompts = list(BUILTIN_PROMPTS)
        taken = {prompt.name for prompt in prompts}
        project = self._project()
        for prompt in project_prompts(project) if project is not None else []:
            if prompt.name in taken:
                logger.warning(
                    "refusing the prompt file %s: %r is a built-in prompt", prompt.source, prompt.name
                )
                continue
            taken.add(prompt.name)
            prompts.append(prompt)
        return prompts

    async def list_prompts(
        self, ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListPromptsResult:
        return types.ListPromptsResult(prompts=[template.prompt() for template in self.templates()])

    async def get_prompt(
        self, ctx: ServerRequestContext[Any], params: types.GetPromptRequestParams
    ) -> types.GetPromptResult:
        template = next((t for t in self.templates() if t.name == params.name), None)
        if template is None:
            names = ", ".join(t.name for t in self.templates())
            raise MCPError(
                INVALID_PARAMS,
                f"No prompt named {params.name!r}. The prompts are: {names} (add your own as "
                f"{PROMPTS_FOLDER}/<name>.md in the project).",
            )
        try:
            text = template.render(params.arguments)
        except MissingArgumentError as error:
            raise MCPError(INVALID_PARAMS, str(error)) from None
        message = types.PromptMessage(role="user", content=types.TextContent(text=text))
        return types.GetPromptResult(description=template.description, messages=[message])
