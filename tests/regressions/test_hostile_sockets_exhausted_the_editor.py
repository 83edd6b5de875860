"""Refused or unauthenticated sockets whose peer never answered the close frame were never freed: about 250
of them exhausted the editor's file descriptors, then the accept loop spun at 100% CPU, every call hung, and
it stayed so after the attacker left (issue 14).

An editor of its own, with its descriptor limit lowered to a few more than it has open, faces 300 such
sockets kept up for several seconds; the authenticated client's round trip stays within twice its normal
median, the editor does not spin, and once the peers go every descriptor they held is free again.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from websockets.asyncio.client import ClientConnection, connect

from godot_live_mcp.instances.instance import EditorInstance
from tests.engine.harness import copy_demo_project, start_editor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

HOSTILE_SOCKETS = 300
ATTACK_S = 8.0
# Descriptors the editor may open beyond those it has at rest: fewer than the unauthenticated cap, so
# accepting fails for lack of descriptors during the attack and the back-off is exercised too.
HEADROOM_FDS = 24
PINGS = 60
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


@pytest.fixture(scope="module")
def editor(tmp_path_factory: pytest.TempPathFactory, editor_logs: list[Path]) -> Iterator[EditorInstance]:
    workspace = tmp_path_factory.mktemp("hostile_peers")
    project = copy_demo_project(workspace / "project")
    env = {"GODOT_MCP_REGISTRY_DIR": str(workspace / "registry")}
    with start_editor(project, env, workspace / "editor.log", editor_logs) as process:
        yield anyio.run(process.wait_ready, 120.0)


def open_fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


async def authed_client(instance: EditorInstance) -> ClientConnection:
    ws = await connect(instance.url, proxy=None, compression=None, open_timeout=5)
    token = instance.token_path.read_text("utf-8").strip()
    await ws.send(json.dumps({"jsonrpc": "2.0", "id": 0, "method": "auth", "params": {"token": token}}))
    reply = json.loads(await ws.recv(decode=True))
    assert reply["result"]["authed"] is True
    return ws


async def call(ws: ClientConnection, request_id: int, method: str) -> dict[str, Any]:
    """The answer to one request, past any progress notices sent before it."""
    await ws.send(json.dumps({"jsonrpc": "2.0", "id": request_id, "method": method, "params": {}}))
    while True:
        with anyio.fail_after(60):
            message: dict[str, Any] = json.loads(await ws.recv(decode=True))
        if message.get("id") == request_id:
            return message


async def ping_ms(ws: ClientConnection, count: int) -> list[float]:
    times = []
    for index in range(count):
        began = time.perf_counter()
        await ws.send(json.dumps({"jsonrpc": "2.0", "id": index + 1, "method": "ping"}))
        with anyio.fail_after(10):
            reply = json.loads(await ws.recv(decode=True))
        assert reply["result"]["pong"] is True
        times.append((time.perf_counter() - began) * 1000)
    return times


def wait_for_fds(pid: int, until: Callable[[int], bool], timeout_s: float) -> int:
    """The editor's open descriptor count once until(count) holds (or at the deadline)."""
    deadline = time.monotonic() + timeout_s
    while not until(count := open_fds(pid)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return count


@pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads /proc and sets another process's limit"
)
async def test_hostile_sockets_never_exhaust_or_spin_the_editor(editor: EditorInstance) -> None:
    ws = await authed_client(editor)
    # Starved of descriptors, a first import still running would fail and log: let it finish.
    assert (await call(ws, 1000, "editor.wait_for_idle"))["result"]["success"] is True
    normal = statistics.median(await ping_ms(ws, PINGS))
    at_rest = open_fds(editor.pid)
    soft, hard = resource.prlimit(editor.pid, resource.RLIMIT_NOFILE)
    resource.prlimit(editor.pid, resource.RLIMIT_NOFILE, (at_rest + HEADROOM_FDS, hard))
    flood_args = [str(editor.editor_port), str(HOSTILE_SOCKETS), str(ATTACK_S)]
    async with await anyio.open_process(
        [sys.executable, "-m", "tests.regressions._socket_flood", *flood_args]
    ) as flood:
        # Under way once the hostile sockets hold most of the editor's spare descriptors.
        wait_for_fds(editor.pid, lambda count: count >= at_rest + HEADROOM_FDS // 2, timeout_s=10)
        cpu_before, wall_before = cpu_seconds(editor.pid), time.monotonic()
        under_attack = statistics.median(await ping_ms(ws, PINGS))
        newcomer = await authed_client(editor)  # an honest client still gets in
        await newcomer.close()
        fds_during = open_fds(editor.pid)
        busy = (cpu_seconds(editor.pid) - cpu_before) / (time.monotonic() - wall_before)
        assert flood.stdout is not None
        report = (await flood.stdout.receive()).decode()
        await flood.wait()
    after_fds = wait_for_fds(editor.pid, lambda count: count <= at_rest + 2, timeout_s=10)
    after = statistics.median(await ping_ms(ws, PINGS))
    await ws.close()
    resource.prlimit(editor.pid, resource.RLIMIT_NOFILE, (soft, hard))
    print(
        f"normal {normal:.2f} ms, under attack {under_attack:.2f} ms, after {after:.2f} ms, "
        f"editor busy {busy:.0%}; {report.strip()}"
    )
    assert "dropped_by_editor" in report
    assert under_attack <= 2 * max(normal, 1.0), (normal, under_attack)
    assert busy < 0.9, f"the editor used {busy:.0%} of a core under attack"
    assert fds_during <= at_rest + HEADROOM_FDS
    assert after_fds <= at_rest + 2, (at_rest, after_fds)
    assert after <= 2 * max(normal, 1.0), (normal, after)
