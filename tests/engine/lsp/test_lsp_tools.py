"""The lsp tools against the session editor's real GDScript language server, at known places of the demo
project (copied fresh for the session): scripts/level.gd and autoload/game_state.gd."""

from __future__ import annotations

import pytest
from mcp.client import Client

from tests.engine.authoring._helpers import call, call_fails
from tests.engine.harness import EngineEditor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

LEVEL = "res://scripts/level.gd"
BROKEN = "extends Node\n\n\nfunc check() -> void:\n\tvar unused_total: int = 3\n\tnot_declared_anywhere()\n"


async def test_unsaved_text_is_checked_with_its_error_and_warning(
    tools: Client, engine_editor: EngineEditor
) -> None:
    path = "res://tests_tmp/lsp/proposed.gd"
    found = await call(tools, "lsp_diagnostics", {"path": path, "text": BROKEN})
    assert (found["checked"], found["errors"], found["warnings"]) == (1, 1, 1)
    error, warning = sorted(found["diagnostics"], key=lambda entry: entry["severity"])
    assert (error["line"], error["column"], error["path"]) == (6, 2, path)
    assert "not_declared_anywhere" in error["message"]
    assert (warning["line"], warning["column"], warning["code"]) == (5, 2, "UNUSED_VARIABLE")
    assert not (engine_editor.project / "tests_tmp" / "lsp" / "proposed.gd").exists()


async def test_the_demo_project_scripts_check_clean(tools: Client) -> None:
    found = await call(tools, "lsp_diagnostics", {"path": "res://scripts"})
    assert found["checked"] == 4
    assert found["errors"] == 0, found["diagnostics"]


async def test_a_project_check_is_paged(tools: Client) -> None:
    whole = await call(tools, "lsp_diagnostics", {"include_addons": True, "limit": 1})
    assert whole["checked"] > 50  # the addon's own scripts too
    assert len(whole["diagnostics"]) == min(1, whole["total_diagnostics"])
    if whole["total_diagnostics"] > 1:
        assert whole["next_offset"] == 1


async def test_a_file_outline_and_a_project_search(tools: Client) -> None:
    outline = await call(tools, "lsp_symbols", {"path": "res://scripts/player.gd"})
    by_name = {entry["name"]: entry for entry in outline["symbols"]}
    assert (by_name["speed"]["line"], by_name["speed"]["kind"]) == (6, "variable")
    assert (by_name["_physics_process"]["line"], by_name["_physics_process"]["column"]) == (12, 6)
    found = await call(tools, "lsp_symbols", {"query": "add_sco"})
    assert [(entry["path"], entry["line"]) for entry in found["symbols"]] == [
        ("res://autoload/game_state.gd", 10)
    ]


async def test_hover_shows_the_declaration(tools: Client) -> None:
    found = await call(tools, "lsp_hover", {"path": LEVEL, "line": 14, "column": 4})
    assert "func _show_score(score: int) -> void" in found["text"]


async def test_definition_crosses_into_the_autoload(tools: Client) -> None:
    found = await call(tools, "lsp_definition", {"path": LEVEL, "line": 13, "column": 13})
    assert found["locations"] == [
        {
            "path": "res://autoload/game_state.gd",
            "line": 4,
            "column": 8,
            "text": "signal score_changed(new_score: int)",
        }
    ]


async def test_references_list_every_use(tools: Client) -> None:
    found = await call(tools, "lsp_references", {"path": LEVEL, "line": 27, "column": 8})
    assert [(entry["line"], entry["column"]) for entry in found["references"]] == [(14, 2), (24, 2), (27, 6)]
    assert found["references"][0]["text"] == "_show_score(GameState.score)"


async def test_completion_in_unsaved_text(tools: Client, engine_editor: EngineEditor) -> None:
    text = (engine_editor.project / "scripts" / "level.gd").read_text("utf-8")
    unsaved = text.replace(
        "\t_show_score(GameState.score)\n", "\t_show_score(GameState.score)\n\tGameState.add_\n"
    )
    found = await call(tools, "lsp_completion", {"path": LEVEL, "line": 15, "column": 16, "text": unsaved})
    labels = [item["label"] for item in found["items"]]
    assert "add_score(…)" in labels  # the autoload's own method, next to Node's add_child(…) and others
    assert all(label.startswith("add_") for label in labels)


async def test_rename_previews_edits_and_changes_nothing(tools: Client, engine_editor: EngineEditor) -> None:
    before = (engine_editor.project / "scripts" / "level.gd").read_text("utf-8")
    found = await call(
        tools, "lsp_rename", {"path": LEVEL, "line": 27, "column": 8, "new_name": "show_points"}
    )
    assert found["files"] == [LEVEL]
    assert [(edit["line"], edit["column"], edit["end_column"]) for edit in found["edits"]] == [
        (14, 2, 13),
        (24, 2, 13),
        (27, 6, 17),
    ]
    assert {edit["new_text"] for edit in found["edits"]} == {"show_points"}
    assert (engine_editor.project / "scripts" / "level.gd").read_text("utf-8") == before


async def test_symbols_without_path_or_query_pages_through_every_symbol_of_the_project(tools: Client) -> None:
    first = await call(tools, "lsp_symbols", {"limit": 1})
    assert (first["returned"], first["has_more"], first["next_offset"]) == (1, True, 1)
    assert first["total_symbols"] > 1
    assert first["symbols"][0]["path"].startswith("res://")


async def test_bad_arguments_are_refused_with_a_hint(tools: Client) -> None:
    outside = await call_fails(
        tools, "lsp_hover", {"path": "res://../x.gd", "line": 1, "column": 1}, "INVALID_PARAMS"
    )
    assert "inside res://" in outside["hint"]
    missing = await call_fails(
        tools, "lsp_hover", {"path": "res://nope.gd", "line": 1, "column": 1}, "NOT_FOUND"
    )
    assert "script_list" in missing["hint"]


async def test_references_see_a_script_written_since_the_editor_started(
    tools: Client, engine_editor: EngineEditor
) -> None:
    folder = engine_editor.project / "tests_tmp" / "lsp_written"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "scorer.gd").write_text(
        "extends Node\n\n\nfunc win() -> void:\n\tGameState.add_score(5)\n", "utf-8"
    )
    try:
        found = await call(
            tools, "lsp_references", {"path": "res://autoload/game_state.gd", "line": 10, "column": 8}
        )
        paths = {entry["path"] for entry in found["references"]}
        assert "res://tests_tmp/lsp_written/scorer.gd" in paths
        assert "res://scripts/coin.gd" in paths
    finally:
        (folder / "scorer.gd").unlink()
        folder.rmdir()


async def test_the_group_is_listed_read_only(tools: Client) -> None:
    listed = {tool.name: tool for tool in (await tools.list_tools()).tools if tool.name.startswith("lsp_")}
    assert sorted(listed) == [
        "lsp_completion",
        "lsp_definition",
        "lsp_diagnostics",
        "lsp_hover",
        "lsp_references",
        "lsp_rename",
        "lsp_symbols",
    ]
    for tool in listed.values():
        assert tool.annotations is not None
        assert tool.annotations.read_only_hint is True
        assert (tool.meta or {}).get("godot-live-mcp/group") == "lsp"
