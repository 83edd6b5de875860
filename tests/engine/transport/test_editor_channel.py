"""The editor channel on the real editor, spoken to raw (no MCP server in between): the token
handshake, JSON-RPC framing errors, oversized frames, and an editor that keeps serving after each."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from godot_live_mcp.instances.instance import EditorInstance
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

POLICY_VIOLATION = 1008
MESSAGE_TOO_BIG = 1009


@asynccontextmanager
async def raw_socket(instance: EditorInstance) -> AsyncIterator[ClientConnection]:
    async with connect(instance.url, proxy=None, compression=None, max_size=None, open_timeout=5) as ws:
        yield ws


def token(instance: EditorInstance) -> str:
    return instance.token_path.read_text("utf-8").strip()


def request(request_id: Any, method: str, params: Any = None) -> str:
    frame: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        frame["params"] = params
    return json.dumps(frame)


async def authed(ws: ClientConnection, instance: EditorInstance) -> dict[str, Any]:
    await ws.send(request(0, "auth", {"token": token(instance)}))
    reply: dict[str, Any] = json.loads(await ws.recv(decode=True))
    return reply


async def closed_with(ws: ClientConnection) -> tuple[int | None, str | None]:
    """Waits for the editor to close the socket; its close code and reason."""
    await ws.wait_closed()
    return ws.close_code, ws.close_reason


async def test_the_right_token_is_answered_with_the_editors_identity(engine_editor: EngineEditor) -> None:
    async with raw_socket(engine_editor.instance) as ws:
        reply = await authed(ws, engine_editor.instance)
    identity = reply["result"]
    assert reply["id"] == 0
    assert identity["authed"] is True
    assert identity["headless"] is True
    assert identity["godot_version"].startswith("4.")
    assert identity["plugin_version"]
    assert identity["pid"] == engine_editor.instance.pid


@pytest.mark.parametrize(
    ("first_frame", "reason"),
    [
        (request(0, "auth", {"token": "0" * 64}), "invalid token"),
        (request(0, "auth", {}), "invalid token"),
        (request(0, "ping"), "auth required"),
        ("not json at all", "auth required"),
    ],
)
async def test_a_bad_first_frame_closes_the_socket_with_1008(
    engine_editor: EngineEditor, first_frame: str, reason: str
) -> None:
    async with raw_socket(engine_editor.instance) as ws:
        await ws.send(first_frame)
        assert await closed_with(ws) == (POLICY_VIOLATION, reason)


async def test_no_auth_frame_within_two_seconds_closes_the_socket(engine_editor: EngineEditor) -> None:
    began = time.monotonic()
    async with raw_socket(engine_editor.instance) as ws:
        assert await closed_with(ws) == (POLICY_VIOLATION, "auth timeout")
    assert 1.5 < time.monotonic() - began < 5.0


@pytest.mark.parametrize(
    ("frame", "code", "echoed_id"),
    [
        ("{not json", -32700, None),
        ("[1, 2]", -32600, None),
        (json.dumps({"jsonrpc": "2.0", "id": 5}), -32600, 5),
        (json.dumps({"jsonrpc": "1.0", "id": 6, "method": "ping"}), -32600, 6),
        (request(7, "no.such_method"), -32601, 7),
        (request("eight", "ping", [1, 2]), -32602, "eight"),
    ],
)
async def test_framing_errors_get_the_jsonrpc_code_with_the_id_echoed(
    engine_editor: EngineEditor, frame: str, code: int, echoed_id: Any
) -> None:
    async with raw_socket(engine_editor.instance) as ws:
        await authed(ws, engine_editor.instance)
        await ws.send(frame)
        reply = json.loads(await ws.recv(decode=True))
        await ws.send(request(99, "ping"))
        after = json.loads(await ws.recv(decode=True))
    assert reply["error"]["code"] == code
    assert reply["id"] == echoed_id
    assert after["result"]["pong"] is True


async def test_an_unknown_method_names_itself_in_the_error_data(engine_editor: EngineEditor) -> None:
    async with raw_socket(engine_editor.instance) as ws:
        await authed(ws, engine_editor.instance)
        await ws.send(request(1, "scene.no_such_verb"))
        reply = json.loads(await ws.recv(decode=True))
    assert reply["error"]["data"] == {"method": "scene.no_such_verb"}


async def test_a_frame_over_the_buffer_closes_that_socket_and_the_editor_keeps_serving(
    engine_editor: EngineEditor,
) -> None:
    async with raw_socket(engine_editor.instance) as ws:
        await authed(ws, engine_editor.instance)
        with contextlib.suppress(ConnectionClosed):  # the close may overtake the end of our send
            await ws.send(request(1, "ping", {"padding": "x" * (3 * 1024 * 1024)}))
        code, _ = await closed_with(ws)
    assert code == MESSAGE_TOO_BIG
    async with raw_socket(engine_editor.instance) as ws:
        await authed(ws, engine_editor.instance)
        await ws.send(request(2, "ping"))
        assert json.loads(await ws.recv(decode=True))["result"]["pong"] is True
