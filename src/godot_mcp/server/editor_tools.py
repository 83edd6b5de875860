"""Tools for the editor's catalogue: built-in commands and commands of GDScript extensions."""

from __future__ import annotations

import logging
from typing import Any

from jsonschema.exceptions import SchemaError

from godot_mcp.bridge.catalog import Catalog, CommandSpec
from godot_mcp.bridge.editor_link import EditorLink
from godot_mcp.contract import CONTRACT, ToolError
from godot_mcp.server.arguments import ArgumentValidator
from godot_mcp.server.projection import project_command
from godot_mcp.server.tool_table import ToolBackend, ToolEntry, ToolOwner

logger = logging.getLogger(__name__)


class EditorCommand(ToolBackend):
    """Runs one catalogue command in the editor over the link."""

    def __init__(self, link: EditorLink, command: str) -> None:
        self._link = link
        self.command = command

    async def invoke(self, arguments: dict[str, Any], timeout_s: float) -> Any:
        return await self._link.call(self.command, arguments, timeout_s)


def command_timeout_s(spec: CommandSpec) -> float:
    """The command's own deadline plus the contract's transport margin."""
    return (spec.timeout_ms + CONTRACT.timeouts_ms["transport_margin"]) / 1000


def editor_tool_entries(catalog: Catalog, link: EditorLink) -> dict[ToolOwner, list[ToolEntry]]:
    """Entries for the publishable commands, by owner, in catalogue order; others are logged and skipped."""
    entries: dict[ToolOwner, list[ToolEntry]] = {ToolOwner.EDITOR: [], ToolOwner.EXTENSION: []}
    for spec in catalog.commands:
        entry = _entry(spec, link)
        if entry is not None:
            entries[entry.owner].append(entry)
    return entries


def _entry(spec: CommandSpec, link: EditorLink) -> ToolEntry | None:
    try:
        tool = project_command(spec)
        validator = ArgumentValidator(tool.input_schema)
    except ToolError as error:
        logger.error("%s: %s", error.code, error.message)
        return None
    except SchemaError as error:
        logger.error("refusing %s: its input schema is not valid JSON Schema: %s", spec.name, error.message)
        return None
    return ToolEntry(
        tool=tool,
        owner=ToolOwner.EXTENSION if spec.is_extension else ToolOwner.EDITOR,
        backend=EditorCommand(link, spec.name),
        arguments=validator,
        read_only=not spec.annotations.mutating,
        timeout_s=command_timeout_s(spec),
    )
