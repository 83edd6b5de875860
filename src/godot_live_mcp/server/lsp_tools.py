"""The ``lsp`` group: code intelligence from the editor's GDScript language server, run in this server
(``godot_live_mcp.lsp``), declared as data like the other server tools and listed with them. Every tool
reads only; positions are 1-based line and column (characters), paths res://."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import anyio
import mcp_types as types

from godot_live_mcp.bridge.catalog import CommandGroup
from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.bridge.queue_events import UNHEARD, CallListeners
from godot_live_mcp.bridge.reply import CommandFailure, CommandReply, CommandSuccess
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError
from godot_live_mcp.instances.instance import EditorInstance
from godot_live_mcp.lsp import Documents, LanguageServerClient, LanguageServerTarget, TextPosition, queries
from godot_live_mcp.server._meta import META_PREFIX
from godot_live_mcp.server.arguments import ArgumentValidator
from godot_live_mcp.server.editor_roster import EditorRoster
from godot_live_mcp.server.tool_table import ToolBackend, ToolEntry, ToolOwner

__all__ = ["LSP_TOOLS", "language_server_entries"]

Query = Callable[[LanguageServerClient, Documents, JsonObject], Awaitable[JsonObject]]
Opener = Callable[[EditorInstance, float], Awaitable[int | None]]
"""Asks the editor to open its language server for a call: the port, or None (an older addon)."""
_MAX_LINE = 1_000_000
_PATH: JsonObject = {"type": "string", "description": "The script, a res:// path ending in .gd."}
_TEXT: JsonObject = {
    "type": "string",
    "description": "Unsaved text of the script to use instead of the file (it need not exist yet).",
}
_LINE: JsonObject = {"type": "integer", "minimum": 1, "maximum": _MAX_LINE, "description": "1-based line."}
_COLUMN: JsonObject = {
    "type": "integer",
    "minimum": 1,
    "maximum": _MAX_LINE,
    "description": "1-based column in characters (a tab is one).",
}
_OFFSET: JsonObject = {
    "type": "integer",
    "minimum": 0,
    "maximum": _MAX_LINE,
    "default": 0,
    "description": "Index of the first entry to return.",
}


def _limit(default: int) -> JsonObject:
    return {
        "type": "integer",
        "minimum": 1,
        "maximum": CONTRACT.limits["max_page_limit"],  # as the editor's lists
        "default": default,
        "description": "How many entries to return at most.",
    }


_AT = {"path": _PATH, "line": _LINE, "column": _COLUMN}


@dataclass(frozen=True)
class LspTool:
    """One tool of the group: its name, title, description, argument properties and what it asks."""

    name: str
    title: str
    description: str
    properties: JsonObject
    required: tuple[str, ...]
    query: Query


def _position(arguments: JsonObject) -> TextPosition:
    return TextPosition(_int(arguments, "line", 1), _int(arguments, "column", 1))


def _int(arguments: JsonObject, key: str, default: int) -> int:
    value = arguments.get(key, default)
    return value if isinstance(value, int) else default


def _page(arguments: JsonObject, default_limit: int) -> queries.Page:
    return queries.Page(_int(arguments, "offset", 0), _int(arguments, "limit", default_limit))


async def _diagnostics(client: LanguageServerClient, docs: Documents, arguments: JsonObject) -> JsonObject:
    path = str(arguments.get("path", "res://"))
    addons = bool(arguments.get("include_addons", False))
    checked, found = await queries.check_scripts(client, docs, path, addons)
    errors = sum(1 for entry in found if entry["severity"] == "error")
    result: JsonObject = {"checked": checked, "errors": errors, "warnings": len(found) - errors}
    return result | _page(arguments, 100).of("diagnostics", found)


async def _symbols(client: LanguageServerClient, docs: Documents, arguments: JsonObject) -> JsonObject:
    query, path = arguments.get("query"), arguments.get("path")
    if isinstance(path, str):
        found = await queries.outline(client, docs, path)
        if isinstance(query, str):
            found = [entry for entry in found if query.lower() in str(entry["name"]).lower()]
    else:  # no query: every symbol of the project, paged
        found = await queries.search_symbols(client, docs, query if isinstance(query, str) else "")
    return _page(arguments, 200).of("symbols", found)


async def _hover(client: LanguageServerClient, docs: Documents, arguments: JsonObject) -> JsonObject:
    return {"text": await queries.hover(client, docs, str(arguments["path"]), _position(arguments))}


async def _definition(client: LanguageServerClient, docs: Documents, arguments: JsonObject) -> JsonObject:
    found = await queries.definition(client, docs, str(arguments["path"]), _position(arguments))
    return {"locations": list[JsonValue](found)}


async def _references(client: LanguageServerClient, docs: Documents, arguments: JsonObject) -> JsonObject:
    declaration = bool(arguments.get("include_declaration", True))
    at = _position(arguments)
    found = await queries.references(client, docs, str(arguments["path"]), at, declaration)
    return _page(arguments, 100).of("references", found)


async def _completion(client: LanguageServerClient, docs: Documents, arguments: JsonObject) -> JsonObject:
    found = await queries.completion(client, docs, str(arguments["path"]), _position(arguments))
    return _page(arguments, 50).of("items", found)


async def _rename(client: LanguageServerClient, docs: Documents, arguments: JsonObject) -> JsonObject:
    at, new_name = _position(arguments), str(arguments["new_name"])
    edits = await queries.rename_preview(client, docs, str(arguments["path"]), at, new_name)
    files = sorted({str(edit["path"]) for edit in edits})
    return {"edits": list[JsonValue](edits), "files": list[JsonValue](files), "applied": False}


LSP_TOOLS: tuple[LspTool, ...] = (
    LspTool(
        "lsp_diagnostics",
        "LSP: diagnostics",
        "GDScript errors and warnings (1-based line, column) of a script or of every script in a folder "
        "(default res://, addons skipped), paged; with text, checks unsaved text before it is written. "
        "100 scripts: about {bench} s (the first call waits for the editor's workspace).",
        {
            "path": {
                "type": "string",
                "default": "res://",
                "description": "A script or a folder (res://); with text, the script the text is for.",
            },
            "text": _TEXT,
            "include_addons": {
                "type": "boolean",
                "default": False,
                "description": "Also check scripts under addons/.",
            },
            "offset": _OFFSET,
            "limit": _limit(100),
        },
        (),
        _diagnostics,
    ),
    LspTool(
        "lsp_symbols",
        "LSP: symbols",
        "A script's outline (path), or the project's symbols whose name contains query (all without "
        "either), paged; with kind and 1-based line, column.",
        {
            "path": _PATH,
            "query": {"type": "string", "description": "Part of a name, case-insensitive."},
            "offset": _OFFSET,
            "limit": _limit(200),
        },
        (),
        _symbols,
    ),
    LspTool(
        "lsp_hover",
        "LSP: hover",
        "The declaration and documentation of the symbol at a 1-based line and column of a script.",
        {**_AT, "text": _TEXT},
        ("path", "line", "column"),
        _hover,
    ),
    LspTool(
        "lsp_definition",
        "LSP: definition",
        "Where the symbol at a 1-based line and column is declared (res:// path, line, column).",
        {**_AT, "text": _TEXT},
        ("path", "line", "column"),
        _definition,
    ),
    LspTool(
        "lsp_references",
        "LSP: references",
        "Every use of the symbol at a 1-based line and column across the project, with each line's text.",
        {
            **_AT,
            "include_declaration": {
                "type": "boolean",
                "default": True,
                "description": "Also list the declaration.",
            },
            "offset": _OFFSET,
            "limit": _limit(100),
        },
        ("path", "line", "column"),
        _references,
    ),
    LspTool(
        "lsp_completion",
        "LSP: completion",
        "Completions at a 1-based line and column (the cursor; matched against the word before it), "
        "optionally in unsaved text.",
        {**_AT, "text": _TEXT, "offset": _OFFSET, "limit": _limit(50)},
        ("path", "line", "column"),
        _completion,
    ),
    LspTool(
        "lsp_rename",
        "LSP: rename preview",
        "The edits renaming the symbol at a 1-based line and column would make; changes nothing (apply "
        "them with script_patch, which is undoable).",
        {
            **_AT,
            "new_name": {"type": "string", "minLength": 1, "description": "The new identifier."},
        },
        ("path", "line", "column", "new_name"),
        _rename,
    ),
)


class LanguageServerTool(ToolBackend):
    """Runs one ``lsp`` tool against the language server of the editor ``editor()`` names."""

    def __init__(
        self, tool: LspTool, editor: Callable[[], EditorInstance], opener: Opener | None = None
    ) -> None:
        self._tool, self._editor, self._opener = tool, editor, opener

    def for_editor(self, instance: EditorInstance | None) -> LanguageServerTool:
        """This tool aimed at ``instance`` (the session's chosen editor); None: the default one."""
        if instance is None:
            return self
        return LanguageServerTool(self._tool, lambda: instance, self._opener)

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
                f"{self._tool.name}: the language server gave no answer within {timeout_s:.0f} s.",
                "Check a smaller folder, or retry when the editor is less busy.",
            ) from None

    async def _ask(
        self, target: LanguageServerTarget, documents: Documents, arguments: JsonObject
    ) -> CommandReply:
        async with LanguageServerClient.connect(target.port, target.uris) as client:
            return CommandSuccess(await self._tool.query(client, documents, arguments))


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


