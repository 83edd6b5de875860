"""What a plugin tool receives besides its arguments: the editor, the running game and the project's
files (each subject to the plugin's permissions), progress reporting and a logger.

Calls go over the server's own links, so they take the same lanes, queue and deadlines as any call.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from godot_live_mcp.bridge.catalog import Catalog, CommandSpec
from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.bridge.queue_events import ProgressEvent, ProgressListener
from godot_live_mcp.bridge.reply import CommandFailure, CommandReply
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError
from godot_live_mcp.plugins._manifest import Permission, PluginManifest

__all__ = ["EditorAccess", "EditorChannel", "ProjectFiles", "RuntimeAccess", "RuntimeChannel", "ToolContext"]

_FILE_NAMESPACES = ("file.", "folder.")


class RuntimeChannel(Protocol):
    """The running game's link (``RuntimeLink``); the editor's runs commands the same way."""

    async def call(
        self, method: str, params: Mapping[str, JsonValue] | None, timeout_s: float
    ) -> CommandReply: ...


class EditorChannel(RuntimeChannel, Protocol):
    """The editor link as a plugin context uses it (``EditorLink``)."""

    @property
    def catalog(self) -> Catalog | None: ...

    @property
    def problem(self) -> ToolError: ...


@dataclass(frozen=True)
class _Caller:
    """Who calls: the plugin's manifest, the tool's MCP name, whether it may change the project (not
    when the tool is read-only, nor when the server runs read-only), and whether the person started the
    server with code execution allowed (no permission grants that)."""

    manifest: PluginManifest
    tool: str
    read_only: bool
    allow_execute: bool = False


class _Commands:
    """Looks commands up in the editor's catalogue and runs them with the caller's checks."""

    def __init__(self, caller: _Caller, editor: EditorChannel) -> None:
        self._caller = caller
        self._editor = editor

    def spec(self, method: str) -> CommandSpec:
        catalog = self._editor.catalog
        if catalog is None:
            raise self._editor.problem
        for spec in catalog.commands:
            if method in (spec.name, spec.name.replace(".", "_")):
                return spec
        raise ToolError(
            ErrorCode.UNKNOWN_TOOL,
            f"{self._caller.tool} called {method!r}, which the editor does not publish.",
            "Use a catalogue name such as 'scene.get_tree' (docs/tools.md lists them).",
        )

    def check_reach(self, spec: CommandSpec) -> None:
        """What every call checks where it is made: files need ``files``, code execution needs the
        person's ``--allow-execute``, changes a tool that may change the project."""
        if spec.name.startswith(_FILE_NAMESPACES) or spec.file_params:
            self._caller.manifest.require(Permission.FILES, f"call {spec.name}, which names project files")
        if spec.annotations.open_world and not self._caller.allow_execute:
            raise ToolError(
                ErrorCode.PERMISSION_DENIED,
                f"{self._caller.tool} called {spec.name}, which runs arbitrary code; no plugin permission "
                "grants that.",
                "Only the person decides: they start the server with --allow-execute.",
            )
        self.check_change(spec)

    def check_change(self, spec: CommandSpec) -> None:
        if self._caller.read_only and not spec.annotations.read_only:
            raise ToolError(
                ErrorCode.PERMISSION_DENIED,
                f"{self._caller.tool} is read-only here (a read-only tool, or a read-only server), so it "
                f"cannot call {spec.name}, which can change the project.",
                "Mark the tool read_only=False in add_tool if it changes the project.",
            )

    async def run(self, channel: RuntimeChannel, spec: CommandSpec, params: JsonObject) -> JsonObject:
        reply = await channel.call(spec.name, params, CONTRACT.answer_wait_s(spec.timeout_ms))
        if isinstance(reply, CommandFailure):
            raise reply.to_error()
        return reply.data


class EditorAccess:
    """The editor's commands (``editor`` permission; ``file.*``, ``folder.*`` and every command with a
    path argument also need ``files``; code execution only on a server started with it allowed)."""

    def __init__(self, commands: _Commands, caller: _Caller, editor: EditorChannel) -> None:
        self._commands, self._caller, self._editor = commands, caller, editor

    async def call(self, method: str, params: Mapping[str, JsonValue] | None = None) -> JsonObject:
        """Run the editor command ``method`` (``scene.get_tree``) and return its data; a failure raises
        ``ToolError`` with the editor's code, message and hint (let it propagate to answer with it)."""
        self._caller.manifest.require(Permission.EDITOR, f"call the editor command {method}")
        spec = self._commands.spec(method)
        if spec.runs_in_game:
            raise ToolError(
                ErrorCode.INVALID_PARAMS,
                f"{spec.name} runs in the game, not in the editor.",
                "Call it with context.runtime.call (the plugin needs the 'runtime' permission).",
            )
        self._commands.check_reach(spec)
        return await self._commands.run(self._editor, spec, dict(params or {}))


