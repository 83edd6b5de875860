"""The end-of-session log check: every engine and script error fails the run, headless noise included."""

from __future__ import annotations

from pathlib import Path

from tests.engine.harness import engine_errors

THUMBNAIL_NOISE = (
    'ERROR: Parameter "t" is null.\n'
    "   at: texture_2d_get (./servers/rendering/dummy/storage/texture_storage.h:106)\n"
)


def write_log(tmp_path: Path, text: str) -> Path:
    log = tmp_path / "editor.log"
    log.write_text(text, "utf-8")
    return log


def test_the_thumbnail_error_of_headless_saves_is_no_longer_excused(tmp_path: Path) -> None:
    # Our saves no longer cause it: tests/regressions/test_headless_scene_save_logs_no_engine_error.py.
    errors = engine_errors(write_log(tmp_path, "Godot Engine v4.6.3\n" + THUMBNAIL_NOISE))
    assert [error.split("  at: ")[0] for error in errors] == ['ERROR: Parameter "t" is null.']


def test_script_errors_and_engine_errors_are_reported_with_their_location(tmp_path: Path) -> None:
    log = write_log(
        tmp_path,
        "\x1b[1;31mSCRIPT ERROR:\x1b[0m Parse Error: Unexpected token\n"
        "   at: GDScript::reload (res://addons/godot_live_mcp/plugin.gd:3)\n"
        "ERROR: Failed to load script\n"
        "WARNING: not an error\n"
        "WARNING: NaN found in argument passed to JSON.stringify; replaced with null.\n",
    )
    assert engine_errors(log) == [
        "SCRIPT ERROR: Parse Error: Unexpected token  at: GDScript::reload (res://addons/godot_live_mcp/plugin.gd:3)",
        "ERROR: Failed to load script",
        "WARNING: NaN found in argument passed to JSON.stringify; replaced with null.",
    ]
