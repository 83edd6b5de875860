"""A screenshot of a headless game: refused unless asked to restart it on a display; who owns it then."""

from __future__ import annotations

import os
from typing import cast

import pytest

from godot_live_mcp.bridge.editor_link import EditorLink
from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.bridge.reply import CommandFailure, CommandReply, CommandSuccess
from godot_live_mcp.bridge.runtime_link import RuntimeLink
from godot_live_mcp.server.game_owner import GameOwner
from godot_live_mcp.server.screenshot_display import (
    RESTARTED_KEY,
    SCREENSHOT,
    capture_on_display,
    needs_display,
)

HEADLESS = CommandFailure("HEADLESS_UNSUPPORTED", "The game runs headless.", "")


def test_only_a_refusal_for_want_of_a_display_restarts_the_game() -> None:
    assert needs_display(HEADLESS)
    assert not needs_display(CommandFailure("INVALID_PARAMS", "format", ""))
    assert not needs_display(CommandSuccess({"image": {}}))


def test_the_game_a_screenshot_restarted_is_the_servers_own_to_stop() -> None:
    owner = GameOwner()
    owner.note({"needs_display"}, CommandSuccess({"image": {}, RESTARTED_KEY: {"pid": os.getpid()}}))

    assert owner.pid == os.getpid()
    assert owner.owns_running_game()
    owner.note({"needs_display"}, CommandSuccess({"image": {}}))
    assert owner.pid == os.getpid(), "a plain screenshot changes nothing"


class _Recorder:
    """Stands in for the editor and game links: answers each command from ``answers`` and notes it."""

    def __init__(self, answers: dict[str, CommandReply]) -> None:
        self.answers = answers
        self.calls: list[str] = []

    async def call(self, command: str, arguments: JsonObject, timeout_s: float) -> CommandReply:
        self.calls.append(command)
        return self.answers[command]


def _headless_editor(game_display: str = "none") -> _Recorder:
    game: JsonObject = {"display": game_display, "scene": "res://level.tscn", "pid": 7}
    return _Recorder(
        {
            "game.status": CommandSuccess({"headless": True, "game": game}),
            "scene.list_open": CommandSuccess({"scenes": [{"path": "res://level.tscn", "unsaved": False}]}),
            "game.stop": CommandSuccess({}),
            "game.start": CommandSuccess({"game": {**game, "display": "virtual", "pid": 8}}),
        }
    )


async def _capture(editor: _Recorder, arguments: JsonObject) -> tuple[CommandReply, _Recorder]:
    game = _Recorder({SCREENSHOT: CommandSuccess({"image": {}})})
    reply = await capture_on_display(
        cast(RuntimeLink, game), cast(EditorLink, editor), arguments, 5.0, HEADLESS
    )
    return reply, game


@pytest.mark.anyio
async def test_a_headless_game_is_refused_with_the_restart_call_and_left_running() -> None:
    editor = _headless_editor()

    reply, game = await _capture(editor, {})

    assert isinstance(reply, CommandFailure)
    assert reply.code == "HEADLESS_UNSUPPORTED"
    assert "restart: true" in reply.hint
    assert editor.calls == ["game.status"], "nothing stopped or started"
    assert game.calls == []


@pytest.mark.anyio
async def test_restart_true_restarts_the_game_on_a_display_and_says_so() -> None:
    editor = _headless_editor()

    reply, game = await _capture(editor, {"restart": True})

    assert isinstance(reply, CommandSuccess)
    assert "started over" in str(reply.data["note"])
    assert reply.data[RESTARTED_KEY] == {"display": "virtual", "scene": "res://level.tscn", "pid": 8}
    assert editor.calls == ["game.status", "scene.list_open", "game.stop", "game.start"]
    assert game.calls == [SCREENSHOT]


@pytest.mark.anyio
async def test_a_game_the_editor_could_show_keeps_its_own_refusal() -> None:
    reply, _ = await _capture(_headless_editor(game_display="screen"), {"restart": True})

    assert reply is HEADLESS