class RuntimeAccess:
    """The running game's commands (``runtime`` permission); ``GAME_NOT_RUNNING`` when there is none."""

    def __init__(self, commands: _Commands, caller: _Caller, runtime: RuntimeChannel | None) -> None:
        self._commands, self._caller, self._runtime = commands, caller, runtime

    async def call(self, method: str, params: Mapping[str, JsonValue] | None = None) -> JsonObject:
        """Run the game command ``method`` (``runtime.get_tree``) and return its data."""
        self._caller.manifest.require(Permission.RUNTIME, f"call the game command {method}")
        spec = self._commands.spec(method)
        if not spec.runs_in_game:
            raise ToolError(
                ErrorCode.INVALID_PARAMS,
                f"{spec.name} is an editor command.",
                "Call it with context.editor.call (the plugin needs the 'editor' permission).",
            )
        self._commands.check_reach(spec)
        if self._runtime is None:
            raise ToolError(ErrorCode.GAME_NOT_RUNNING, "No game is running.", "Start one with game_start.")
        return await self._commands.run(self._runtime, spec, dict(params or {}))


class ProjectFiles:
    """The project's files (``files`` permission), through the editor's path guard: ``res://`` paths
    only, never outside the project, secrets redacted or refused, writes undoable."""

    def __init__(self, commands: _Commands, caller: _Caller, editor: EditorChannel) -> None:
        self._commands, self._caller, self._editor = commands, caller, editor

    async def read(self, path: str) -> str:
        """The text of a project file (at most the read cap, ``read_cap_kb`` of contract.json)."""
        data = await self._guarded("file.read", {"path": path})
        return str(data.get("content", ""))

    async def write(self, path: str, content: str) -> JsonObject:
        """Create or replace a text file (missing folders are created); undoable with editor_undo."""
        return await self._guarded("file.write", {"path": path, "content": content})

    async def list(self, path: str = "res://", glob: str = "*", recursive: bool = False) -> list[str]:
        """The res:// paths of the files (and folders) under ``path`` matching ``glob``."""
        paths: list[str] = []
        offset: int | None = 0
        while offset is not None:
            arguments: JsonObject = {"path": path, "glob": glob, "recursive": recursive, "offset": offset}
            page = await self._guarded("file.list", arguments)
            entries = page.get("entries")
            for entry in entries if isinstance(entries, list) else []:
                if isinstance(entry, dict):
                    paths.append(str(entry.get("path")))
            following = page.get("next_offset")
            offset = following if page.get("has_more") is True and isinstance(following, int) else None
        return paths

    async def _guarded(self, method: str, params: JsonObject) -> JsonObject:
        self._caller.manifest.require(Permission.FILES, f"use project files ({method})")
        spec = self._commands.spec(method)
        self._commands.check_change(spec)
        return await self._commands.run(self._editor, spec, params)


class ToolContext:
    """Given to a plugin tool that declares a parameter of this type. ``editor``, ``runtime`` and
    ``files`` check the plugin's permissions at each call; ``log`` is the plugin's logger (the server's
    stderr). Cancellation arrives as the usual anyio/asyncio cancellation: clean up in ``finally``."""

    def __init__(
        self,
        manifest: PluginManifest,
        tool: str,
        editor: EditorChannel,
        runtime: RuntimeChannel | None = None,
        *,
        read_only: bool = False,
        allow_execute: bool = False,
        on_progress: ProgressListener | None = None,
    ) -> None:
        caller = _Caller(manifest, tool, read_only, allow_execute)
        self._on_progress = on_progress
        commands = _Commands(caller, editor)
        self.plugin = manifest.id
        self.tool = tool
        self.editor = EditorAccess(commands, caller, editor)
        self.runtime = RuntimeAccess(commands, caller, runtime)
        self.files = ProjectFiles(commands, caller, editor)
        self.log = logging.getLogger(f"godot_live_mcp.plugins.{manifest.id}")

    async def report_progress(self, progress: float, total: float | None = None, message: str = "") -> None:
        """Tell the client how far the call got (``progress`` of ``total``, growing); nothing happens
        unless the client asked for progress."""
        if self._on_progress is not None:
            await self._on_progress(ProgressEvent(progress, total, message))
