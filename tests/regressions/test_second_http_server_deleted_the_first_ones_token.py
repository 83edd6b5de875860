"""Regression (issue 21): a second ``serve --transport http`` on a port already served replaced the
first server's token file and then deleted it on its way out; and ``Host`` and ``Origin`` were matched
by prefix (the SDK's ``127.0.0.1:*`` pattern let ``127.0.0.1:PORT.evil.com`` through). The port is now
taken before the token file is written, a server removes only the file it wrote, and both headers
must be exactly this server's."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2
import pytest

from godot_live_mcp.server.http_auth import HttpToken
from tests.http_serving import free_port, served_token, served_token_file
from tests.regressions.test_http_transport_had_no_authentication import INITIALIZE, MCP_HEADERS

pytestmark = pytest.mark.anyio


@contextmanager
def serve_http(workspace: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    env = {**os.environ, "GODOT_MCP_REGISTRY_DIR": str(workspace / "reg"), "XDG_STATE_HOME": str(workspace)}
    command = [sys.executable, "-m", "godot_live_mcp", "serve", "--transport", "http", "--port", str(port)]
    with subprocess.Popen([*command, "--no-launch"], env=env, stderr=subprocess.PIPE) as process:
        try:
            yield process
        finally:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
            process.wait(15)


async def initialize(port: int, token: str, headers: dict[str, str] | None = None) -> int:
    async with httpx2.AsyncClient() as http:
        response = await http.post(
            f"http://127.0.0.1:{port}/mcp",
            json=INITIALIZE,
            headers={**MCP_HEADERS, "Authorization": f"Bearer {token}", **(headers or {})},
            timeout=30,
        )
    return response.status_code


async def test_a_second_server_on_the_port_fails_and_leaves_the_first_ones_token(tmp_path: Path) -> None:
    port = free_port()
    token_file = served_token_file(tmp_path, port)
    with serve_http(tmp_path, port) as first:
        token = await served_token(token_file, first.poll)
        inode = token_file.stat().st_ino
        with serve_http(tmp_path, port) as second:
            assert second.stderr is not None
            refused = second.stderr.read().decode()
            code = second.wait(60)
        assert code == 2, refused
        assert f"Port {port}" in refused
        assert "already in use" in refused
        assert token_file.read_text("ascii").strip() == token  # the same file, the same token
        assert token_file.stat().st_ino == inode
        assert await initialize(port, token) == 200  # the first still serves
    assert not token_file.exists()  # and removes its own file at the end


def test_a_server_leaves_a_token_file_that_is_no_longer_its_own(tmp_path: Path) -> None:
    ours = HttpToken.create(tmp_path, 1234)
    ours.path.unlink()
    theirs = HttpToken.create(tmp_path, 1234)  # another server's file at the same place
    ours.remove()
    assert theirs.path.read_text("ascii").strip() == theirs.value
    theirs.remove()
    assert not theirs.path.exists()


@pytest.mark.parametrize(
    ("header", "value", "status"),
    [
        ("Host", "127.0.0.1:{port}.evil.com", 421),
        ("Host", "localhost:{port}0", 421),
        ("Origin", "http://localhost.evil.com", 403),
        ("Origin", "http://localhost:{port}.evil.com", 403),
        ("Origin", "http://127.0.0.1:{port}", 200),
        ("Host", "localhost:{port}", 200),
    ],
)
async def test_host_and_origin_must_be_exactly_this_servers(
    tmp_path: Path, header: str, value: str, status: int
) -> None:
    port = free_port()
    with serve_http(tmp_path, port) as server:
        token = await served_token(served_token_file(tmp_path, port), server.poll)
        answered = await initialize(port, token, {header: value.format(port=port)})
    assert answered == status
