"""A playtest's timeline lists what the game logged while the script ran, at the frame it was logged:
errors and warnings by default, printed lines too with log "all", and counts them (issue 23)."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.harness import expect_editor_error
from tests.engine.runtime.conftest import call

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

# Logs one line of each kind in its third physics frame.
NOISY_SCRIPT = """extends Node
var frames := 0
func _physics_process(_delta: float) -> void:
\tframes += 1
\tif frames == 3:
\t\tpush_error("playtest error on purpose")
\t\tpush_warning("playtest warning on purpose")
\t\tprint("playtest line on purpose")
"""
ADD_NOISY = f"""var script = GDScript.new()
script.source_code = {NOISY_SCRIPT!r}
script.reload()
var noisy = Node.new()
noisy.name = "Noisy"
noisy.set_script(script)
scene.add_child(noisy)
return noisy.name
"""
REMOVE_NOISY = "scene.get_node('Noisy').free()"


def logged(result: dict[str, object]) -> list[tuple[int, str, str]]:
    timeline = result["timeline"]
    assert isinstance(timeline, list)
    kinds = {"error", "warning", "print"}
    return [(event["frame"], event["kind"], event["text"]) for event in timeline if event["kind"] in kinds]


async def run_noisy(game: Client, log: str | None) -> dict[str, object]:
    await call(game, "runtime_pause")
    assert (await call(game, "execute_code", code=ADD_NOISY))["value"] == "Noisy"
    script: dict[str, object] = {"steps": [{"do": "step", "frames": 5}]}
    if log is not None:
        script["log"] = log
    try:
        return await call(game, "runtime_playtest", script=script)
    finally:
        await call(game, "execute_code", code=REMOVE_NOISY)


async def test_errors_and_warnings_the_game_logs_are_in_the_timeline_at_their_frame(game: Client) -> None:
    expect_editor_error(r"playtest (error|warning) on purpose")
    result = await run_noisy(game, None)
    seen = logged(result)
    assert [(frame, kind) for frame, kind, _ in seen] == [(3, "error"), (3, "warning")], seen
    assert "playtest error on purpose" in seen[0][2]
    assert "playtest warning on purpose" in seen[1][2]
    assert (result["errors"], result["warnings"]) == (1, 1)


async def test_log_all_adds_the_printed_lines(game: Client) -> None:
    expect_editor_error(r"playtest (error|warning) on purpose")
    seen = logged(await run_noisy(game, "all"))
    assert sorted(kind for _, kind, _ in seen) == ["error", "print", "warning"], seen
    assert all(frame == 3 for frame, _, _ in seen), seen
