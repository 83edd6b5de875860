"""Where a build may be written: inside the project (not its protected folders and files, not over a
secret file, never through a link) or in a folder a person listed in project.godot."""

from __future__ import annotations

from pathlib import Path

import pytest

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.export._config_file import Value
from godot_live_mcp.export._confinement import confined_output, preset_paths_allowed, reach
from godot_live_mcp.export._presets import Preset


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "project.godot").write_text("config_version=5\n")
    return folder


def _denied(project: Path, given: str) -> ToolError:
    with pytest.raises(ToolError) as raised:
        confined_output(reach(project), given, "output")
    return raised.value


def test_a_build_inside_the_project_is_allowed(project: Path) -> None:
    real = project.resolve()
    assert confined_output(reach(project), "build/game.x86_64", "output") == real / "build/game.x86_64"
    assert confined_output(reach(project), "res://build/game.pck", "output") == real / "build/game.pck"


@pytest.mark.parametrize(
    "given",
    [
        "/tmp/game.x86_64",
        "../outside/x.pck",
        "build/../../game",
        ".",
        ".godot/x.pck",
        ".godot-live-mcp/config.toml",
        "addons/godot_live_mcp/plugin.gd",
        "project.godot",
        "export_presets.cfg",
        "keys/server.pem",
        "build/id_rsa",
    ],
)
def test_a_build_outside_or_over_a_protected_or_secret_file_is_denied(project: Path, given: str) -> None:
    assert _denied(project, given).code == ErrorCode.PATH_DENIED


def test_a_build_beside_a_secret_file_name_is_denied(project: Path) -> None:
    # Godot writes credentials.pck beside credentials.x86_64: the pack's name is a secret one.
    assert _denied(project, "build/credentials").code == ErrorCode.PATH_DENIED


def test_no_link_leads_a_build_out(project: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (project / "build").symlink_to(outside)
    (project / "out").mkdir()
    (project / "out" / "game.pck").symlink_to(outside / "victim.sh")
    (project / "web").mkdir()
    (project / "web" / "index.wasm").symlink_to(outside / "victim.sh")
    assert "link" in _denied(project, "web/index.html").message
    assert _denied(project, "build/game.x86_64").code == ErrorCode.PATH_DENIED
    assert "link" in _denied(project, "out/game.x86_64").message
    (project / "loop").symlink_to(project / "loop")
    assert _denied(project, "loop/game.x86_64").code == ErrorCode.PATH_DENIED


def test_a_control_character_in_a_path_is_invalid(project: Path) -> None:
    assert _denied(project, "build/a\nb.pck").code == ErrorCode.INVALID_PARAMS


def test_a_folder_a_person_listed_takes_builds(project: Path, tmp_path: Path) -> None:
    builds = tmp_path / "builds"
    builds.mkdir()
    (project / "project.godot").write_text(
        f'config_version=5\n\n[godot_live_mcp]\n\nexport/output_folders=PackedStringArray("{builds}")\n'
    )
    assert (
        confined_output(reach(project), f"{builds}/game.x86_64", "output") == builds.resolve() / "game.x86_64"
    )
    assert _denied(project, f"{tmp_path}/elsewhere/game.x86_64").code == ErrorCode.PATH_DENIED


def test_a_preset_naming_a_template_outside_is_denied(project: Path, tmp_path: Path) -> None:
    templates = tmp_path / "templates"
    templates.mkdir()
    (templates / "linux_release.x86_64").write_bytes(b"\x7fELF")
    allowed: dict[str, Value] = {"custom_template/release": str(templates / "linux_release.x86_64")}
    preset_paths_allowed(reach(project, (templates,)), Preset(0, {"name": "L"}, allowed))
    (project / "keys").mkdir()
    (project / "keys" / "id_rsa").write_text("secret\n")
    for named in ("/root/.ssh/id_ed25519", "~/.bashrc", "../secret.txt", "res://keys/a.key", "keys/id_rsa"):
        with pytest.raises(ToolError) as raised:
            preset_paths_allowed(reach(project), Preset(0, {"name": "L"}, {"custom_template/release": named}))
        assert raised.value.code == ErrorCode.PATH_DENIED, named
    filters = {"include_filter": "/etc/*", "exclude_filter": "res://addons/*"}
    preset_paths_allowed(reach(project), Preset(0, {"name": "L", **filters}, {}))