def language_server_entries(roster: EditorRoster) -> list[ToolEntry]:
    """The ``lsp`` tools, run against the editor calls without ``project`` go to (the session's choice
    made with editor_select_instance is applied per call by ``InstanceRouting.route``)."""

    def editor() -> EditorInstance:
        chosen = roster.resolve(None, None, roster.live()) or roster.primary.instance
        if chosen is None:
            raise roster.primary.problem
        return chosen

    async def opener(instance: EditorInstance, timeout_s: float) -> int | None:
        try:
            link = (await roster.reach(instance)).link
        except ToolError:  # its channel is out of reach: only a port it published can serve
            return None
        return await open_language_server(link, timeout_s)

    return [_entry(tool, LanguageServerTool(tool, editor, opener)) for tool in LSP_TOOLS]


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


_GROUP = CommandGroup("lsp", CONTRACT.groups["lsp"].description, CONTRACT.groups["lsp"].keywords)


def _entry(tool: LspTool, backend: ToolBackend) -> ToolEntry:
    schema: JsonObject = {
        "type": "object",
        "properties": tool.properties,
        "required": list[JsonValue](tool.required),
        "additionalProperties": False,
    }
    return ToolEntry(
        tool=types.Tool(
            name=tool.name,
            title=tool.title,
            description=tool.description.format(bench=DIAGNOSTICS_100_SCRIPTS_S),
            input_schema=schema,
            output_schema=_output_schema(tool.name),
            annotations=types.ToolAnnotations(
                read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
            ),
            _meta={f"{META_PREFIX}owner": "server", f"{META_PREFIX}group": "lsp"},
        ),
        owner=ToolOwner.SERVER,
        backend=backend,
        arguments=ArgumentValidator(schema),
        read_only=True,
        timeout_s=60.0,
        group=_GROUP,
    )


