"""Playtest scripts the playtest tests share: a walk that takes the level's first coin mid-jump."""

from __future__ import annotations

from typing import Any

# From the level's start: walk right, jump into Coin1 (the score becomes 1), land.
COIN_JUMP: dict[str, Any] = {
    "watch": ["$Player.position", "GameState.score"],
    "signals": [
        {"node": "Coin1", "signal": "collected"},
        {"node": "/root/GameState", "signal": "score_changed"},
    ],
    "watch_every": 20,
    "steps": [
        {"do": "step", "frames": 5},
        {"do": "press", "action": "move_right"},
        {"do": "step", "frames": 60},
        {"do": "tap", "action": "jump"},
        {"do": "step_until", "condition": "GameState.score == 1", "max_frames": 60},
        {"do": "release", "action": "move_right"},
        {"do": "step_until", "condition": "$Player.is_on_floor()", "max_frames": 120},
        {"do": "assert", "condition": "GameState.score == 1"},
        {"do": "assert", "condition": "$Player.position.x > 370"},
    ],
}
# Where the coin is taken and the player lands, in script frames.
COIN_FRAME = 71
LANDING_FRAME = 116


def events(result: dict[str, Any], kind: str) -> list[tuple[int, str]]:
    """(frame, text) of the timeline's events of one kind."""
    return [(event["frame"], event["text"]) for event in result["timeline"] if event["kind"] == kind]
