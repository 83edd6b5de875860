"""A sweep's failing run is replayed on a private display, where the game pictures the failure: a PNG
of the window's size in the run's folder, showing the level; the replay failed where the headless run
did (else the row says so and shows no picture); a passing run gets none, and no display is left."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.engine.harness import EngineEditor
from tests.engine.playtest_farm.test_local_sweep import WALK, sweep
from tests.engine.rendering.image_files import Pixels, png_pixels
from tests.engine.runtime.playtest_scripts import imported as imported  # a fixture

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

WINDOW = (1152, 648)  # the project sets no window size: the engine's default
PLAYER_ROW = 564  # a row through the player's sprite (32 px wide), which starts at x = 160


def pixel(image: Pixels, x: int, y: int) -> bytes:
    return image.rows[y][x * image.channels : (x + 1) * image.channels]


def failure_of(shot: Path) -> tuple[Pixels, int]:
    """The picture, and the player's x that the run's failed assertion saw (its result lies beside it)."""
    failed = json.loads((shot.parent / "result.json").read_text("utf-8"))["assertions"][0]
    return png_pixels(shot.read_bytes()), round(float(failed["seen"]))


def xvfb_pids_with(marker: bytes) -> set[int]:
    """Xvfb servers whose environment holds ``marker``: this test's own, not another worker's."""
    found = set()
    for proc in Path("/proc").iterdir():
        try:
            command, environment = (proc / "cmdline").read_bytes(), (proc / "environ").read_bytes()
            if b"Xvfb" in command.split(b"\0")[0] and marker in environment.split(b"\0"):
                found.add(int(proc.name))
        except (OSError, IndexError):
            continue
    return found


async def test_a_failing_run_gets_a_picture_of_its_failure_and_a_passing_run_none(
    imported: EngineEditor, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The sweep's display inherits its environment; a mark there tells it from other workers' displays.
    monkeypatch.setenv("SWEEP_DISPLAY_MARK", str(tmp_path))
    marker = f"SWEEP_DISPLAY_MARK={tmp_path}".encode()
    code, answer = await sweep(imported, tmp_path, WALK, "--set", "Player:speed=100,300")

    assert code == 1
    failing, passing = answer["runs"]
    assert (failing["passed"], passing["passed"]) == (False, True)
    assert "replay" not in failing, failing["replay"]  # the replay failed at the same frame and assertion
    shot = Path(failing["screenshot"])
    assert shot == Path(failing["script"]).with_name("failure.png")
    picture, seen_x = failure_of(shot)
    assert (picture.width, picture.height) == WINDOW
    assert len(picture.colours()) > 20  # the level is drawn, not a blank or one-colour window
    # The moment of the failure: the player where the failed assertion saw it, no longer at its start.
    background = pixel(picture, 600, 300)
    assert pixel(picture, seen_x, PLAYER_ROW) != background
    assert pixel(picture, 160, PLAYER_ROW) == background
    assert "screenshot" not in passing
    assert not list((tmp_path / "runs" / "run-0001").rglob("*.png"))
    assert not (shot.parent / "replay").exists()  # the replay's own files go once it agreed
    assert xvfb_pids_with(marker) == set()  # the sweep's display was stopped
