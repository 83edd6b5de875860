"""Input synthesis: the game sees actions, keys, mouse buttons, pointer motion and typed text."""

from __future__ import annotations

import pytest
from mcp.client import Client

from godot_live_mcp.contract import ErrorCode
from tests.engine.runtime.conftest import call, error_code, error_text

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def game_value(game: Client, code: str) -> object:
    return (await call(game, "execute_code", code=code))["value"]


async def test_press_and_release_an_action_with_its_strength(game: Client) -> None:
    await call(game, "runtime_resume")
    await call(game, "input_action_press", action="move_left", strength=0.5)
    assert await game_value(game, "Input.get_action_strength('move_left')") == 0.5
    await call(game, "input_action_release", action="move_left")
    assert await game_value(game, "Input.is_action_pressed('move_left')") is False


async def test_a_tap_is_released_after_its_frames_in_a_stepped_game(game: Client) -> None:
    await call(game, "runtime_pause")
    tapped = await call(game, "input_action_tap", action="jump", frames=2)
    assert tapped["release_frame"] == tapped["game_frame"] + 3
    await call(game, "runtime_step", frames=2)
    assert await game_value(game, "Input.is_action_pressed('jump')") is True
    await call(game, "runtime_step", frames=1)
    assert await game_value(game, "Input.is_action_pressed('jump')") is False


async def test_a_key_press_triggers_the_action_it_is_mapped_to(game: Client) -> None:
    await call(game, "runtime_resume")
    await call(game, "input_key", key="D", phase="press")
    assert await game_value(game, "Input.is_action_pressed('move_right')") is True
    await call(game, "input_key", key="D", phase="release")
    assert await game_value(game, "Input.is_action_pressed('move_right')") is False


async def test_a_paused_game_gets_input_at_the_start_of_its_next_frame(game: Client) -> None:
    await call(game, "runtime_pause")
    sent = await call(game, "input_action_press", action="jump")
    assert sent["seen_from_frame"] == sent["game_frame"] + 1
    assert await game_value(game, "Input.is_action_pressed('jump')") is False
    await call(game, "runtime_step", frames=1)
    assert await game_value(game, "Input.is_action_pressed('jump')") is True
    await call(game, "input_action_release", action="jump")
    await call(game, "runtime_step", frames=1)


async def test_mouse_button_and_motion_reach_the_viewport(game: Client) -> None:
    await call(game, "runtime_resume")
    await call(game, "input_mouse_motion", position=[120, 80])
    assert await game_value(game, "scene.get_viewport().get_mouse_position()") == {
        "type": "Vector2",
        "x": 120.0,
        "y": 80.0,
    }
    await call(game, "input_mouse_button", position=[120, 80], phase="press")
    assert await game_value(game, "Input.is_mouse_button_pressed(1)") is True
    await call(game, "input_mouse_button", position=[120, 80], phase="release")
    assert await game_value(game, "Input.is_mouse_button_pressed(1)") is False


async def test_typed_text_lands_in_a_focused_line_edit(game: Client) -> None:
    await call(game, "runtime_resume")
    await call(
        game,
        "execute_code",
        code="var edit = LineEdit.new()\nedit.name = 'TypedInto'\nscene.get_node('HUD').add_child(edit)\n"
        + "edit.grab_focus()",
    )
    await call(game, "input_text", text="Hi there!")
    assert await game_value(game, "get_node('HUD/TypedInto').text") == "Hi there!"


async def test_a_key_name_may_carry_its_modifiers(game: Client) -> None:
    await call(game, "runtime_resume")
    await call(
        game,
        "execute_code",
        code="var edit = LineEdit.new()\nedit.name = 'KeyedInto'\nscene.get_node('HUD').add_child(edit)\n"
        + "edit.grab_focus()",
    )
    await call(game, "input_key", key="Shift+H")
    await call(game, "input_key", key="I")
    assert await game_value(game, "get_node('HUD/KeyedInto').text") == "Hi"


async def test_an_unknown_action_key_or_position_is_refused(game: Client) -> None:
    unknown = await game.call_tool("input_action_press", {"action": "fly"})
    assert error_code(unknown) == ErrorCode.NOT_FOUND
    assert "move_right" in error_text(unknown)
    assert error_code(await game.call_tool("input_key", {"key": "NotAKey"})) == ErrorCode.INVALID_PARAMS
    bad_position = await game.call_tool("input_mouse_button", {"position": [1]})
    assert error_code(bad_position) == "TYPE_MISMATCH"
