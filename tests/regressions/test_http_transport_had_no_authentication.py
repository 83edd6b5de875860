"""Regression (issue 14): the HTTP transport took any request, so a credential-less ``initialize``
followed by ``editor_execute`` ran code. Every request now needs the server start's bearer token, over
real HTTP on 127.0.0.1; the SDK's DNS-rebinding checks still hold, and each session keeps its own
tool surface."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from mcp.client import Client
from mcp.client.streamable_http import streamable_http_client

from godot_live_mcp.bridge.editor_link import Backoff, EditorLink
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from godot_live_mcp.server.app import GodotMcpApp
from godot_live_mcp.server.http_auth import TOKEN_BYTES, HttpToken
from godot_live_mcp.server.tool_policy import ToolPolicy
from godot_live_mcp.server.transports import HTTP_PATH, run_http
from tests.engine.harness import EngineEditor
from tests.http_serving import free_port, served_token, served_token_file, wait_listening
from tests.unit.fakes.fake_editor import FakeEditor, command
from tests.unit.fakes.sources import FixedSource

pytestmark = pytest.mark.anyio

INITIALIZE = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "probe", "version": "1"},
    },
}
MCP_HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
COMMANDS = [
    command("editor.get_info"),
    command("signal.list", group={"name": "signal"}),
    command("editor.execute", read_only=False, annotations={"read_only": False, "open_world": True}),
]


@dataclass
class HttpServer:
    url: str
    token_file: Path
    editor: FakeEditor

    @property
    def token(self) -> str:
        return self.token_file.read_text("ascii").strip()


@asynccontextmanager
async def http_server(tmp_path: Path) -> AsyncIterator[HttpServer]:
    port, tokens = free_port(), tmp_path / "tokens"
    async with FakeEditor(tmp_path, [dict(c) for c in COMMANDS]) as editor:
        link = EditorLink(FixedSource(editor.instance), backoff=Backoff(0.01, 2, 0.05))
        app = GodotMcpApp(link, ToolPolicy(), startup_wait_s=5)
        async with anyio.create_task_group() as tasks:
            tasks.start_soon(link.run)
            tasks.start_soon(run_http, app, port, tokens)
            await wait_listening(port)
            await link.wait_first_attempt(5)  # the catalogue asked and answered before the test begins
            await link.wait_settled(5)
            yield HttpServer(f"http://127.0.0.1:{port}{HTTP_PATH}", tokens / f"{port}.token", editor)
            tasks.cancel_scope.cancel()


async def post(server: HttpServer, headers: dict[str, str]) -> httpx2.Response:
    async with httpx2.AsyncClient() as http:
        return await http.post(server.url, json=INITIALIZE, headers={**MCP_HEADERS, **headers})


@pytest.mark.parametrize(
    "authorization",
    [None, "Bearer wrong-token", "Basic {token}", "Bearer {token}x", "bearer"],
    ids=["no header", "wrong token", "wrong scheme", "token with a suffix", "scheme alone"],
)
async def test_a_request_without_the_token_is_refused_with_401(
    tmp_path: Path, authorization: str | None
) -> None:
    async with http_server(tmp_path) as server:
        headers = {} if authorization is None else {"Authorization": authorization.format(token=server.token)}
        response = await post(server, headers)
    assert response.status_code == 401, response.text
    assert response.headers["www-authenticate"].startswith("Bearer ")
    assert server.editor.methods_received() == ["mcp.catalog"]  # nothing reached the editor


async def test_the_token_opens_the_door_and_is_new_private_and_gone_at_exit(tmp_path: Path) -> None:
    async with http_server(tmp_path) as first:
        response = await post(first, {"Authorization": f"Bearer {first.token}"})
        mode = stat.S_IMODE(first.token_file.stat().st_mode)
        folder_mode = stat.S_IMODE(first.token_file.parent.stat().st_mode)
        token = first.token
    (tmp_path / "again").mkdir()
    async with http_server(tmp_path / "again") as second:
        assert second.token != token
    assert response.status_code == 200, response.text
    assert (mode, folder_mode) == (0o600, 0o700)
    assert len(token) >= TOKEN_BYTES * 4 // 3  # 256 bits, base64url
    assert not first.token_file.exists()


@pytest.mark.parametrize(
    ("header", "value", "status"),
    [("Host", "evil.example:80", 421), ("Origin", "http://evil.example", 403)],
)
async def test_dns_rebinding_checks_still_hold_with_the_token(
    tmp_path: Path, header: str, value: str, status: int
) -> None:
    async with http_server(tmp_path) as server:
        response = await post(server, {"Authorization": f"Bearer {server.token}", header: value})
    assert response.status_code == status, response.text


@asynccontextmanager
async def client(url: str, token: str) -> AsyncIterator[Client]:
    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"})
    async with http, Client(streamable_http_client(url, http_client=http), mode="legacy") as session:
        yield session


async def test_sessions_run_side_by_side_each_with_its_own_tool_surface(tmp_path: Path) -> None:
    async with (
        http_server(tmp_path) as server,
        client(server.url, server.token) as first,
        client(server.url, server.token) as second,
    ):
        loaded = await first.call_tool("discover_tools", {"request": "signal"})
        first_tools = names((await first.list_tools()).tools)
        second_tools = names((await second.list_tools()).tools)
        called = await second.call_tool("editor_get_info", {})
    assert not loaded.is_error
    assert "signal_list" in first_tools
    assert "signal_list" not in second_tools
    assert not called.is_error
    assert "editor_execute" not in first_tools  # code execution stays off without --allow-execute


def names(tools: list[Any]) -> list[str]:
    return [tool.name for tool in tools]


async def test_the_token_file_is_never_world_readable_even_with_a_lax_umask(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        token = HttpToken.create(tmp_path / "lax", 1234)
    finally:
        os.umask(old)
    assert stat.S_IMODE(token.path.stat().st_mode) == 0o600
    assert token.path.read_text("ascii").strip() == token.value


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_served_token_file_goes_when_serve_is_stopped(tmp_path: Path, signum: signal.Signals) -> None:
    port = free_port()
    env = {**os.environ, REGISTRY_DIR_ENV: str(tmp_path / "reg"), "XDG_STATE_HOME": str(tmp_path / "state")}
    command = [sys.executable, "-m", "godot_live_mcp", "serve", "--transport", "http", "--port", str(port)]
    token_file = served_token_file(tmp_path / "state", port)
    with subprocess.Popen([*command, "--no-launch"], env=env, stderr=subprocess.PIPE) as serve:
        anyio.run(served_token, token_file, serve.poll)
        assert stat.S_IMODE(token_file.stat().st_mode) == 0o600
        serve.send_signal(signum)
        assert serve.stderr is not None
        printed = serve.stderr.read().decode()
        serve.wait(15)
    assert printed.count("Authorization: Bearer ") == 1  # printed once
    assert not token_file.exists()


def call_execute(code: str) -> dict[str, Any]:
    arguments = {"code": code, "mode": "body"}
    return {
        "jsonrpc": "2.0",
        "id": 2,
        "method": "tools/call",
        "params": {"name": "editor_execute", "arguments": arguments},
    }


@pytest.mark.engine
async def test_the_real_editor_runs_no_code_for_a_request_without_the_token(
    engine_editor: EngineEditor, tmp_path: Path
) -> None:
    """The attack itself, on the real editor with code execution allowed: initialize and editor_execute
    without a token are refused before they reach the editor; the same call with the token runs."""
    marker = tmp_path / "ran.txt"
    code = f'var f := FileAccess.open("{marker}", FileAccess.WRITE)\nf.store_string("ran")\nreturn true'
    port = free_port()
    url = f"http://127.0.0.1:{port}{HTTP_PATH}"
    env = {**os.environ, **engine_editor.env, "XDG_STATE_HOME": str(tmp_path / "state")}
    serve = [sys.executable, "-m", "godot_live_mcp", "serve", "--transport", "http", "--port", str(port)]
    serve += ["--project", str(engine_editor.project), "--no-launch", "--allow-execute"]
    token_file = served_token_file(tmp_path / "state", port)
    async with await anyio.open_process(serve, env=env, stderr=subprocess.DEVNULL) as process:
        try:
            token = await served_token(token_file, lambda: process.returncode)
            async with httpx2.AsyncClient() as http:
                initialize = await http.post(url, json=INITIALIZE, headers=MCP_HEADERS)
                executed = await http.post(url, json=call_execute(code), headers=MCP_HEADERS)
            refused_ran = marker.exists()
            async with client(url, token) as session:
                allowed = await session.call_tool("editor_execute", {"code": code, "mode": "body"})
        finally:
            process.send_signal(signal.SIGTERM)
            with anyio.fail_after(15):
                await process.wait()
    assert (initialize.status_code, executed.status_code) == (401, 401)
    assert refused_ran is False
    assert not allowed.is_error
    assert marker.read_text("utf-8") == "ran"
