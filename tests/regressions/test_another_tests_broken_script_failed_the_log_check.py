"""CI failed a unit test at the end of its worker's session: the editor log held `LSP: Failed to parse
script: res://tests_tmp/.../broken_player.gd`. A build-level test writes that script broken on purpose;
a regression test in another folder woke the language server, which parses every script and reports
the broken one. Only the lsp folder excused that report, so the check depended on which files a
worker happened to run. The language server's parse reports are excused whoever wakes it; an
engine's own parse error of a script is still an error."""

from __future__ import annotations

from pathlib import Path

from tests.engine.harness import unexcused_errors

LSP_REPORT = (
    "ERROR: LSP: Failed to parse script: "
    "res://tests_tmp/test_build_level/test_script_check_gives_the_line_of_a_syntax_error/broken_player.gd"
)
ADDON_PARSE_ERROR = 'SCRIPT ERROR: Parse Error: Expected ":" after "if" condition.'


def test_the_language_servers_report_on_a_broken_script_is_excused(tmp_path: Path) -> None:
    log = tmp_path / "editor.log"
    log.write_text(
        f"{LSP_REPORT}\n   at: parse_script (modules/gdscript/language_server/gdscript_workspace.cpp:1)\n"
    )
    assert unexcused_errors(log) == []


def test_a_parse_error_of_the_engine_itself_is_not_excused(tmp_path: Path) -> None:
    log = tmp_path / "editor.log"
    log.write_text(
        f"{ADDON_PARSE_ERROR}\n   at: GDScript::reload (res://addons/godot_live_mcp/plugin.gd:5)\n"
    )
    assert len(unexcused_errors(log)) == 1
