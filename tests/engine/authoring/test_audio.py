"""audio.* bus tools on the real editor: buses and effects changed, saved to the bus layout file,
read back, undone and redone in the global history."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails, redo, undo
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

LAYOUT = "res://default_bus_layout.tres"


@pytest.fixture
async def layout(tools: Client, engine_editor: EngineEditor) -> AsyncIterator[Path]:
    """The bus layout file on disk; buses and effects a test adds are removed after it. The file stays: the
    editor's Audio dock saves the layout itself a moment after each change, and logs errors when its
    file has gone (as Godot does, a project keeps its default_bus_layout.tres once it has one)."""
    file = engine_editor.project / LAYOUT.removeprefix("res://")
    yield file
    for name in await bus_names(tools):
        if name != "Master":
            await tools.call_tool("audio_remove_bus", {"name": name})
    master = (await call(tools, "audio_list_buses", {}))["buses"][0]
    for _ in master["effects"]:
        await tools.call_tool("audio_remove_effect", {"bus": "Master", "index": 0})


def layout_text(file: Path) -> str:
    """The bus layout file's text; '' while there is none."""
    return file.read_text() if file.exists() else ""


async def bus_names(tools: Client) -> list[str]:
    return [bus["name"] for bus in (await call(tools, "audio_list_buses", {}))["buses"]]


async def bus(tools: Client, name: str) -> dict[str, Any]:
    return next(each for each in (await call(tools, "audio_list_buses", {}))["buses"] if each["name"] == name)


async def test_add_bus_is_saved_to_the_layout_file_and_undone(tools: Client, layout: Path) -> None:
    made = await call(tools, "audio_add_bus", {"name": "SFX", "volume_db": -6})
    assert (made["name"], made["volume_db"], made["send"], made["status"]) == (
        "SFX",
        -6.0,
        "Master",
        "created",
    )
    assert await bus_names(tools) == ["Master", "SFX"]
    listed = await call(tools, "audio_list_buses", {})
    assert listed["layout_file"] == LAYOUT
    assert 'bus/1/name = &"SFX"' in layout_text(layout)
    assert await undo(tools) == "MCP: Add audio bus 'SFX'"
    assert await bus_names(tools) == ["Master"]
    assert 'name = &"SFX"' not in layout_text(layout)
    await redo(tools)
    assert await bus_names(tools) == ["Master", "SFX"]
    assert 'bus/1/name = &"SFX"' in layout_text(layout)
    again = await call(tools, "audio_add_bus", {"name": "SFX"})
    assert again["status"] == "returned"
    await call_fails(tools, "audio_add_bus", {"name": "SFX", "if_exists": "fail"}, "ALREADY_EXISTS")


async def test_set_bus_renames_mutes_and_sends(tools: Client, layout: Path) -> None:
    await call(tools, "audio_add_bus", {"name": "Music"})
    await call(tools, "audio_add_bus", {"name": "Ambience"})
    changed = await call(
        tools, "audio_set_bus", {"name": "Ambience", "new_name": "Wind", "mute": True, "send": "Music"}
    )
    assert (changed["name"], changed["mute"], changed["send"]) == ("Wind", True, "Music")
    saved = layout_text(layout)
    assert 'bus/2/name = &"Wind"' in saved
    assert "bus/2/mute = true" in saved
    assert 'bus/2/send = &"Music"' in saved
    await undo(tools)
    assert (await bus(tools, "Ambience"))["mute"] is False
    await redo(tools)
    assert (await bus(tools, "Wind"))["send"] == "Music"
    master = await call_fails(
        tools, "audio_set_bus", {"name": "Master", "new_name": "Main"}, "INVALID_OPERATION"
    )
    assert "audio_set_bus" in master["hint"]
    missing = await call_fails(tools, "audio_set_bus", {"name": "Musik", "mute": True}, "NOT_FOUND")
    assert "Music" in missing["hint"]
    await call_fails(tools, "audio_set_bus", {"name": "Wind", "new_name": "Music"}, "ALREADY_EXISTS")
    await call(tools, "audio_set_bus", {"name": "Music", "new_name": "Score"})
    assert (await bus(tools, "Wind"))["send"] == "Score"  # a rename carries the buses that fed it along


async def test_effects_are_added_with_parameters_and_removed(tools: Client, layout: Path) -> None:
    made = await call(
        tools,
        "audio_add_effect",
        {"bus": "Master", "class_name": "AudioEffectReverb", "parameters": {"room_size": 0.25}},
    )
    assert made["effect"]["class"] == "AudioEffectReverb"
    assert made["effect"]["parameters"]["room_size"] == pytest.approx(0.25)
    master = await bus(tools, "Master")
    assert [effect["class"] for effect in master["effects"]] == ["AudioEffectReverb"]
    assert "AudioEffectReverb" in layout_text(layout)
    assert (await undo(tools)).startswith("MCP: Add AudioEffectReverb")
    assert (await bus(tools, "Master"))["effects"] == []
    await redo(tools)
    removed = await call(tools, "audio_remove_effect", {"bus": "Master", "index": 0})
    assert (removed["removed"], removed["bus"]["effects"]) == ("AudioEffectReverb", [])
    assert "AudioEffectReverb" not in layout_text(layout)
    await undo(tools)
    assert len((await bus(tools, "Master"))["effects"]) == 1
    wrong = {"bus": "Master", "class_name": "AudioEffectReverbb"}
    assert (
        "AudioEffectReverb" in (await call_fails(tools, "audio_add_effect", wrong, "INVALID_PARAMS"))["hint"]
    )
    await call_fails(tools, "audio_remove_effect", {"bus": "Master", "index": 5}, "NOT_FOUND")


async def test_remove_bus_and_master_is_kept(tools: Client, layout: Path) -> None:
    await call(tools, "audio_add_bus", {"name": "Voices"})
    removed = await call(tools, "audio_remove_bus", {"name": "Voices"})
    assert removed == {"removed": "Voices", "buses": ["Master"]}
    assert 'name = &"Voices"' not in layout_text(layout)
    await undo(tools)
    assert await bus_names(tools) == ["Master", "Voices"]
    await call_fails(tools, "audio_remove_bus", {"name": "Master"}, "INVALID_OPERATION")
