"""export_create_preset, export_list_presets and export_run on a fresh copy of the demo project: a real
Linux export with Debian's templates that runs headless, reaches its main scene and exits cleanly."""

from __future__ import annotations

from pathlib import Path

import pytest

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.export._pck import pack_files
from godot_live_mcp.godot.locator import find_godot, godot_version
from godot_live_mcp.godot.standard_templates import standard_template
from godot_live_mcp.server.tool_table import ToolEntry
from godot_live_mcp.server_tools import ServerContext, export, group_entries
from tests.engine.harness import copy_demo_project
from tests.engine.project_tests._calls import call

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if standard_template("release", godot_version(find_godot().path)) is None:
        pytest.fail(
            "the export tests need Debian's templates: run `godot-live-mcp godot install --with-templates` "
            "(make setup does)",
            pytrace=False,
        )
    return copy_demo_project(tmp_path_factory.mktemp("export") / "demo_project", test_extensions=False)


@pytest.fixture(scope="module")
def tools(project: Path) -> list[ToolEntry]:
    return group_entries(export.GROUP, ServerContext(lambda: project))


async def test_a_created_preset_names_no_template_path(project: Path, tools: list[ToolEntry]) -> None:
    result = await call(tools, "export_create_preset", {"name": "Linux", "exclude_filter": "res://notes/*"})
    preset = result["preset"]
    assert preset == {
        "index": 0,
        "name": "Linux",
        "platform": "Linux",
        "export_path": "build/linux/linux.x86_64",
        "runnable": True,
        "include_filter": "",
        "exclude_filter": "res://notes/*, res://addons/godot_live_mcp/*, res://.mcp.json",
        "templates": {"debug": "", "release": ""},  # Godot's standard folder (godot install)
    }
    text = (project / "export_presets.cfg").read_text()
    assert 'custom_template/release=""' in text
    listed = await call(tools, "export_list_presets")
    assert listed["presets"] == [preset]
    assert listed["total_presets"] == 1


async def test_a_second_preset_of_the_same_name_is_returned_refused_or_replaced(
    project: Path, tools: list[ToolEntry]
) -> None:
    await call(tools, "export_create_preset", {"name": "Pack", "export_path": "build/pack/demo.pck"})
    kept = await call(tools, "export_create_preset", {"name": "Pack", "export_path": "build/other.pck"})
    assert (kept["status"], kept["preset"]["export_path"]) == ("returned", "build/pack/demo.pck")
    with pytest.raises(ToolError) as raised:
        await call(tools, "export_create_preset", {"name": "Pack", "if_exists": "fail"})
    assert raised.value.code == ErrorCode.ALREADY_EXISTS
    assert "if_exists" in raised.value.hint
    replaced = await call(
        tools,
        "export_create_preset",
        {"name": "Pack", "export_path": "build/pack/game.pck", "if_exists": "replace"},
    )
    assert (replaced["status"], replaced["replaced"]) == ("replaced", True)
    assert (replaced["preset"]["index"], replaced["preset"]["export_path"]) == (1, "build/pack/game.pck")
    names = [p["name"] for p in (await call(tools, "export_list_presets"))["presets"]]
    assert names == ["Linux", "Pack"]


async def test_a_linux_export_runs_headless_reaches_its_main_scene_and_ships_no_addon(
    project: Path, tools: list[ToolEntry]
) -> None:
    result = await call(tools, "export_run", {"preset": "Linux", "smoke_run": True})
    build = project / "build" / "linux"
    assert result["output"] == str(build / "linux.x86_64")
    assert {(f["path"], f["status"]) for f in result["files"]} == {
        (str(build / "linux.x86_64"), "created"),
        (str(build / "linux.pck"), "created"),
    }
    assert (build / ".gdignore").is_file()  # the editor does not import the build
    assert result["smoke"] == {
        "reached_main_scene": True,
        "exit_code": 0,
        "clean_exit": True,
        "errors": [],
        "seconds": result["smoke"]["seconds"],
    }
    packed = pack_files(build / "linux.pck")
    assert result["pack_file_count"] == len(packed)
    assert [path for path in packed if path.startswith("res://addons/")] == []
    assert any(path.endswith("-level.scn") for path in packed)


async def test_a_pack_export_runs_with_the_editor_binary(project: Path, tools: list[ToolEntry]) -> None:
    result = await call(
        tools, "export_run", {"preset": "Pack", "mode": "pack", "smoke_run": True, "smoke_frames": 10}
    )
    pack = project / "build" / "pack" / "game.pck"
    assert result["files"] == [{"path": str(pack), "status": "created", "bytes": pack.stat().st_size}]
    assert result["smoke"]["reached_main_scene"] is True
    assert result["smoke"]["clean_exit"] is True


async def test_a_second_export_reports_the_files_it_changed(project: Path, tools: list[ToolEntry]) -> None:
    result = await call(tools, "export_run", {"preset": "Pack", "mode": "pack"})
    assert [(f["status"]) for f in result["files"]] == ["changed"]


async def test_a_preset_with_a_missing_template_fails_before_godot_does(
    project: Path, tools: list[ToolEntry]
) -> None:
    presets = project / "export_presets.cfg"
    text = presets.read_text()
    try:
        missing = project / "no-such-template"
        broken = text.replace('custom_template/debug=""', f'custom_template/debug="{missing}"', 1)
        presets.write_text(broken)
        with pytest.raises(ToolError) as raised:
            await call(tools, "export_run", {"preset": "Linux", "mode": "debug"})
        assert raised.value.code == ErrorCode.SETUP_FAILED
        assert "no-such-template" in raised.value.message
        assert "godot install --with-templates" in raised.value.hint
    finally:
        presets.write_text(text)


async def test_an_unknown_preset_names_the_ones_there(tools: list[ToolEntry]) -> None:
    with pytest.raises(ToolError) as raised:
        await call(tools, "export_run", {"preset": "Windows"})
    assert raised.value.code == ErrorCode.NOT_FOUND
    assert "'Linux', 'Pack'" in raised.value.message
    assert "export_create_preset" in raised.value.hint
