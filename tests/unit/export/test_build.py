"""What an export wrote, which scene is the main one, and what a smoke run's output says."""

from __future__ import annotations

import os
from pathlib import Path

from godot_live_mcp.export._build import changed_files, folder_state, main_scene_stem, smoke_result
from godot_live_mcp.project_tests._process import GodotRun


def test_created_and_changed_files_are_reported_and_untouched_ones_are_not(tmp_path: Path) -> None:
    (tmp_path / "same.txt").write_text("a")
    (tmp_path / "changed.txt").write_text("a")
    before = folder_state(tmp_path)
    (tmp_path / "changed.txt").write_text("abc")
    os.utime(tmp_path / "changed.txt", ns=(1, 1))
    (tmp_path / "new.pck").write_text("pack")
    files = changed_files(before, folder_state(tmp_path))
    assert files == [
        {"path": str(tmp_path / "changed.txt"), "status": "changed", "bytes": 3},
        {"path": str(tmp_path / "new.pck"), "status": "created", "bytes": 4},
    ]
    assert folder_state(tmp_path / "missing") == {}


def test_the_main_scene_is_found_by_path_or_by_uid(tmp_path: Path) -> None:
    (tmp_path / "project.godot").write_text('[application]\nrun/main_scene="res://scenes/level.tscn"\n')
    assert main_scene_stem(tmp_path) == "level"
    (tmp_path / "project.godot").write_text('[application]\nrun/main_scene="uid://abc"\n')
    (tmp_path / "menu.tscn").write_text('[gd_scene format=3 uid="uid://abc"]\n')
    assert main_scene_stem(tmp_path) == "menu"
    (tmp_path / "project.godot").write_text("[application]\n")
    assert main_scene_stem(tmp_path) is None


def test_a_smoke_run_reached_its_exported_main_scene_and_exited_cleanly() -> None:
    lines = ("Loading resource: res://.godot/exported/1/export-a0b1-level.scn", "bye")
    result = smoke_result(GodotRun(0, lines, 0.4), "level")
    assert result == {
        "reached_main_scene": True,
        "exit_code": 0,
        "clean_exit": True,
        "errors": [],
        "seconds": 0.4,
    }


def test_engine_errors_make_a_smoke_run_unclean() -> None:
    lines = ("Loading resource: res://other.scn", "SCRIPT ERROR: boom")
    result = smoke_result(GodotRun(0, lines, 1.0), "level")
    assert result["reached_main_scene"] is False
    assert result["clean_exit"] is False
    assert result["errors"] == ["SCRIPT ERROR: boom"]
