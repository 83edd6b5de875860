"""game_status reports a game ended as soon as its process is gone, which can be a frame or more
before the editor's debugger panel sees it and the editor stops its run. A game_start sent at once
then answered GAME_ALREADY_RUNNING for a game that was reported ended. game_start now waits (bounded)
for the editor to catch up with a run it knows has ended."""

from __future__ import annotations

import os
import signal

import pytest
from mcp.client import Client

from tests.engine.runtime.conftest import call
from tests.engine.runtime.test_game_lifecycle import status_once_ended

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


@pytest.mark.parametrize("ending", ["killed", "quit"])
async def test_a_start_right_after_the_status_says_ended_starts_a_game(tools: Client, ending: str) -> None:
    for _ in range(3):  # each round is one chance at the window; the old code lost most of them
        pid = (await call(tools, "game_start"))["game"]["pid"]
        if ending == "killed":
            os.kill(pid, signal.SIGKILL)
        else:
            await tools.call_tool("execute_code", {"code": "tree.quit(0)"})  # the answer may not make it out
        assert (await status_once_ended(tools))["last_run"]["ended"] in {"killed", "exited"}
        started = await tools.call_tool("game_start", {})
        assert not started.is_error, started.content
        assert (await call(tools, "game_stop"))["last_run"]["ended"] == "stopped"
