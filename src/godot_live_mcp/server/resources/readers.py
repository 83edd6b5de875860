"""Reading each ``godot://`` resource through the editor (or the game), with the existing commands."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from importlib import resources

from mcp.shared.exceptions import MCPError
from mcp_types import INTERNAL_ERROR, INVALID_PARAMS

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.bridge.reply import CommandFailure, CommandReply
from godot_live_mcp.bridge.runtime_link import RuntimeLink
from godot_live_mcp.contract import CONTRACT, ErrorCode, ToolError
from godot_live_mcp.security.untrusted import envelope
from godot_live_mcp.server.resources.addresses import JSON, MARKED, ResourceAddress, ResourceKind, res_path

RESOURCE_NOT_FOUND = -32002  # the MCP spec's code for resources/read of a missing resource
_MAX_PAGES = 64
_SCENE_FIELDS = ("scene", "root_type", "inherits", "open")  # what a scene resource keeps of a page
_CALL_TIMEOUT_S = CONTRACT.answer_wait_s(CONTRACT.timeouts_ms["default"])

Content = tuple[str, str]  # (mime type, text)


def coercion_document() -> str:
    """The coercion reference (docs/coercion.md), bundled with the package."""
    return (resources.files(__package__) / "coercion.md").read_text("utf-8")


def resource_error(error: ToolError) -> MCPError:
    """A JSON-RPC error for a failed read: code, message and hint in the text and in ``data``."""
    number = {
        ErrorCode.NOT_FOUND: RESOURCE_NOT_FOUND,
        ErrorCode.INVALID_PARAMS: INVALID_PARAMS,
        "PATH_DENIED": INVALID_PARAMS,
    }.get(error.code, INTERNAL_ERROR)
    text = f"{error.code}: {error.message}" + (f" Hint: {error.hint}" if error.hint else "")
    return MCPError(number, text, {"code": error.code, "message": error.message, "hint": error.hint})


class ResourceReaders:
    """Reads an address to its content; failures raise ``ToolError`` with the command's code and hint."""

    def __init__(
        self, link: EditorLink, runtime: RuntimeLink | None, *, startup_wait_s: float = 120.0
    ) -> None:
        self._link = link
        self._runtime = runtime
        self._startup_wait_s = startup_wait_s
        self._readers: dict[ResourceKind, Callable[[str], Awaitable[Content]]] = {
            ResourceKind.PROJECT_INFO: self._project_info,
            ResourceKind.COERCION_DOC: self._coercion,
            ResourceKind.EDITOR_LOG: self._editor_log,
            ResourceKind.GAME_LOG: self._game_log,
            ResourceKind.SCENE: self._scene,
            ResourceKind.SCRIPT: self._script,
            ResourceKind.CLASS: self._class,
        }

    async def read(self, address: ResourceAddress) -> Content:
        return await self._readers[address.kind](address.key)

    async def editor(self, command: str, params: JsonObject) -> JsonObject:
        """The data of one editor command; its failure as ``ToolError``. The first read waits (bounded)
        for the first connection attempt, as the first tool list does."""
        await self._link.wait_first_attempt(self._startup_wait_s)
        return _data(await self._link.call(command, params, _CALL_TIMEOUT_S))

    async def game(self, command: str, params: JsonObject) -> JsonObject:
        if self._runtime is None:
            raise ToolError(ErrorCode.GAME_NOT_RUNNING, "This server has no link to a running game.")
        return _data(await self._runtime.call(command, params, _CALL_TIMEOUT_S))

    async def _project_info(self, _key: str) -> Content:
        return _marked("project_info", "project", await self.editor("project.get_info", {}))

    async def _coercion(self, _key: str) -> Content:
        return "text/markdown", coercion_document()

    async def _editor_log(self, _key: str) -> Content:
        return _marked("log", "editor", await self.editor("editor.get_log", {}))

    async def _game_log(self, _key: str) -> Content:
        try:
            return _marked("log", "game", await self.game("runtime.get_log", {}))
        except ToolError as error:
            if error.code not in (ErrorCode.GAME_NOT_RUNNING, ErrorCode.RUNTIME_DISCONNECTED):
                raise
        status = await self.editor("game.status", {})
        return _marked(
            "log",
            "game",
            {
                **status,
                "hint": "No game runs now: game_start runs it; last_run holds the "
                "last lines of the previous run.",
            },
        )

    async def _class(self, name: str) -> Content:
        return JSON, _json(await self.editor("classdb.get_class", {"class_name": name}))

    async def _script(self, path: str) -> Content:
        pages = await self._pages("script.read", path, ("start_line", "next_start_line"), 1)
        text = "\n".join(str(page.get("content", "")) for page in pages)
        return MARKED, envelope("script", res_path(path), text)

    async def _scene(self, path: str) -> Content:
        """The nodes the scene file declares, read by the editor from disk (open or not, .tscn or .scn)."""
        pages = await self._pages("scene.read_file", path, ("offset", "next_offset"), 0)
        head = next((page for page in pages if page), {})
        nodes = [node for page in pages for node in _items(page, "nodes")]
        tree: JsonObject = {key: head[key] for key in _SCENE_FIELDS if key in head}
        scene = {**tree, "source": "file", "total_nodes": len(nodes), "nodes": nodes}
        return _marked("scene", res_path(path), scene)

    async def _pages(self, command: str, path: str, cursor: tuple[str, str], first: int) -> list[JsonObject]:
        """Every page of a paged read of ``path`` (at most ``_MAX_PAGES``); ``cursor``: the argument
        that names a page and the reply field that names the next one."""
        pages: list[JsonObject] = []
        at = first
        for _ in range(_MAX_PAGES):
            page = await self.editor(command, {"path": path, cursor[0]: at})
            pages.append(page)
            following = page.get(cursor[1])
            if not page.get("has_more") or not isinstance(following, int):
                break
            at = following
        return pages


def _data(reply: CommandReply) -> JsonObject:
    if isinstance(reply, CommandFailure):
        raise reply.to_error()
    return reply.data


def _items(page: JsonObject, key: str) -> list[JsonValue]:
    items = page.get(key)
    return list(items) if isinstance(items, list) else []


def _marked(kind: str, source: str, value: JsonValue) -> Content:
    """Project or game content: its JSON inside one untrusted-content envelope, whatever it holds, so a
    resource keeps one mime type."""
    return MARKED, envelope(kind, source, _json(value))


def _json(value: JsonValue) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
