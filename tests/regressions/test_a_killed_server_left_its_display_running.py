"""The Xvfb of ``serve --display`` outlived a server the client killed (the SDK's stdio client sends
SIGKILL when a server takes over 4 s to exit, and a display editor may take longer to quit): the display
is tied to the server, so it ends however the server ends."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from godot_live_mcp.godot.display import find_xvfb
from tests.processes import is_alive, still_alive

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the tie is Linux's")

ENDED_WITHIN_S = 30.0  # a bound for a failure, not a timing: Xvfb ends at once when tied

# Starts a display as the launcher does, prints Xvfb's pid, then waits for stdin to close.
_SERVER = """
import sys
from godot_live_mcp.godot.display import start_display
from godot_live_mcp.sandbox import tied
display = start_display(wrap=tied)
print(display.process.pid, flush=True)
sys.stdin.read()
"""


def test_a_display_ends_with_a_server_killed_by_sigkill() -> None:
    find_xvfb()  # the display stack is part of make setup
    with subprocess.Popen(
        [sys.executable, "-c", _SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    ) as server:
        assert server.stdout is not None
        xvfb = int(server.stdout.readline())
        assert is_alive(xvfb), "the display started"
        os.kill(server.pid, signal.SIGKILL)
        server.wait(10)
    assert not still_alive({xvfb}, ENDED_WITHIN_S), "the killed server's display is gone"
