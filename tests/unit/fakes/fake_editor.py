"""A small WebSocket server speaking the editor protocol (docs/protocol.md), for unit tests of Python logic.

It never stands in for acceptance: the engine tests drive the real addon.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from types import TracebackType
from typing import Any

import anyio
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from godot_live_mcp.contract import CONTRACT
from godot_live_mcp.instances.instance import EditorInstance, Endpoint

Handler = Callable[[dict[str, Any]], Awaitable[Any]]
TOKEN = "ab" * 32


class JsonRpcError(Exception):
    """Raised by a handler to answer with a JSON-RPC error instead of a result."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.code, self.message, self.data = code, message, data


def command(
    name: str, *, read_only: bool = True, schema: dict[str, Any] | None = None, **extra: Any
) -> dict[str, Any]:
    """A catalogue entry as the addon publishes it."""
    return {
        "name": name,
        "description": f"The {name} command.",
        "input_schema": schema or {"type": "object", "properties": {}},
        "annotations": {"read_only": read_only, "destructive": False, "idempotent": read_only},
        "timeout_ms": 30000,
        "owner": "builtin",
        **extra,
    }


async def echo(params: dict[str, Any]) -> Any:
    return {"success": True, "echo": params}


class FakeEditor:
    """``async with FakeEditor(tmp_path) as editor``: serves on 127.0.0.1, records what it receives."""

    def __init__(self, folder: Path, commands: list[dict[str, Any]] | None = None) -> None:
        self.folder = folder
        self.token_path = folder / "fake.token"
        self.catalog: list[dict[str, Any]] = (
            commands if commands is not None else [command("editor.get_info")]
        )
        self.catalog_version = 1
        self.handlers: dict[str, Handler] = {}
        self.catalog_delay_s = 0.0  # a slow catalogue answer, as from an editor that is busy
        self.received: list[dict[str, Any]] = []
        self.cancelled: list[Any] = []
        self.cancel_received = anyio.Event()
        self.connections_seen = 0
        self.quit_requested = False
        self._server: Server | None = None
        self._port = 0

    @property
    def instance(self) -> EditorInstance:
        return EditorInstance(
            project_hash="0123456789ab",
            project_path=self.folder,
            project_name="Fake",
            editor_port=self._port,
            pid=1,
            godot_version="4.6.3",
            plugin_version="0.1.0",
            protocol_version=1,
            token_path=self.token_path,
            headless=True,
            started_unix=time.time(),
        )

    @property
    def game_endpoint(self) -> Endpoint:
        """This fake seen as a running game (both peers speak the same protocol)."""
        return replace(self.instance.endpoint, role="game")

    def methods_received(self) -> list[str]:
        return [frame.get("method", "") for frame in self.received]

    async def __aenter__(self) -> FakeEditor:
        self.token_path.write_text(TOKEN, "utf-8")
        await self.start()
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.stop()

    async def start(self) -> None:
        """Listen (again, on the same port after ``stop``)."""
        self._server = await serve(self._serve, "127.0.0.1", self._port, compression=None)
        self._port = next(iter(self._server.sockets)).getsockname()[1]

    async def stop(self) -> None:
        """Close every connection (1001) and stop listening."""
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None

    async def close_connections(self, code: int, reason: str) -> None:
        """Close every client connection with ``code``, as the engine does for an oversized frame (1009)."""
        assert self._server is not None
        for connection in list(self._server.connections):
            await connection.close(code, reason)

    async def notify(self, method: str, params: dict[str, Any]) -> None:
        assert self._server is not None
        frame = json.dumps({"jsonrpc": "2.0", "method": method, "params": params})
        for connection in self._server.connections:
            await connection.send(frame)

    async def _serve(self, ws: ServerConnection) -> None:
        if not await self._authenticate(ws):
            return
        self.connections_seen += 1
        async with anyio.create_task_group() as tasks:
            try:
                async for frame in ws:
                    message = json.loads(frame)
                    self.received.append(message)
                    tasks.start_soon(self._answer, ws, message)
            except ConnectionClosed:
                pass
            tasks.cancel_scope.cancel()  # handlers still running die with their connection

    async def _authenticate(self, ws: ServerConnection) -> bool:
        first = json.loads(await ws.recv())
        if first.get("method") != "auth" or first.get("params", {}).get("token") != TOKEN:
            await ws.close(1008, "invalid token")
            return False
        identity = {
            "authed": True,
            "protocol_version": CONTRACT.protocol_version,
            "godot_version": "4.6.3",
            "plugin_version": "0.1.0",
        }
        await ws.send(json.dumps({"jsonrpc": "2.0", "id": first["id"], "result": identity}))
        return True

    async def _answer(self, ws: ServerConnection, message: dict[str, Any]) -> None:
        method, params = message["method"], message.get("params", {})
        reply: dict[str, Any] = {"jsonrpc": "2.0", "id": message["id"]}
        try:
            reply["result"] = await self._result(method, params)
        except JsonRpcError as failure:
            reply["error"] = {"code": failure.code, "message": failure.message, "data": failure.data}
        with contextlib.suppress(ConnectionClosed):
            await ws.send(json.dumps(reply))

    async def _result(self, method: str, params: dict[str, Any]) -> Any:
        if method == "mcp.catalog":
            await anyio.sleep(self.catalog_delay_s)
            return {"catalog_version": self.catalog_version, "commands": self.catalog}
        if method == "_quit":
            self.quit_requested = True
            return {"quitting": True}
        if method == "_cancel":
            self.cancelled.append(params.get("id"))
            self.cancel_received.set()
            return {"cancelled": True}
        handler = self.handlers.get(method)
        if handler is None:
            if any(entry["name"] == method for entry in self.catalog):
                return await echo(params)
            raise JsonRpcError(-32601, "Method not found", {"method": method})
        return await handler(params)
