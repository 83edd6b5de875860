"""Audio in stepped time: a sound's `finished` arrives at the stepped frame its length says, and the
step result names the sounds that started and finished in it (issue 23)."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from mcp.client import Client

from tests.engine.runtime.conftest import call

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

# A quarter of a second of silence: 15 physics frames at the demo's 60 ticks per second.
SOUND_FRAMES = 15
SAMPLES = 44100 // 4
# The issue's own case: a coin that plays its sound in its first frame, awaits `finished`, then goes.
COIN_SCRIPT = """extends Node
var frames := 0
func _physics_process(_delta: float) -> void:
\tframes += 1
\tif frames == 1:
\t\t_collect()
func _collect() -> void:
\t$Sound.play()
\tawait $Sound.finished
\tget_tree().root.set_meta("coin_frames", frames)
\tqueue_free()
"""
ADD_COIN = f"""var wav = AudioStreamWAV.new()
wav.format = AudioStreamWAV.FORMAT_16_BITS
wav.mix_rate = 44100
var data = PackedByteArray()
data.resize({SAMPLES} * 2)
wav.data = data
var script = GDScript.new()
script.source_code = {COIN_SCRIPT!r}
script.reload()
var coin = Node.new()
coin.name = "AudioCoin"
coin.set_script(script)
var sound = AudioStreamPlayer.new()
sound.name = "Sound"
sound.stream = wav
coin.add_child(sound)
scene.add_child(coin)
tree.root.remove_meta("coin_frames")
return coin.name
"""


# Sixteen players that each sound for two frames, all started in the jukebox's first frame.
JUKEBOX_SCRIPT = """extends Node
var frames := 0
func _physics_process(_delta: float) -> void:
\tframes += 1
\tif frames == 1:
\t\tfor sound in get_children():
\t\t\tsound.play()
"""
ADD_JUKEBOX = f"""var wav = AudioStreamWAV.new()
wav.format = AudioStreamWAV.FORMAT_16_BITS
wav.mix_rate = 44100
var data = PackedByteArray()
data.resize(1470 * 2)
wav.data = data
var script = GDScript.new()
script.source_code = {JUKEBOX_SCRIPT!r}
script.reload()
var jukebox = Node.new()
jukebox.name = "Jukebox"
jukebox.set_script(script)
for index in 16:
\tvar sound = AudioStreamPlayer.new()
\tsound.stream = wav
\tjukebox.add_child(sound)
scene.add_child(jukebox)
return jukebox.get_child_count()
"""


async def add_coin(game: Client) -> int:
    """Pause, add the coin (it plays in the next frame run) and return the game frame it plays in."""
    paused = await call(game, "runtime_pause")
    assert (await call(game, "execute_code", code=ADD_COIN))["value"] == "AudioCoin"
    return int(paused["game_frame"]) + 1


async def coin_is_there(game: Client) -> bool:
    return bool((await call(game, "execute_code", code="scene.has_node('AudioCoin')"))["value"])


async def coin_frames(game: Client) -> Any:
    """The frames the coin processed before its sound's `finished` reached it."""
    return (await call(game, "execute_code", code="tree.root.get_meta('coin_frames')"))["value"]


async def wait_until_the_coin_is_gone(game: Client) -> None:
    """Until the coin has gone; the caller bounds the wait."""
    while True:
        if not await coin_is_there(game):
            return
        await anyio.sleep(0.05)  # pacing only: the coin's own going decides


def events(step: dict[str, Any]) -> list[tuple[str, int]]:
    return [(event["event"], event["frame"]) for event in step.get("audio", [])]


async def test_a_sound_finishes_at_the_stepped_frame_its_length_says(game: Client) -> None:
    played_in = await add_coin(game)
    before = await call(game, "runtime_step", frames=SOUND_FRAMES)
    assert events(before) == [("started", played_in)]
    assert before["audio"][0] == {
        "frame": played_in,
        "event": "started",
        "node": "AudioCoin/Sound",
        "stream": "AudioStreamWAV",
    }
    assert await coin_is_there(game)
    last = await call(game, "runtime_step", frames=1)
    assert events(last) == [("finished", played_in + SOUND_FRAMES)]
    assert not await coin_is_there(game)
    assert await coin_frames(game) == SOUND_FRAMES  # `await finished` resumed before frame 16 ran


async def test_one_frame_steps_end_the_sound_at_the_same_frame(game: Client) -> None:
    played_in = await add_coin(game)
    seen: list[tuple[str, int]] = []
    for _ in range(SOUND_FRAMES):
        seen += events(await call(game, "runtime_step", frames=1))
    assert seen == [("started", played_in)]
    assert await coin_is_there(game)
    assert events(await call(game, "runtime_step", frames=1)) == [("finished", played_in + SOUND_FRAMES)]
    assert not await coin_is_there(game)


async def test_a_step_without_sounds_reports_no_audio(game: Client) -> None:
    await call(game, "runtime_pause")
    assert "audio" not in await call(game, "runtime_step", frames=3)


async def test_after_the_steps_the_sound_runs_on_with_real_time(game: Client) -> None:
    await add_coin(game)
    await call(game, "runtime_step", frames=5)
    await call(game, "runtime_resume")
    with anyio.fail_after(10):  # a quarter of a second of sound, on the wall clock
        await wait_until_the_coin_is_gone(game)
    await call(game, "runtime_pause")


async def test_a_step_lists_the_first_30_sound_events_and_counts_the_rest(game: Client) -> None:
    await call(game, "runtime_pause")
    assert (await call(game, "execute_code", code=ADD_JUKEBOX))["value"] == 16
    try:
        stepped = await call(game, "runtime_step", frames=5)
    finally:
        await call(game, "execute_code", code="scene.get_node('Jukebox').free()")
    assert [event["event"] for event in stepped["audio"]] == ["started"] * 16 + ["finished"] * 14
    assert stepped["audio_more"] == 2


async def test_a_playtest_timeline_lists_a_sound_at_the_frames_it_started_and_ended(game: Client) -> None:
    await add_coin(game)  # paused; the coin plays in the first frame the script runs
    script = {"steps": [{"do": "step", "frames": SOUND_FRAMES + 2}]}
    result = await call(game, "runtime_playtest", script=script)
    sounds = [(event["frame"], event["text"]) for event in result["timeline"] if event["kind"] == "audio"]
    assert sounds == [
        (1, "AudioCoin/Sound started (AudioStreamWAV)"),
        (1 + SOUND_FRAMES, "AudioCoin/Sound finished (AudioStreamWAV)"),
    ]
    assert not await coin_is_there(game)
