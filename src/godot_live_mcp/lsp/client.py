"""A small typed LSP client for the Godot editor's GDScript language server.

Why not a library: pygls (the maintained Python LSP framework, client included) is asyncio-bound and is
not installable here, and lsprotocol's attrs/cattrs types would be a dependency for the eight requests
used. This is JSON-RPC over a TCP stream with Content-Length framing (``_framing.py``) on anyio, one
connection per tool call: connecting and ``initialize`` take milliseconds once the editor's workspace
is up, and nothing is left running between calls. Requests are sent one at a time; notifications that
arrive meanwhile are kept (diagnostics) or dropped.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager

import anyio
from anyio.abc import ByteStream

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.lsp._framing import FrameError, FrameReader, encode_frame
from godot_live_mcp.lsp._positions import ProjectUris

__all__ = ["LanguageServerClient", "lsp_unavailable"]

_HOST = "127.0.0.1"
_CONNECT_S = 5.0
_DIAGNOSTICS = "textDocument/publishDiagnostics"
_WORKSPACE = "gdscript_client/changeWorkspace"  # Godot names the project it serves on initialize


def lsp_unavailable(message: str) -> ToolError:
    return ToolError(ErrorCode.LSP_UNAVAILABLE, message)


class LanguageServerClient:
    """One initialized connection; ``diagnostics`` holds what the server published, by res:// path."""

    def __init__(self, stream: ByteStream, uris: ProjectUris) -> None:
        self._stream = stream
        self._reader = FrameReader()
        self._pending: list[JsonObject] = []
        self._next_id = 0
        self.uris = uris
        self.diagnostics: dict[str, list[JsonValue]] = {}
        self.workspace: str | None = None

    @classmethod
    @asynccontextmanager
    async def connect(cls, port: int, uris: ProjectUris) -> AsyncIterator[LanguageServerClient]:
        """Connect to the language server on ``port`` and initialize it for the project; raises
        ``LSP_UNAVAILABLE`` when nothing answers there."""
        stream = await _open(port)
        async with stream:
            client = cls(stream, uris)
            await client._initialize(port)
            yield client

    async def request(self, method: str, params: JsonValue) -> JsonValue:
        """The result of ``method``; an error answer raises ``INVALID_OPERATION`` with its message."""
        self._next_id += 1
        ident = self._next_id
        await self._send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        while True:
            message = await self._receive()
            if message.get("id") == ident and "method" not in message:
                return _result(method, message)
            await self._note(message)

    async def notify(self, method: str, params: JsonValue) -> None:
        await self._send({"jsonrpc": "2.0", "method": method, "params": params})

    async def open_document(self, uri: str, text: str) -> None:
        self.diagnostics.pop(self.uris.res_path(uri), None)
        document: JsonObject = {"uri": uri, "languageId": "gdscript", "version": 1, "text": text}
        await self.notify("textDocument/didOpen", {"textDocument": document})

    async def close_document(self, uri: str) -> None:
        await self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})

    async def wait_diagnostics(self, uris: Iterable[str]) -> None:
        """Read until the server has published diagnostics for each of ``uris`` (it does on didOpen)."""
        waiting = {self.uris.res_path(uri) for uri in uris} - self.diagnostics.keys()
        while waiting:
            await self._note(await self._receive())
            waiting -= self.diagnostics.keys()

    async def _initialize(self, port: int) -> None:
        params: JsonObject = {"processId": None, "rootUri": self.uris.root_uri, "capabilities": {}}
        with anyio.move_on_after(_CONNECT_S * 5) as waited:  # the first one parses the whole project
            await self.request("initialize", params)
        if waited.cancelled_caught:
            raise lsp_unavailable(f"Port {port} accepts connections but no language server answers there.")
        if self.workspace is not None and not self.uris.is_root(self.workspace):
            raise lsp_unavailable(
                f"The language server on port {port} serves {self.workspace}, not {self.uris.root}: the "
                "editor could not take its port."
            )
        await self.notify("initialized", {})

    async def _send(self, message: JsonObject) -> None:
        try:
            await self._stream.send(encode_frame(message))
        except (OSError, anyio.BrokenResourceError, anyio.ClosedResourceError) as error:
            raise lsp_unavailable(f"The language server closed the connection: {error}") from error

    async def _receive(self) -> JsonObject:
        while not self._pending:
            try:
                data = await self._stream.receive()
            except (OSError, anyio.EndOfStream, anyio.BrokenResourceError) as error:
                raise lsp_unavailable("The language server closed the connection.") from error
            try:
                self._pending += self._reader.feed(data)
            except FrameError as error:
                raise ToolError(ErrorCode.PROTOCOL_ERROR, f"Language server: {error}") from error
        return self._pending.pop(0)

    async def _note(self, message: JsonObject) -> None:
        """A message that is not the awaited answer: keep diagnostics, answer the server's own requests
        (this client offers nothing, so null), drop the rest."""
        params = message.get("params")
        if message.get("method") == _DIAGNOSTICS and isinstance(params, dict):
            uri, found = params.get("uri"), params.get("diagnostics")
            if isinstance(uri, str) and isinstance(found, list):
                self.diagnostics[self.uris.res_path(uri)] = found
        elif message.get("method") == _WORKSPACE and isinstance(params, dict):
            self.workspace = str(params.get("path", ""))
        elif "method" in message and "id" in message:
            await self._send({"jsonrpc": "2.0", "id": message["id"], "result": None})


async def _open(port: int) -> ByteStream:
    """Connect, retrying for a few seconds: the server starts listening about 2 s after the editor,
    shortly after the editor's registry entry appears."""
    deadline = anyio.current_time() + _CONNECT_S
    while True:
        try:
            with anyio.fail_after(_CONNECT_S):
                return await anyio.connect_tcp(_HOST, port)
        except (OSError, TimeoutError) as error:
            if anyio.current_time() >= deadline:
                raise lsp_unavailable(
                    f"Nothing listens on the language server port {port}: {error}"
                ) from error
        await anyio.sleep(0.1)


def _result(method: str, message: JsonObject) -> JsonValue:
    error = message.get("error")
    if isinstance(error, dict):
        raise ToolError(
            ErrorCode.INVALID_OPERATION,
            f"The language server refused {method}: {error.get('message')}",
            "Check the path and position; the script may not parse.",
        )
    return message.get("result")
