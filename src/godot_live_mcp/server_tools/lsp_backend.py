"""How an ``lsp`` tool runs: against the language server of the editor the calling session's calls go
to, opened for the call over the editor's authenticated channel."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import anyio
from mcp.server.session import ServerSession

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.bridge.queue_events import UNHEARD, CallListeners
from godot_live_mcp.bridge.reply import CommandFailure, CommandReply, CommandSuccess
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError
from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.lsp import Documents, LanguageServerClient, LanguageServerTarget
from godot_live_mcp.server.editor_choice import selected_editor
from godot_live_mcp.server.tool_table import ToolBackend
from godot_live_mcp.server_tools._spec import ServerContext, ToolSpec

__all__ = ["LanguageServerTool", "language_server_backend", "open_language_server"]

Query = Callable[[LanguageServerClient, Documents, JsonObject], Awaitable[JsonObject]]
Editor = Callable[[ServerSession | None], EditorInstance]
"""The editor a session's call asks (its choice made with editor_select_instance, else the default)."""
Opener = Callable[[EditorInstance, float], Awaitable[int | None]]
"""Asks the editor to open its language server for a call: the port, or None (an older addon)."""


class LanguageServerTool(ToolBackend):
    """Runs one ``lsp`` query against the language server of the editor ``editor`` names."""

    def __init__(
        self,
        name: str,
        query: Query,
        editor: Callable[[], EditorInstance],
        opener: Opener | None = None,
        session_editor: Editor | None = None,
    ) -> None:
        self._name, self._query, self._editor, self._opener = name, query, editor, opener
        self._session_editor = session_editor

    def for_editor(self, instance: EditorInstance) -> LanguageServerTool:
        """This tool aimed at ``instance``."""
        return LanguageServerTool(self._name, self._query, lambda: instance, self._opener)

    def for_session(self, session: ServerSession) -> ToolBackend:
        chosen = self._session_editor
        if chosen is None:
            return self
        return LanguageServerTool(self._name, self._query, lambda: chosen(session), self._opener)

    async def invoke(
        self, arguments: JsonObject, timeout_s: float, listeners: CallListeners = UNHEARD
    ) -> CommandReply:
        instance = self._editor()
        opened = await self._opener(instance, timeout_s) if self._opener is not None else None
        target = LanguageServerTarget.of(instance, opened)
        documents = Documents(target.uris, _proposed(target, arguments))
        try:
            with anyio.fail_after(timeout_s):
                try:
                    return await self._ask(target, documents, arguments)
                except ToolError as error:
                    # A server the editor just opened again restarts once more on its settings change
                    # (engine_servers.gd), closing the first connection: ask again.
                    if opened is None or error.code != ErrorCode.LSP_UNAVAILABLE:
                        raise
                    return await self._ask(target, documents, arguments)
        except TimeoutError:
            raise ToolError(
                ErrorCode.TIMEOUT,
                f"{self._name}: the language server gave no answer within {timeout_s:.0f} s.",
                "Check a smaller folder, or retry when the editor is less busy.",
            ) from None

    async def _ask(
        self, target: LanguageServerTarget, documents: Documents, arguments: JsonObject
    ) -> CommandReply:
        async with LanguageServerClient.connect(target.port, target.uris) as client:
            return CommandSuccess(await self._query(client, documents, arguments))


def _proposed(target: LanguageServerTarget, arguments: JsonObject) -> dict[str, str]:
    text, path = arguments.get("text"), arguments.get("path")
    if not isinstance(text, str):
        return {}
    if not isinstance(path, str) or not path.endswith(".gd"):
        raise ToolError(
            ErrorCode.INVALID_PARAMS,
            "text needs path naming the script it is for.",
            "Pass path='res://...gd' with text.",
        )
    return {target.uris.uri(path): text}


def language_server_backend(name: str, spec: ToolSpec[Any], context: ServerContext) -> ToolBackend:
    """The ``lsp`` group's backend: the query ``spec.run`` asked of the session's editor."""

    def editor(session: ServerSession | None = None) -> EditorInstance:
        roster = context.editors()
        chosen = roster.resolve(None, selected_editor(session), roster.live()) or roster.primary.instance
        if chosen is None:
            raise roster.primary.problem
        return chosen

    async def opener(instance: EditorInstance, timeout_s: float) -> int | None:
        try:
            link = (await context.editors().reach(instance)).link
        except ToolError:  # its channel is out of reach: only a port it published can serve
            return None
        return await open_language_server(link, timeout_s)

    return LanguageServerTool(name, spec.run, editor, opener, editor)


async def open_language_server(link: EditorLink, timeout_s: float) -> int | None:
    """The editor's language server port, opened for this call over the authenticated channel (the
    addon keeps the engine's port closed otherwise: engine_servers.gd); None from an older addon."""
    try:
        reply = await link.call(CONTRACT.method("language_server"), None, timeout_s)
    except ToolError as error:
        if error.code == ErrorCode.UNKNOWN_TOOL:  # an addon older than the method
            return None
        raise
    if isinstance(reply, CommandFailure):
        raise reply.to_error()
    port = reply.data.get("port") if isinstance(reply, CommandSuccess) else None
    return port if isinstance(port, int) and port > 0 else None
