"""1-based character columns against LSP's UTF-16 offsets, and res:// paths against file URIs."""

from __future__ import annotations

from pathlib import Path

import pytest

from godot_live_mcp.contract import ToolError
from godot_live_mcp.lsp import ProjectUris, TextPosition
from godot_live_mcp.lsp._positions import lsp_position, text_position

TEXT = "extends Node\n\tvar a := 1\n\tvar 😀b := 2\n"


def test_a_tab_is_one_column() -> None:
    assert lsp_position(TEXT, TextPosition(2, 6)) == {"line": 1, "character": 5}
    assert text_position(TEXT.split("\n"), {"line": 1, "character": 5}) == TextPosition(2, 6)


def test_a_character_outside_the_bmp_is_two_utf16_units() -> None:
    after_emoji = TextPosition(3, 7)  # the "b" after "\tvar 😀"
    assert lsp_position(TEXT, after_emoji) == {"line": 2, "character": 7}
    assert text_position(TEXT.split("\n"), {"line": 2, "character": 7}) == after_emoji


def test_positions_past_the_end_stay_past_it() -> None:
    assert lsp_position(TEXT, TextPosition(1, 20)) == {"line": 0, "character": 19}
    assert lsp_position(TEXT, TextPosition(9, 3)) == {"line": 8, "character": 2}
    assert text_position([], {"line": 4, "character": 2}) == TextPosition(5, 3)


def test_a_malformed_position_counts_from_the_start() -> None:
    assert text_position(["x"], None) == TextPosition(1, 1)
    assert text_position(["x"], {"line": -3, "character": True}) == TextPosition(1, 1)


def test_paths_and_uris_convert_both_ways(tmp_path: Path) -> None:
    uris = ProjectUris(tmp_path)
    uri = uris.uri("res://scripts/my player.gd")
    assert uri == (tmp_path.resolve() / "scripts" / "my player.gd").as_uri()
    assert uris.res_path(uri) == "res://scripts/my player.gd"
    assert uris.res_path("file:///elsewhere/x.gd") == "file:///elsewhere/x.gd"


@pytest.mark.parametrize("path", ["scripts/a.gd", "res://../outside.gd", "user://a.gd"])
def test_paths_outside_the_project_are_refused(tmp_path: Path, path: str) -> None:
    with pytest.raises(ToolError) as refused:
        ProjectUris(tmp_path).uri(path)
    assert refused.value.code == "INVALID_PARAMS"
    assert refused.value.hint
