"""The prompts the server offers: the built-in ones, those of enabled Python plugins, and the project's
own files."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.shared.exceptions import MCPError
from mcp_types import INVALID_PARAMS

from godot_live_mcp.plugins import PluginPrompt, ProjectTools
from godot_live_mcp.server.prompts.builtin import BUILTIN_PROMPTS
from godot_live_mcp.server.prompts.template import MissingArgumentError, PromptArgument, PromptTemplate
from godot_live_mcp.server.prompts.user_files import PROMPTS_FOLDER, project_prompts

logger = logging.getLogger(__name__)


class PromptLibrary:
    """Built-in prompts first, then the plugins' (``<namespace>_<name>``), then the project's files; a
    later prompt of a name already taken is refused, never shadows one.

    The project's folder is read at every list and get, so edited files apply at once.
    """

    def __init__(self, project: Callable[[], Path | None]) -> None:
        self._project = project
        self._plugins: ProjectTools | None = None
        self._seen: tuple[PluginPrompt, ...] = ()

    def offer_plugins(self, tools: ProjectTools) -> None:
        """Also offer the prompts plugins add to ``tools`` (the registry of the served plugins)."""
        self._plugins = tools
        self._seen = tools.prompts

    def plugins_changed(self) -> bool:
        """Whether the plugins' prompts changed since the last call (a plugin enabled or disabled)."""
        now = self._plugins.prompts if self._plugins is not None else ()
        changed, self._seen = now != self._seen, now
        return changed

    def templates(self) -> list[PromptTemplate]:
        prompts = list(BUILTIN_PROMPTS)
        taken = {prompt.name for prompt in prompts}
        for offered in self._plugins.prompts if self._plugins is not None else ():
            if offered.mcp_name in taken:
                logger.warning("refusing %s's prompt %r: the name is taken", offered.owner, offered.mcp_name)
                continue
            taken.add(offered.mcp_name)
            prompts.append(plugin_template(offered))
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


def plugin_template(prompt: PluginPrompt) -> PromptTemplate:
    """A plugin's prompt as the library serves it."""
    return PromptTemplate(
        name=prompt.mcp_name,
        title=prompt.title,
        description=prompt.description,
        arguments=tuple(PromptArgument(arg.name, arg.description, arg.required) for arg in prompt.arguments),
        text=prompt.text,
        source=f"plugin {prompt.owner}",
    )
