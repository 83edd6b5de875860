"""Test scripts and their test functions found in the fixture projects, and paths kept in the project."""

from __future__ import annotations

from pathlib import Path

import pytest

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.project_tests._frameworks import Framework
from godot_live_mcp.project_tests._listing import ScriptTests, default_test_path, find_test_scripts

FIXTURES = Path(__file__).resolve().parents[2] / "engine" / "fixtures"


def test_gut_scripts_are_the_test_prefixed_ones_in_every_subfolder() -> None:
    scripts = find_test_scripts(FIXTURES / "gut_project", Framework.GUT, "res://test")
    assert scripts == [
        ScriptTests("res://test/test_math.gd", ("test_adds", "test_subtracts", "test_divides_later")),
        ScriptTests("res://test/unit/test_words.gd", ("test_joins",)),
    ]


def test_gdunit4_scripts_are_the_suites() -> None:
    project = FIXTURES / "gdunit4_project"
    scripts = find_test_scripts(project, Framework.GDUNIT4, default_test_path(project))
    assert [script.file for script in scripts] == ["res://test/calculator_test.gd", "res://test/text_test.gd"]
    assert scripts[0].tests == ("test_add", "test_multiply", "test_divide", "test_power")


def test_a_path_outside_the_project_is_denied() -> None:
    with pytest.raises(ToolError) as raised:
        find_test_scripts(FIXTURES / "gut_project", Framework.GUT, "res://../gdunit4_project")
    assert raised.value.code == ErrorCode.PATH_DENIED


def test_a_missing_path_is_not_found(tmp_path: Path) -> None:
    with pytest.raises(ToolError) as raised:
        find_test_scripts(tmp_path, Framework.GUT, "res://nowhere")
    assert raised.value.code == ErrorCode.NOT_FOUND
    with pytest.raises(ToolError) as no_folder:
        default_test_path(tmp_path)
    assert no_folder.value.code == ErrorCode.NOT_FOUND
    assert "path" in no_folder.value.hint
