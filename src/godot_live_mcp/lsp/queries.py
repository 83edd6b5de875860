"""The code-intelligence questions the tools ask, each one a short LSP conversation whose answer is made
compact (``_shapes.py``): diagnostics, symbols, hover, definition, references, completion, rename."""

from __future__ import annotations

import re

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.lsp import _shapes as shapes
from godot_live_mcp.lsp._positions import TextPosition, lsp_position
from godot_live_mcp.lsp.client import LanguageServerClient
from godot_live_mcp.lsp.session import Documents, project_scripts

__all__ = [
    "check_scripts",
    "completion",
    "definition",
    "hover",
    "outline",
    "references",
    "rename_preview",
    "search_symbols",
]

_WORD_BEFORE = re.compile(r"[A-Za-z0-9_]*$")


async def check_scripts(
    client: LanguageServerClient, documents: Documents, folder_or_file: str, include_addons: bool
) -> tuple[int, list[JsonObject]]:
    """The scripts checked and their diagnostics: one proposed or existing file, or every script of a
    folder; all are opened at once and the answers collected after (the server answers each didOpen)."""
    uris = documents.uris
    target = uris.uri(folder_or_file)
    if target in documents.proposed or folder_or_file.endswith(".gd"):
        scripts = [target]
    else:
        folder = uris.file(folder_or_file)
        if not folder.is_dir():
            raise ToolError(
                ErrorCode.NOT_FOUND,
                f"{folder_or_file} is neither a script nor a folder.",
                "Pass a res:// .gd path or folder.",
            )
        scripts = [path.as_uri() for path in project_scripts(folder, include_addons, uris.root)]
    for uri in scripts:
        await client.open_document(uri, documents.text(uri))
    await client.wait_diagnostics(scripts)
    for uri in scripts:
        await client.close_document(uri)
    found: list[JsonObject] = []
    for uri in scripts:
        path = uris.res_path(uri)
        found += shapes.diagnostic_entries(path, documents.lines(uri), client.diagnostics[path])
    return len(scripts), found


async def outline(client: LanguageServerClient, documents: Documents, path: str) -> list[JsonObject]:
    uri = await _opened(client, documents, path)
    symbols = await client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    return shapes.symbol_entries(documents.lines(uri), symbols)


async def search_symbols(client: LanguageServerClient, documents: Documents, query: str) -> list[JsonObject]:
    """Symbols of the project's scripts whose name contains ``query`` (case-insensitive); Godot's server
    has no workspace/symbol, so each script's outline is searched."""
    found: list[JsonObject] = []
    needle = query.lower()
    for script in project_scripts(documents.uris.root, include_addons=False):
        uri = script.as_uri()
        symbols = await client.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
        for entry in shapes.symbol_entries(documents.lines(uri), symbols):
            if needle in str(entry["name"]).lower():
                found.append({"path": documents.uris.res_path(uri), **entry})
    return found


async def hover(client: LanguageServerClient, documents: Documents, path: str, at: TextPosition) -> str:
    return shapes.hover_text(await _at(client, documents, path, at, "textDocument/hover"))


async def definition(
    client: LanguageServerClient, documents: Documents, path: str, at: TextPosition
) -> list[JsonObject]:
    found = await _at(client, documents, path, at, "textDocument/definition")
    return shapes.locations(documents.uris, documents.lines, found)


async def references(
    client: LanguageServerClient, documents: Documents, path: str, at: TextPosition, declaration: bool
) -> list[JsonObject]:
    context: JsonObject = {"context": {"includeDeclaration": declaration}}
    found = await _at(client, documents, path, at, "textDocument/references", context)
    return shapes.locations(documents.uris, documents.lines, found)


async def completion(
    client: LanguageServerClient, documents: Documents, path: str, at: TextPosition
) -> list[JsonObject]:
    found = await _at(client, documents, path, at, "textDocument/completion")
    lines = documents.lines(documents.uris.uri(path))
    line = lines[at.line - 1] if 0 < at.line <= len(lines) else ""
    typed = _WORD_BEFORE.search(line[: at.column - 1])
    return shapes.completion_items(found, typed.group(0) if typed else "")


async def rename_preview(
    client: LanguageServerClient, documents: Documents, path: str, at: TextPosition, new_name: str
) -> list[JsonObject]:
    found = await _at(client, documents, path, at, "textDocument/rename", {"newName": new_name})
    return shapes.workspace_edits(documents.uris, documents.lines, found)


async def _opened(client: LanguageServerClient, documents: Documents, path: str) -> str:
    """The script's URI, opened with its current text (the server's cache may predate the last write)."""
    uri = documents.uris.uri(path)
    await client.open_document(uri, documents.text(uri))
    return uri


async def _at(
    client: LanguageServerClient,
    documents: Documents,
    path: str,
    at: TextPosition,
    method: str,
    extra: JsonObject | None = None,
) -> JsonValue:
    uri = await _opened(client, documents, path)
    position = lsp_position(documents.text(uri), at)
    params: JsonObject = {"textDocument": {"uri": uri}, "position": position, **(extra or {})}
    answer = await client.request(method, params)
    await client.close_document(uri)  # a proposed text must not linger in the editor's workspace
    return answer
