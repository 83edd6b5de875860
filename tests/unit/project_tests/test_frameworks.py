"""Finding a project's test framework by its entry point, and the command line each one is run with."""

from __future__ import annotations

from pathlib import Path

import pytest

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.project_tests._frameworks import (
    Framework,
    RunSelection,
    detect_framework,
    report_file,
    run_command,
)

GUT_ENTRY = "addons/gut/gut_cmdln.gd"
GDUNIT_ENTRY = "addons/gdUnit4/bin/GdUnitCmdTool.gd"


def project_with(tmp_path: Path, *entries: str) -> Path:
    for entry in entries:
        (tmp_path / entry).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / entry).write_text("extends SceneTree\n")
    return tmp_path


def test_a_project_without_a_framework_is_told_which_to_install_and_how(tmp_path: Path) -> None:
    with pytest.raises(ToolError) as raised:
        detect_framework(tmp_path)
    assert raised.value.code == ErrorCode.SETUP_FAILED
    assert "GUT" in raised.value.hint
    assert "gdUnit4" in raised.value.hint
    assert "enable the plugin" in raised.value.hint


@pytest.mark.parametrize(
    ("entry", "framework"), [(GUT_ENTRY, Framework.GUT), (GDUNIT_ENTRY, Framework.GDUNIT4)]
)
def test_the_framework_is_found_by_its_entry_point(tmp_path: Path, entry: str, framework: Framework) -> None:
    assert detect_framework(project_with(tmp_path, entry)) is framework


def test_a_project_with_both_needs_a_choice(tmp_path: Path) -> None:
    project = project_with(tmp_path, GUT_ENTRY, GDUNIT_ENTRY)
    with pytest.raises(ToolError) as raised:
        detect_framework(project)
    assert raised.value.code == ErrorCode.INVALID_PARAMS
    assert "framework" in raised.value.hint
    assert detect_framework(project, "gdunit4") is Framework.GDUNIT4


def test_choosing_a_framework_the_project_lacks_fails(tmp_path: Path) -> None:
    with pytest.raises(ToolError) as raised:
        detect_framework(project_with(tmp_path, GUT_ENTRY), "gdunit4")
    assert raised.value.code == ErrorCode.SETUP_FAILED


def test_gut_runs_a_folder_headless_with_a_junit_report(tmp_path: Path) -> None:
    command = run_command(Framework.GUT, Path("/g/godot"), Path("/p"), RunSelection("res://test"), tmp_path)
    assert command == [
        "/g/godot",
        "--headless",
        "--path",
        "/p",
        "-s",
        GUT_ENTRY,
        "-gdir=res://test",
        "-ginclude_subdirs",
        "-gexit",
        f"-gjunit_xml_file={tmp_path / 'results.xml'}",
    ]


def test_gut_runs_one_script_and_one_test_by_name(tmp_path: Path) -> None:
    selection = RunSelection("res://test/test_math.gd", "test_adds")
    command = run_command(Framework.GUT, Path("/g/godot"), Path("/p"), selection, tmp_path)
    assert "-gtest=res://test/test_math.gd" in command
    assert command[-1] == "-gunit_test_name=test_adds"


def test_gdunit4_runs_every_test_headless_into_its_report_folder(tmp_path: Path) -> None:
    selection = RunSelection("res://test/calc_test.gd", "test_add")
    command = run_command(Framework.GDUNIT4, Path("/g/godot"), Path("/p"), selection, tmp_path)
    assert command[4:] == [
        "-s",
        f"res://{GDUNIT_ENTRY}",
        "--ignoreHeadlessMode",
        "-c",
        "-a",
        "res://test/calc_test.gd:test_add",
        "-rd",
        str(tmp_path),
    ]


def test_the_newest_gdunit4_report_is_read(tmp_path: Path) -> None:
    assert report_file(Framework.GDUNIT4, tmp_path) is None
    for number in (1, 2):
        (tmp_path / f"report_{number}").mkdir()
        (tmp_path / f"report_{number}" / "results.xml").write_text("<testsuites/>")
    assert report_file(Framework.GDUNIT4, tmp_path) == tmp_path / "report_2" / "results.xml"
    assert report_file(Framework.GUT, tmp_path) is None
