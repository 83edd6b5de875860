"""Regression (issue 21): over ``serve --transport http``, connections without the token that sent their
headers a byte at a time were held forever, so a slowloris made clients with the token time out and the
server logged a warning for each bad request (80 MB in 90 s). Every connection now has a time limit for
its headers and for its body, at most 32 connections without the token are held (the one waiting
longest makes room for a newer one), and refusals are logged as one summary line per interval.

The attack is bounded: 200 sockets, all to 127.0.0.1, for two windows of a few seconds. The client with
the token calls ``editor_get_info`` on the real editor without pause through quiet windows and attack
windows in turn, so a busy machine slows both alike.
"""

from __future__ import annotations

import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path

import anyio
import pytest
from anyio.abc import Process
from anyio.streams.buffered import BufferedByteReceiveStream

from godot_live_mcp.server.http_guard import GuardLimits
from tests.engine.harness import EngineEditor
from tests.http_serving import free_port, served_token_file
from tests.regressions.test_http_transport_had_no_authentication import client

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

SOCKETS = 200
ROUNDS = 2
QUIET_S = 2.0
ATTACK_S = GuardLimits().header_timeout_s + 2.0  # long enough for the header limit to act
# Round trips shorter than this are compared by this floor (scheduler noise dominates below it).
FLOOR_MS = 20.0
LOG_CAP_BYTES = 4096  # what the server may write to its log during all the attack windows
FD_MARGIN = 24  # descriptors beyond the idle count and the cap: the client's, and ones being closed


@dataclass
class Serve:
    process: subprocess.Popen[bytes]
    url: str
    port: int
    token_file: Path
    log: Path

    @property
    def token(self) -> str:
        return self.token_file.read_text("ascii").strip()

    async def ready(self, tools: bool = False) -> None:
        """Its token file written, just after the port is taken; with ``tools``, also the editor's tools
        published (bounded: a loaded machine starts slowly)."""
        with anyio.fail_after(60):
            while not self.token_file.exists() or (tools and "publishing" not in self.log_text()):
                assert self.process.poll() is None, self.log_text()
                await anyio.sleep(0.05)

    def log_text(self) -> str:
        return self.log.read_text("utf-8", errors="replace")


@contextmanager
def serve_http(engine_editor: EngineEditor, workspace: Path) -> Iterator[Serve]:
    port = free_port()
    env = {**os.environ, **engine_editor.env, "XDG_STATE_HOME": str(workspace / "state")}
    command = [sys.executable, "-m", "godot_live_mcp", "serve", "--transport", "http", "--port", str(port)]
    command += ["--project", str(engine_editor.project), "--no-launch"]
    log = workspace / "serve.log"
    with log.open("wb") as stderr, subprocess.Popen(command, env=env, stderr=stderr) as process:
        token_file = served_token_file(workspace / "state", port)
        try:
            yield Serve(process, f"http://127.0.0.1:{port}/mcp", port, token_file, log)
        finally:
            process.send_signal(signal.SIGTERM)
            process.wait(15)


@dataclass
class Flood:
    process: Process
    answers: BufferedByteReceiveStream

    async def order(self, command: str) -> str:
        assert self.process.stdin is not None
        await self.process.stdin.send(f"{command}\n".encode())
        with anyio.fail_after(10):
            return (await self.answers.receive_until(b"\n", 1000)).decode().strip()


@asynccontextmanager
async def slowloris(port: int) -> AsyncIterator[Flood]:
    command = [sys.executable, "-m", "tests.regressions._slowloris", str(port), str(SOCKETS)]
    async with await anyio.open_process(command, cwd=Path(__file__).parents[2]) as process:
        assert process.stdin is not None
        assert process.stdout is not None
        try:
            yield Flood(process, BufferedByteReceiveStream(process.stdout))
        finally:
            await process.stdin.aclose()
            with anyio.fail_after(10):
                await process.wait()


def open_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


async def test_a_slowloris_neither_slows_a_client_with_the_token_nor_floods_the_log(
    engine_editor: EngineEditor, tmp_path: Path
) -> None:
    quiet_ms: list[float] = []
    attack_ms: list[float] = []
    log_bytes = 0
    most_fds = 0
    with serve_http(engine_editor, tmp_path) as server:
        await server.ready(tools=True)
        async with client(server.url, server.token) as session, slowloris(server.port) as flood:

            async def calls(seconds: float, into: list[float]) -> None:
                deadline = time.monotonic() + seconds
                while time.monotonic() < deadline:
                    start = time.perf_counter()
                    with anyio.fail_after(10):
                        result = await session.call_tool("editor_get_info", {})
                    into.append((time.perf_counter() - start) * 1000)
                    assert not result.is_error, result

            await calls(1.0, [])  # warm: the first calls are slower
            idle_fds = open_fds(server.process.pid)
            for _ in range(ROUNDS):
                await calls(QUIET_S, quiet_ms)
                before = server.log.stat().st_size
                assert await flood.order("hold") == "holding"
                async with anyio.create_task_group() as watch:

                    async def count_fds() -> None:
                        nonlocal most_fds
                        while True:
                            most_fds = max(most_fds, open_fds(server.process.pid))
                            await anyio.sleep(0.1)

                    watch.start_soon(count_fds)
                    await calls(ATTACK_S, attack_ms)
                    watch.cancel_scope.cancel()
                released = await flood.order("release")
                log_bytes += server.log.stat().st_size - before
        totals = dict(part.split("=") for part in released.split()[1:])
    quiet, attack = statistics.median(quiet_ms), statistics.median(attack_ms)
    print(f"median ms quiet={quiet:.1f} attack={attack:.1f}; calls {len(quiet_ms)}/{len(attack_ms)}")
    print(f"log bytes during the attack: {log_bytes}; fds idle={idle_fds} most={most_fds}; {released}")
    assert int(totals["slow_dropped"]) > SOCKETS // 2  # the server closed slow connections...
    assert most_fds <= idle_fds + GuardLimits().max_unauthenticated + FD_MARGIN  # ...and held few
    assert max(attack, FLOOR_MS) <= 3 * max(quiet, FLOOR_MS), (quiet_ms, attack_ms)
    assert log_bytes <= LOG_CAP_BYTES, server.log.read_text("utf-8", errors="replace")[-3000:]
    assert "HTTP: in the last" in server.log.read_text("utf-8", errors="replace")  # a summary, once


@pytest.mark.parametrize("part", ["headers", "body"])
async def test_a_request_slower_than_its_time_limit_is_cut(
    engine_editor: EngineEditor, tmp_path: Path, part: str
) -> None:
    """Headers sent a byte at a time, or a body announced and never sent (with the token, even), are
    cut at their limit, not held."""
    limits = GuardLimits()
    with serve_http(engine_editor, tmp_path) as server:
        await server.ready()
        with socket.create_connection(("127.0.0.1", server.port), timeout=1) as sock:
            headers = f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            headers += f"Authorization: Bearer {server.token}\r\nContent-Type: application/json\r\n"
            if part == "body":
                sock.sendall(f"{headers}Content-Length: 1000\r\n\r\n{{".encode())
            limit = limits.header_timeout_s if part == "headers" else limits.body_timeout_s
            start = time.monotonic()
            closed = False
            while not closed and time.monotonic() - start < limit + 10:
                if part == "headers":
                    sock.send(headers[int(time.monotonic() - start) % len(headers)].encode())
                try:
                    closed = sock.recv(4096) == b""
                except TimeoutError:
                    continue
                except ConnectionResetError:
                    closed = True
            waited = time.monotonic() - start
    assert closed, f"the {part} of a request were still awaited after {waited:.0f} s"
