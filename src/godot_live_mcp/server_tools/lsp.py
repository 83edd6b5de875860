"""The ``lsp`` group: code intelligence from the editor's GDScript language server, asked from this
server (``godot_live_mcp.lsp``). Every tool reads only; positions are 1-based line and column
(characters), paths res://."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.lsp import Documents, LanguageServerClient, TextPosition, queries
from godot_live_mcp.server_tools._paging import page, page_args
from godot_live_mcp.server_tools._spec import ServerGroup, ToolSpec
from godot_live_mcp.server_tools.lsp_backend import LanguageServerTool, language_server_backend

__all__ = ["COMMANDS", "DIAGNOSTICS_100_SCRIPTS_S", "GROUP", "LanguageServerTool", "Query"]

Query = Callable[[LanguageServerClient, Documents, JsonObject], Awaitable[JsonObject]]
DIAGNOSTICS_100_SCRIPTS_S = 0.4  # bench/diagnostics.py: warm median, 100 scripts, 2 shared cores
_PATH = "string: The script, a res:// path ending in .gd."
_TEXT = "string: Unsaved text of the script to use instead of the file (it need not exist yet)."
_AT = {
    "path!": _PATH,
    "line!": "integer[1..1000000]: 1-based line.",
    "column!": "integer[1..1000000]: 1-based column in characters (a tab is one).",
}
_ROWS = "array<object>: "
_LOCATION = _ROWS + "path, line, column (1-based) and the line's text."


def _position(arguments: JsonObject) -> TextPosition:
    line, column = arguments.get("line", 1), arguments.get("column", 1)
    return TextPosition(line if isinstance(line, int) else 1, column if isinstance(column, int) else 1)


async def _diagnostics(client: LanguageServerClient, docs: Documents, arguments: JsonObject) -> JsonObject:
    path = str(arguments.get("path", "res://"))
    addons = bool(arguments.get("include_addons", False))
    checked, found = await queries.check_scripts(client, docs, path, addons)
    errors = sum(1 for entry in found if entry["severity"] == "error")
    result: JsonObject = {"checked": checked, "errors": errors, "warnings": len(found) - errors}
    return result | page("diagnostics", list[JsonValue](found), arguments, 100)


async def _symbols(client: LanguageServerClient, docs: Documents, arguments: JsonObject) -> JsonObject:
    query, path = arguments.get("query"), arguments.get("path")
    if isinstance(path, str):
        found = await queries.outline(client, docs, path)
        if isinstance(query, str):
            found = [entry for entry in found if query.lower() in str(entry["name"]).lower()]
    else:  # no query: every symbol of the project, paged
        found = await queries.search_symbols(client, docs, query if isinstance(query, str) else "")
    return page("symbols", list[JsonValue](found), arguments, 200)


async def _hover(client: LanguageServerClient, docs: Documents, arguments: JsonObject) -> JsonObject:
    return {"text": await queries.hover(client, docs, str(arguments["path"]), _position(arguments))}


async def _definition(client: LanguageServerClient, docs: Documents, arguments: JsonObject) -> JsonObject:
    found = await queries.definition(client, docs, str(arguments["path"]), _position(arguments))
    return {"locations": list[JsonValue](found)}


async def _references(client: LanguageServerClient, docs: Documents, arguments: JsonObject) -> JsonObject:
    declaration = bool(arguments.get("include_declaration", True))
    found = await queries.references(client, docs, str(arguments["path"]), _position(arguments), declaration)
    return page("references", list[JsonValue](found), arguments, 100)


async def _completion(client: LanguageServerClient, docs: Documents, arguments: JsonObject) -> JsonObject:
    found = await queries.completion(client, docs, str(arguments["path"]), _position(arguments))
    return page("items", list[JsonValue](found), arguments, 50)


async def _rename(client: LanguageServerClient, docs: Documents, arguments: JsonObject) -> JsonObject:
    at, new_name = _position(arguments), str(arguments["new_name"])
    edits = await queries.rename_preview(client, docs, str(arguments["path"]), at, new_name)
    files = sorted({str(edit["path"]) for edit in edits})
    return {"edits": list[JsonValue](edits), "files": list[JsonValue](files), "applied": False}


DEFAULTS: dict[str, Any] = {"marks": "read_only idempotent", "timeout_ms": 60_000}
COMMANDS: dict[str, ToolSpec[Query]] = {
    "lsp_diagnostics": ToolSpec(
        "LSP: diagnostics",
        "GDScript errors and warnings (1-based line, column) of a script or of every script in a folder "
        "(default res://, addons skipped), paged; with text, checks unsaved text before it is written. "
        f"100 scripts: about {DIAGNOSTICS_100_SCRIPTS_S} s (the first call waits for the editor's "
        "workspace).",
        _diagnostics,
        args={
            "path": 'string="res://": A script or a folder (res://); with text, the script the text is for.',
            "text": _TEXT,
            "include_addons": "boolean=false: Also check scripts under addons/.",
            **page_args("entry", "entries", 100),
        },
        returns={
            "checked!": "integer",
            "errors!": "integer",
            "warnings!": "integer",
            "diagnostics!": _ROWS + "path, line, column, severity, message, code.",
            "@page": "diagnostics offset",
        },
        **DEFAULTS,
    ),
    "lsp_symbols": ToolSpec(
        "LSP: symbols",
        "A script's outline (path), or the project's symbols whose name contains query (all without "
        "either), paged; with kind and 1-based line, column.",
        _symbols,
        args={
            "path": _PATH,
            "query": "string: Part of a name, case-insensitive.",
            **page_args("entry", "entries", 200),
        },
        returns={
            "symbols!": _ROWS + "name, kind, line, column (and path in a project search).",
            "@page": "symbols offset",
        },
        **DEFAULTS,
    ),
    "lsp_hover": ToolSpec(
        "LSP: hover",
        "The declaration and documentation of the symbol at a 1-based line and column of a script.",
        _hover,
        args={**_AT, "text": _TEXT},
        returns={"text!": "string: Declaration and documentation."},
        **DEFAULTS,
    ),
    "lsp_definition": ToolSpec(
        "LSP: definition",
        "Where the symbol at a 1-based line and column is declared (res:// path, line, column).",
        _definition,
        args={**_AT, "text": _TEXT},
        returns={"locations!": _LOCATION},
        **DEFAULTS,
    ),
    "lsp_references": ToolSpec(
        "LSP: references",
        "Every use of the symbol at a 1-based line and column across the project, with each line's text.",
        _references,
        args={
            **_AT,
            "include_declaration": "boolean=true: Also list the declaration.",
            **page_args("entry", "entries", 100),
        },
        returns={"references!": _LOCATION, "@page": "references offset"},
        **DEFAULTS,
    ),
    "lsp_completion": ToolSpec(
        "LSP: completion",
        "Completions at a 1-based line and column (the cursor; matched against the word before it), "
        "optionally in unsaved text.",
        _completion,
        args={**_AT, "text": _TEXT, **page_args("entry", "entries", 50)},
        returns={"items!": _ROWS + "label, kind (and detail).", "@page": "items offset"},
        **DEFAULTS,
    ),
    "lsp_rename": ToolSpec(
        "LSP: rename preview",
        "The edits renaming the symbol at a 1-based line and column would make; changes nothing (apply "
        "them with script_patch, which is undoable).",
        _rename,
        args={**_AT, "new_name!": "string[1..]: The new identifier."},
        returns={
            "edits!": _ROWS + "path, line, column, end_line, end_column, new_text.",
            "files!": "array<string>",
            "applied!": "boolean: Always false: a preview.",
        },
        **DEFAULTS,
    ),
}
GROUP = ServerGroup("lsp", COMMANDS, language_server_backend)
