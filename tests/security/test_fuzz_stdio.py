"""Fuzz: generated lines on ``serve``'s stdin (MCP over stdio), the server connected to the fuzzed editor.

After every line the server must still answer a ``ping``: no answer is a hang, a dead server or a
stdout line that is not JSON a crash. A line answered with a JSON-RPC error counts as refused."""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from tests.security.campaign import Campaign, Outcome, examples
from tests.security.stage import Stage
from tests.security.strategies import frame_text

pytestmark = pytest.mark.engine

FUZZ = settings(
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
STDIO = "frames: MCP over stdio"
ANSWER_WITHIN_S = 8.0
METHODS = [
    "initialize",
    "ping",
    "tools/list",
    "tools/call",
    "resources/list",
    "resources/read",
    "resources/templates/list",
    "prompts/list",
    "prompts/get",
    "logging/setLevel",
    "completion/complete",
    "notifications/initialized",
    "notifications/cancelled",
    "server/discover",
]


class StdioPeer:
    """``serve`` over its pipes, read with a deadline."""

    def __init__(self, popen: subprocess.Popen[bytes]) -> None:
        self.popen = popen
        self._buffer = b""
        self.probes = 0

    def send(self, line: str) -> None:
        assert self.popen.stdin is not None
        self.popen.stdin.write(line.encode("utf-8", errors="replace") + b"\n")
        self.popen.stdin.flush()

    def read_line(self, deadline: float) -> bytes | None:
        assert self.popen.stdout is not None
        fd = self.popen.stdout.fileno()
        while b"\n" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
                return None
            chunk = os.read(fd, 65536)
            if not chunk:
                return None
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        return line

    def ping(self, wanted: Any) -> Outcome:
        """Send a ping and read up to its answer; what the line with id ``wanted`` got on the way."""
        self.probes += 1
        probe = f"probe-{self.probes}-c0ffee"
        self.send(json.dumps({"jsonrpc": "2.0", "id": probe, "method": "ping"}))
        got = Outcome.ACCEPTED
        deadline = time.monotonic() + ANSWER_WITHIN_S
        while True:
            line = self.read_line(deadline)
            if line is None:
                return Outcome.CRASH if self.popen.poll() is not None else Outcome.HANG
            try:
                answer = json.loads(line)
            except ValueError:
                return Outcome.CRASH  # something other than MCP reached stdout
            if not isinstance(answer, dict):
                return Outcome.CRASH
            if answer.get("id") == probe:
                return got
            if "error" in answer and answer.get("id") in (wanted, None):
                got = Outcome.REFUSED


@pytest.fixture(scope="module")
def stdio(stage: Stage) -> Iterator[StdioPeer]:
    env = {**os.environ, **stage.editor.env, "XDG_STATE_HOME": str(stage.editor.workspace / "state")}
    command = [
        sys.executable,
        "-m",
        "godot_live_mcp",
        "serve",
        "--project",
        str(stage.project),
        "--no-launch",
    ]
    with (stage.editor.workspace / "stdio-serve.log").open("wb") as log:
        popen = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, env=env)
    peer = StdioPeer(popen)
    info = {"name": "fuzz", "version": "1"}
    init = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": info}
    peer.send(json.dumps({"jsonrpc": "2.0", "id": "init", "method": "initialize", "params": init}))
    peer.send(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))
    yield peer
    assert popen.stdin is not None
    popen.stdin.close()
    popen.wait(30)
    assert popen.stdout is not None
    popen.stdout.close()


def one_line(frame: str) -> str:
    return frame.replace("\n", " ").replace("\r", " ")


@given(frame=frame_text(METHODS))
@settings(FUZZ, max_examples=examples(100))
def test_fuzz_stdio_lines_are_always_answered(stdio: StdioPeer, campaign: Campaign, frame: str) -> None:
    if stdio.popen.poll() is not None:
        campaign.record(STDIO, Outcome.CRASH, frame)
        return
    line = one_line(frame)
    try:
        sent: Any = json.loads(line)
    except ValueError:
        sent = None
    stdio.send(line)
    wanted = sent.get("id") if isinstance(sent, dict) else None
    campaign.record(STDIO, stdio.ping(wanted), line)


def test_the_stdio_campaign_found_nothing(campaign: Campaign) -> None:
    tally = campaign.tally(STDIO)
    assert tally.tried > 0
    assert tally.failures == 0, tally.examples
