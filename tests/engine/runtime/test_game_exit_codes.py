"""game_status says how the game ended: the exit code of a game that quits with one, and the signal
of a game killed from outside."""

from __future__ import annotations

import os
import signal

import pytest
from mcp.client import Client

from tests.engine.runtime.conftest import call
from tests.engine.runtime.test_game_lifecycle import status_once_ended

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_a_game_that_quits_with_code_3_is_reported_as_exited_with_code_3(tools: Client) -> None:
    await call(tools, "game_start")
    await tools.call_tool("execute_code", {"code": "tree.quit(3)"})  # the answer may not make it out
    last = (await status_once_ended(tools))["last_run"]
    assert (last["ended"], last["exit_code"], last["how"]) == ("exited", 3, "exited with code 3")
    assert "signal" not in last


async def test_a_game_killed_from_outside_is_reported_as_killed_by_its_signal(tools: Client) -> None:
    started = await call(tools, "game_start")
    os.kill(started["game"]["pid"], signal.SIGKILL)
    last = (await status_once_ended(tools))["last_run"]
    assert (last["ended"], last["signal"]) == ("killed", signal.SIGKILL)
    assert last["how"] == "killed by signal 9 (SIGKILL)"
    assert "exit_code" not in last
