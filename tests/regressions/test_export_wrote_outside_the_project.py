"""Issue 21: `export_run` wrote where a project's preset pointed. A preset with
`export_path = "../outside/x.pck"`, or a newline injected through `export_create_preset`'s filters
(`"*.json\\n[preset.1]\\nexport_path=../outside/victim.sh\\n[x"`, read by the server's line parser as a
section of its own), replaced a file outside the project with an 81 MB executable, mode 0755.

Now every build path is confined (inside the project, or a folder a person listed), checked on the presets
file as Godot reads it just before the engine starts, and control characters are refused in every
argument that lands in the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from godot_live_mcp.bridge.jsonrpc import JsonObject
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.export._pck import pack_files
from godot_live_mcp.export._presets import read_presets
from godot_live_mcp.export._templates import debian_templates
from godot_live_mcp.godot.locator import find_godot
from godot_live_mcp.server.tool_table import ToolEntry
from godot_live_mcp.server_tools import ServerContext, export, group_entries
from tests.engine.harness import copy_demo_project
from tests.engine.project_tests._calls import call

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

INJECTED = "*.json\n[preset.1]\nexport_path=../outside/victim.sh\n[x"


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("export_outside")


@pytest.fixture(scope="module")
def project(workspace: Path) -> Path:
    (workspace / "outside").mkdir()
    (workspace / "outside" / "victim.sh").write_text("#!/bin/sh\necho mine\n")
    return copy_demo_project(workspace / "game", test_extensions=False)


@pytest.fixture(scope="module")
def tools(project: Path) -> list[ToolEntry]:
    return group_entries(export.GROUP, ServerContext(lambda: project))


async def _refused(tools: list[ToolEntry], name: str, arguments: JsonObject, code: str) -> ToolError:
    with pytest.raises(ToolError) as raised:
        await call(tools, name, arguments)
    assert raised.value.code == code, raised.value
    return raised.value


def _write_presets(project: Path, sections: str) -> None:
    templates = debian_templates(find_godot().path)
    assert templates is not None
    options = f'custom_template/debug="{templates.debug}"\ncustom_template/release="{templates.release}"\n'
    (project / "export_presets.cfg").write_text(sections + "\n[preset.0.options]\n" + options)


def _outside_untouched(workspace: Path) -> None:
    assert sorted(path.name for path in (workspace / "outside").iterdir()) == ["victim.sh"]
    assert (workspace / "outside" / "victim.sh").read_text() == "#!/bin/sh\necho mine\n"


async def test_a_newline_in_a_filter_is_refused_and_nothing_is_written(
    project: Path, tools: list[ToolEntry], workspace: Path
) -> None:
    for field in ("include_filter", "exclude_filter", "export_path", "name"):
        arguments: JsonObject = {"name": "Injected", field: INJECTED}
        refused = await _refused(tools, "export_create_preset", arguments, ErrorCode.INVALID_PARAMS)
        assert field in refused.message
    for character in ("\r", "\x00", "\x1b", "\x85", "\u202e"):
        await _refused(tools, "export_create_preset", {"name": f"a{character}b"}, ErrorCode.INVALID_PARAMS)
    assert not (project / "export_presets.cfg").exists()
    _outside_untouched(workspace)


async def test_a_preset_pointing_outside_the_project_exports_nothing(
    project: Path, tools: list[ToolEntry], workspace: Path
) -> None:
    _write_presets(project, '[preset.0]\nname="Out"\nplatform="Linux"\nexport_path="../outside/x.pck"\n')
    refused = await _refused(tools, "export_run", {"preset": "Out", "mode": "pack"}, ErrorCode.PATH_DENIED)
    assert "outside the project" in refused.message
    assert "godot_live_mcp/export/output_folders" in refused.hint
    for output in ("../outside/victim.sh", str(workspace / "outside" / "victim.sh"), "build/../../x"):
        await _refused(tools, "export_run", {"preset": "Out", "output": output}, ErrorCode.PATH_DENIED)
    _outside_untouched(workspace)


async def test_a_hand_written_multi_line_filter_is_read_as_godot_reads_it(
    project: Path, tools: list[ToolEntry], workspace: Path
) -> None:
    # What the injection left in the file: Godot reads one quoted string over four lines, not a section.
    _write_presets(
        project,
        f'[preset.0]\nname="Linux"\nplatform="Linux"\ninclude_filter="{INJECTED}"\n'
        'export_path="build/inside/game.pck"\n',
    )
    [preset] = read_presets(project)
    assert preset.text("include_filter") == INJECTED
    assert preset.text("export_path") == "build/inside/game.pck"
    result = await call(tools, "export_run", {"preset": "Linux", "mode": "pack"})
    assert result["output"] == str((project / "build" / "inside" / "game.pck").resolve())
    assert any(path.endswith("-level.scn") for path in pack_files(project / "build" / "inside" / "game.pck"))
    _outside_untouched(workspace)


async def test_no_link_and_no_protected_file_takes_a_build(
    project: Path, tools: list[ToolEntry], workspace: Path
) -> None:
    _write_presets(project, '[preset.0]\nname="Linux"\nplatform="Linux"\nexport_path="build/a.pck"\n')
    (project / "linked").symlink_to(workspace / "outside")
    (project / "build").mkdir(exist_ok=True)
    (project / "build" / "b.pck").symlink_to(workspace / "outside" / "victim.sh")
    for output in ("linked/game.pck", "build/b.pck", "project.godot", ".godot/game.pck", ".env.pck"):
        await _refused(tools, "export_run", {"preset": "Linux", "output": output}, ErrorCode.PATH_DENIED)
    _outside_untouched(workspace)


async def test_a_template_outside_the_allowed_folders_is_refused(
    project: Path, tools: list[ToolEntry], workspace: Path
) -> None:
    # A custom template is copied into the build: naming any file would copy it into the project.
    (workspace / "outside" / "notes.txt").write_text("private\n")
    try:
        (project / "export_presets.cfg").write_text(
            '[preset.0]\nname="Linux"\nplatform="Linux"\nexport_path="build/t/game.x86_64"\n'
            f'[preset.0.options]\ncustom_template/release="{workspace / "outside" / "notes.txt"}"\n'
        )
        refused = await _refused(tools, "export_run", {"preset": "Linux"}, ErrorCode.PATH_DENIED)
        assert "custom_template/release" in refused.message
        assert not (project / "build" / "t").exists()
    finally:
        (workspace / "outside" / "notes.txt").unlink()


async def test_a_folder_a_person_listed_takes_a_build(
    project: Path, tools: list[ToolEntry], workspace: Path
) -> None:
    builds = workspace / "builds"
    builds.mkdir()
    settings = project / "project.godot"
    original = settings.read_text()
    try:
        settings.write_text(
            original + f'\n[godot_live_mcp]\n\nexport/output_folders=PackedStringArray("{builds}")\n'
        )
        _write_presets(project, '[preset.0]\nname="Linux"\nplatform="Linux"\nexport_path="build/a.pck"\n')
        result = await call(
            tools, "export_run", {"preset": "Linux", "mode": "pack", "output": f"{builds}/g.pck"}
        )
        assert result["output"] == str(builds.resolve() / "g.pck")
        assert (builds / "g.pck").is_file()
    finally:
        settings.write_text(original)
