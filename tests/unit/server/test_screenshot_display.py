"""A screenshot that restarts a headless game on a display: when the server does it, and who owns the game."""

from __future__ import annotations

import os

from godot_live_mcp.bridge.reply import CommandFailure, CommandSuccess
from godot_live_mcp.server.game_owner import GameOwner
from godot_live_mcp.server.screenshot_display import RESTARTED_KEY, needs_display

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