def _rows(description: str) -> JsonObject:
    return {"type": "array", "items": {"type": "object"}, "description": description}


def _paged(unit: str, description: str) -> tuple[JsonObject, list[JsonValue]]:
    """The output fields of a paged list (as the editor's lists: contract/pagination.gd)."""
    fields: JsonObject = {
        unit: _rows(description),
        "has_more": {"type": "boolean"},
        f"total_{unit}": {"type": "integer"},
        "returned": {"type": "integer"},
        "next_offset": {"type": "integer", "description": "Only while has_more."},
    }
    return fields, [unit, "has_more", f"total_{unit}", "returned"]


_COUNTS: JsonObject = {
    "checked": {"type": "integer"},
    "errors": {"type": "integer"},
    "warnings": {"type": "integer"},
}
_DIAGNOSTICS, _DIAGNOSTICS_REQUIRED = _paged("diagnostics", "path, line, column, severity, message, code.")
_LOCATION = "path, line, column (1-based) and the line's text."
# What each tool answers: (properties, required) of its output schema.
_RETURNS: dict[str, tuple[JsonObject, list[JsonValue]]] = {
    "lsp_diagnostics": (_COUNTS | _DIAGNOSTICS, ["checked", "errors", "warnings", *_DIAGNOSTICS_REQUIRED]),
    "lsp_symbols": _paged("symbols", "name, kind, line, column (and path in a project search)."),
    "lsp_hover": ({"text": {"type": "string", "description": "Declaration and documentation."}}, ["text"]),
    "lsp_definition": ({"locations": _rows(_LOCATION)}, ["locations"]),
    "lsp_references": _paged("references", _LOCATION),
    "lsp_completion": _paged("items", "label, kind (and detail)."),
    "lsp_rename": (
        {
            "edits": _rows("path, line, column, end_line, end_column, new_text."),
            "files": {"type": "array", "items": {"type": "string"}},
            "applied": {"type": "boolean", "description": "Always false: a preview."},
        },
        ["edits", "files", "applied"],
    ),
}


def _output_schema(name: str) -> JsonObject:
    properties, required = _RETURNS[name]
    return {"type": "object", "properties": properties, "required": required}


DIAGNOSTICS_100_SCRIPTS_S = 0.4  # bench/diagnostics.py: warm median, 100 scripts, 2 shared cores
