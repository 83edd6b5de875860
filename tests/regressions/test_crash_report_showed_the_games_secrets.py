"""Regression (issue 14): the last log lines of a game that crashed while starting came back in the
``GAME_CRASHED`` error as the game logged them, secrets included. They are scrubbed at the origin now,
like those of ``game_status``: a game that logs fake secrets of several kinds and crashes before its
runtime server listens shows each one redacted, in the error and in ``game_status``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, scratch_for
from tests.engine.harness import EngineEditor, expect_editor_error

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

# kind the scrubber names -> a line the game logs holding it, and the part that must never come back
LOGGED = {
    "github_token": (
        "token ghp_abcdefghijklmnopqrstuvwxyz0123456789",
        "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
    ),
    "aws_access_key": ("aws key AKIAIOSFODNN7EXAMPLE", "AKIAIOSFODNN7EXAMPLE"),
    "stripe_key": ("billing sk_live_51H8abcdefghijklmnopqrst", "sk_live_51H8abcdefghijklmnopqrst"),
    "assignment": ("DB_PASSWORD=hunter2hunter2", "hunter2hunter2"),
    "url_password": ("postgres://admin:pa55word99@db.local/game", "pa55word99"),
}
CRASH = "crashing on purpose while starting"
# Logged from _enter_tree: after the runtime server opened its log, before it listens (its _ready), so
# the game always ends before game_start can reach it. printerr lines reach the log file at once.
SCRIPT = "extends Node\n\n\nfunc _enter_tree() -> void:\n%s\tOS.crash(%s)\n"


@pytest.fixture
async def crashing_scene(request: pytest.FixtureRequest, engine_editor: EngineEditor, tools: Client) -> str:
    scratch: Scratch = scratch_for(request, engine_editor.project)
    logged = "".join(f"\tprinterr({json.dumps(line)})\n" for line, _ in LOGGED.values())
    script = SCRIPT % (logged, json.dumps(CRASH))
    await call(tools, "file_write", {"path": scratch.path("crash.gd"), "content": script})
    scene = (
        f'[gd_scene format=3]\n\n[ext_resource type="Script" path="{scratch.path("crash.gd")}" id="1"]\n\n'
        '[node name="Crash" type="Node"]\nscript = ExtResource("1")\n'
    )
    await call(tools, "file_write", {"path": scratch.path("crash.tscn"), "content": scene})
    return scratch.path("crash.tscn")


def leaked(text: str) -> list[str]:
    return [kind for kind, (_, secret) in LOGGED.items() if secret in text]


async def test_a_crash_while_starting_shows_its_last_lines_scrubbed(
    tools: Client, crashing_scene: str
) -> None:
    expect_editor_error(rf"{CRASH}|handle_crash|Program crashed|FATAL")
    refused = await call_fails(tools, "game_start", {"scene": crashing_scene}, "GAME_CRASHED")
    status = await call(tools, "game_status", {})
    message = refused["message"]
    last: dict[str, Any] = status["last_run"]
    assert CRASH in message
    assert leaked(message) == [], message
    assert all(f"[REDACTED:{kind}]" in message for kind in LOGGED), message
    assert (status["running"], last["ended"], last["scene"]) == (False, "crashed", crashing_scene)
    assert leaked(str(last["last_log_lines"])) == []
    assert any("[REDACTED:github_token]" in line for line in last["last_log_lines"])
