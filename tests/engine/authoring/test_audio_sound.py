"""audio.generate_sound on the real editor: a WAV file written, imported, put on a player; undone, redone."""

from __future__ import annotations

import struct
import wave
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import Scratch, call, call_fails, redo, undo
from tests.engine.authoring._scenes import add, assert_undo_redo, value

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


def samples(scratch: Scratch, name: str) -> tuple[int, list[int]]:
    """The frame rate and the 16-bit samples of a mono WAV file of the scratch folder."""
    with wave.open(str(scratch.file(name)), "rb") as sound:
        assert (sound.getnchannels(), sound.getsampwidth()) == (1, 2)
        frames = sound.readframes(sound.getnframes())
        return sound.getframerate(), list(struct.unpack(f"<{len(frames) // 2}h", frames))


async def test_a_tone_is_written_as_wav_imported_and_undone(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("beep.wav")
    made = await call(tools, "audio_generate_sound", {"path": path, "duration": 0.25, "waveform": "square"})
    assert made == {"path": path, "status": "created", "bytes": 44 + 2 * 5512, "imported": True}
    rate, values = samples(scratch, "beep.wav")
    assert (rate, len(values)) == (22050, 5512)
    assert values[0] == 0
    assert abs(values[-1]) < 400
    assert max(values) == pytest.approx(0.5 * 32767, abs=2)  # a square wave at the peak volume
    assert scratch.file("beep.wav.import").exists()
    assert await undo(tools) == f"MCP: Generate sound '{path}'"
    assert not scratch.file("beep.wav").exists()
    await redo(tools)
    assert samples(scratch, "beep.wav")[1] == values
    kept = await call(tools, "audio_generate_sound", {"path": path, "duration": 1})
    assert (kept["status"], kept["bytes"]) == ("returned", made["bytes"])


async def test_a_sweep_of_noise_and_its_length_limit(tools: Client, scratch: Scratch) -> None:
    path = scratch.path("whoosh.wav")
    arguments = {"path": path, "waveform": "noise", "duration": 0.5, "mix_rate": 8000, "end_frequency": 100}
    made = await call(tools, "audio_generate_sound", arguments)
    assert made["bytes"] == 44 + 2 * 4000
    first = samples(scratch, "whoosh.wav")
    again = await call(tools, "audio_generate_sound", arguments | {"if_exists": "replace"})
    assert again["status"] == "replaced"
    assert samples(scratch, "whoosh.wav") == first  # the same seed gives the same noise
    await call(tools, "audio_generate_sound", arguments | {"if_exists": "replace", "seed": 7})
    assert samples(scratch, "whoosh.wav")[1] != first[1]
    refused = await call_fails(tools, "audio_generate_sound", {"path": path, "duration": 6}, "INVALID_PARAMS")
    assert "from 0 to 5" in refused["hint"]
    await call_fails(tools, "audio_generate_sound", {"path": scratch.path("a.ogg")}, "INVALID_PARAMS")


async def test_the_sound_goes_on_a_player_and_its_bus(tools: Client, scene: str, scratch: Scratch) -> None:
    await add(tools, scene, "AudioStreamPlayer", "Jump")
    path = scratch.path("jump.wav")
    arguments = {"path": path, "scene": scene, "node_path": "Jump", "bus": "Master", "end_frequency": 880}
    made = await call(tools, "audio_generate_sound", arguments)
    assert (made["node_path"], made["scene"], made["imported"]) == ("Jump", scene, True)

    async def stream() -> Any:
        return await value(tools, scene, "Jump", "stream")

    after = await stream()
    assert isinstance(after, dict)
    assert after["path"] == path
    await assert_undo_redo(tools, scene, stream, None, after)
    await add(tools, scene, "Node2D", "Mute")
    other = arguments | {"node_path": "Mute"}
    refused = await call_fails(tools, "audio_generate_sound", other, "INVALID_PARAMS")
    assert "AudioStreamPlayer" in refused["hint"]
    no_bus = arguments | {"bus": "Nowhere"}
    await call_fails(tools, "audio_generate_sound", no_bus, "NOT_FOUND")
