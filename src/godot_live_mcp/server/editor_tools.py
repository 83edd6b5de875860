"""Tools for the editor's catalogue: built-in commands and commands of GDScript extensions.

Commands of the "runtime" channel run in the game the editor started, over the runtime link.
"""

from __future__ import annotations

import logging

from jsonschema.exceptions import SchemaError

from godot_live_mcp.bridge.catalog import Catalog, CommandGroup, CommandSpec
from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.bridge.queue_events import UNHEARD, CallListeners
from godot_live_mcp.bridge.reply import CommandFailure, CommandReply
from godot_live_mcp.bridge.runtime_link import RuntimeLink
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError
from godot_live_mcp.server.arguments import ArgumentValidator
from godot_live_mcp.server.editor_roster import EditorTarget
from godot_live_mcp.server.game_end import explain_game_end
from godot_live_mcp.server.projection import project_command
from godot_live_mcp.server.screenshot_display import capture_on_display, needs_display
from godot_live_mcp.server.tool_table import ToolBackend, ToolEntry, ToolOwner

logger = logging.getLogger(__name__)


class EditorCommand(ToolBackend):
    """Runs one catalogue command in the editor over the link."""

    def __init__(self, link: EditorLink, command: str) -> None:
        self._link = link
        self.command = command

    def for_target(self, target: EditorTarget) -> ToolBackend:
        return EditorCommand(target.link, self.command)

    async def invoke(
        self, arguments: JsonObject, timeout_s: float, listeners: CallListeners = UNHEARD
    ) -> CommandReply:
        return await self._link.call(self.command, arguments, timeout_s, listeners)


class RuntimeCommand(ToolBackend):
    """Runs one catalogue command in the running game over the runtime link; a call cut short by
    the game's end is answered with how it ended (the editor knows)."""

    def __init__(self, runtime: RuntimeLink, link: EditorLink, command: str, draws: bool = False) -> None:
        self._runtime = runtime
        self._link = link
        self.command = command
        self._draws = draws  # the needs_display mark

    def for_target(self, target: EditorTarget) -> ToolBackend:
        """The target's game; its editor while it runs none (which answers RUNTIME_ONLY)."""
        if target.runtime is None:
            return EditorCommand(target.link, self.command)
        return RuntimeCommand(target.runtime, target.link, self.command, self._draws)

    async def invoke(
        self, arguments: JsonObject, timeout_s: float, listeners: CallListeners = UNHEARD
    ) -> CommandReply:
        try:
            reply = await self._runtime.call(self.command, arguments, timeout_s, listeners)
        except ToolError as error:
            if error.code != ErrorCode.RUNTIME_DISCONNECTED:
                raise
            raise await explain_game_end(self._link, self.command, error) from None
        if self._draws and needs_display(reply) and isinstance(reply, CommandFailure):
            return await capture_on_display(self._runtime, self._link, arguments, timeout_s, reply)
        return reply


def editor_tool_entries(
    catalog: Catalog, link: EditorLink, runtime: RuntimeLink | None = None
) -> dict[ToolOwner, list[ToolEntry]]:
    """Entries for the publishable commands, by owner, in catalogue order; others are logged and skipped."""
    entries: dict[ToolOwner, list[ToolEntry]] = {ToolOwner.EDITOR: [], ToolOwner.EXTENSION: []}
    for spec in catalog.commands:
        entry = _entry(spec, link, runtime)
        if entry is not None:
            entries[entry.owner].append(entry)
    return entries


def _entry(spec: CommandSpec, link: EditorLink, runtime: RuntimeLink | None) -> ToolEntry | None:
    try:
        tool = project_command(spec)
        validator = ArgumentValidator(tool.input_schema, trusted=not spec.is_extension)
    except ToolError as error:
        logger.error("%s: %s", error.code, error.message)
        return None
    except SchemaError as error:
        logger.error("refusing %s: its input schema is not valid JSON Schema: %s", spec.name, error.message)
        return None
    return ToolEntry(
        tool=tool,
        owner=ToolOwner.EXTENSION if spec.is_extension else ToolOwner.EDITOR,
        backend=_backend(spec, link, runtime),
        arguments=validator,
        read_only=not spec.annotations.mutating,
        timeout_s=CONTRACT.answer_wait_s(spec.timeout_ms),  # its own deadline plus the transport margin
        group=_group(spec.group),
        open_world=spec.annotations.open_world,
        opens_scene=spec.annotations.opens_scene,
        acts_on_scene=_acts_on_scene(spec),
        steps_history=spec.annotations.steps_history,
        marks=frozenset() if spec.is_extension else spec.marks,  # they widen what a call may do
        side_doors=spec.side_doors,
    )


def _group(group: CommandGroup | None) -> CommandGroup | None:
    """The command's group, its description and keywords taken from the contract when it names a
    built-in group without them."""
    facts = CONTRACT.groups.get(group.name) if group is not None else None
    if group is None or facts is None:
        return group
    return CommandGroup(group.name, group.description or facts.description, group.keywords or facts.keywords)


def _backend(spec: CommandSpec, link: EditorLink, runtime: RuntimeLink | None) -> ToolBackend:
    # Without a runtime link the editor answers a runtime command itself, with RUNTIME_ONLY.
    if spec.runs_in_game and runtime is not None:
        return RuntimeCommand(
            runtime, link, spec.name, "needs_display" in spec.marks and not spec.is_extension
        )
    return EditorCommand(link, spec.name)


def _acts_on_scene(spec: CommandSpec) -> bool:
    """A scene-dependent command's ``scene`` is an open scene, the active one when omitted."""
    properties = spec.input_schema.get("properties")
    return not spec.annotations.scene_independent and isinstance(properties, dict) and "scene" in properties
