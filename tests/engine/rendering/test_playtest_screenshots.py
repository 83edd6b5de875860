"""A playtest's screenshot step on a game that draws (a private Xvfb): the picture of that frame is saved
in the game's user folder and listed in the result by its path."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from godot_live_mcp.godot.display import XDisplay
from godot_live_mcp.godot.locator import find_godot
from tests.engine.harness import EngineEditor
from tests.engine.rendering.conftest import display as display  # a fixture
from tests.engine.rendering.image_files import Pixels, png_pixels
from tests.engine.runtime.playtest_scripts import imported as imported  # a fixture
from tests.engine.runtime.playtest_scripts import playtest_from_the_command_line

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

# The player stands at x = 160 and walks 100 px in 30 frames; its sprite is 32 px wide.
WALK_AND_SHOOT = {
    "steps": [
        {"do": "step", "frames": 5},
        {"do": "screenshot", "name": "start"},
        {"do": "hold", "action": "move_right", "frames": 30},
        {"do": "screenshot", "name": "walked"},
    ]
}
PLAYER_ROW = 564


def pixel(image: Pixels, x: int, y: int) -> bytes:
    return image.rows[y][x * image.channels : (x + 1) * image.channels]


async def test_screenshots_of_a_drawing_game_show_the_frames_they_were_taken_at(
    imported: EngineEditor, display: XDisplay, tmp_path: Path
) -> None:
    user_data = tmp_path / "data"
    env = {**display.env_for(find_godot().path), "XDG_DATA_HOME": str(user_data)}
    shown = ("--rendering-driver", "opengl3")
    code, text = await playtest_from_the_command_line(imported, WALK_AND_SHOOT, tmp_path, shown, env)
    assert code == 0, text
    result = json.loads(text)
    assert [(shot["frame"], shot["name"]) for shot in result["screenshots"]] == [(5, "start"), (35, "walked")]
    assert {"frame": 35, "kind": "screenshot", "text": "user://mcp_playtest/walked.png"} in result["timeline"]
    start, walked = (Path(shot["path"]) for shot in result["screenshots"])
    assert start.is_relative_to(user_data)
    before, after = png_pixels(start.read_bytes()), png_pixels(walked.read_bytes())
    for dx in range(-12, 13, 4):  # the player's pixels moved 100 px to the right, and nothing else of it
        assert pixel(before, 160 + dx, PLAYER_ROW) == pixel(after, 260 + dx, PLAYER_ROW)
    assert pixel(before, 260, PLAYER_ROW) != pixel(after, 260, PLAYER_ROW)
