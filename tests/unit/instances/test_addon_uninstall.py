"""install-addon then install-addon --uninstall leaves project.godot byte-identical, on project files of
several shapes; uninstall takes out the autoload the plugin adds, refuses what is not its to remove, and
runs through the real CLI entry point."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from _pytest.mark.structures import ParameterSet

from godot_live_mcp.contract import addon_source_dir
from godot_live_mcp.instances import addon_install
from godot_live_mcp.instances.addon_install import (
    PLUGIN_CFG_RES,
    AddonInstallError,
    addon_enabled,
    install_addon,
    uninstall_addon,
)
from godot_live_mcp.instances.project_file import read_value, section_values, with_value
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from tests.unit.cli.cli_process import make_machine
from tests.unit.instances.registry_files import entry, write_entry

SHAPES = Path(__file__).parent / "project_shapes"
DEMO = Path(__file__).resolve().parents[3] / "examples" / "demo_project" / "project.godot"
AUTOLOAD = '"*res://addons/godot_live_mcp/runtime/mcp_runtime_server.gd"'


def shapes() -> list[ParameterSet]:
    files = [DEMO, *sorted(SHAPES.glob("*.godot"))]
    params = [pytest.param(path.read_bytes(), id=path.stem) for path in files]
    crlf = (SHAPES / "autoloads_and_inputs.godot").read_bytes().replace(b"\n", b"\r\n")
    return [*params, pytest.param(crlf, id="crlf")]


@pytest.fixture(autouse=True)
def bundled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A snapshot of the bundled addon: the suite runs while its source may change."""
    snapshot = shutil.copytree(addon_source_dir(), tmp_path / "bundled" / "godot_live_mcp")
    monkeypatch.setattr(addon_install, "addon_source_dir", lambda: snapshot)
    return snapshot


@pytest.fixture(autouse=True)
def empty_registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    registry = tmp_path / "registry"
    monkeypatch.setenv(REGISTRY_DIR_ENV, str(registry))
    return registry


def project_with(tmp_path: Path, text: bytes) -> Path:
    project = tmp_path / "game"
    project.mkdir()
    (project / "project.godot").write_bytes(text)
    return project


@pytest.mark.parametrize("original", shapes())
def test_uninstall_restores_project_godot_byte_for_byte(tmp_path: Path, original: bytes) -> None:
    project = project_with(tmp_path, original)

    install_addon(project)
    assert addon_enabled(project)
    result = uninstall_addon(project)

    assert (project / "project.godot").read_bytes() == original
    assert result.disabled
    assert result.removed_folder == project / "addons" / "godot_live_mcp"
    assert not result.removed_folder.exists()


@pytest.mark.parametrize("original", shapes())
def test_uninstall_also_takes_out_the_autoload_the_plugin_added(tmp_path: Path, original: bytes) -> None:
    project = project_with(tmp_path, original)
    install_addon(project)
    # What the plugin's RuntimeAutoload.heal() leaves when the editor first loads it.
    path = project / "project.godot"
    path.write_bytes(
        with_value(path.read_bytes().decode(), "autoload", "MCPRuntimeServer", AUTOLOAD).encode()
    )

    result = uninstall_addon(project)

    assert result.autoloads == ("MCPRuntimeServer",)
    assert path.read_bytes() == original


def test_other_plugins_stay_enabled_wherever_ours_was_listed(tmp_path: Path, bundled: Path) -> None:
    # The editor sorts the list when it saves it: ours may sit first, in the middle or last.
    listed = (
        f'PackedStringArray("res://addons/a/plugin.cfg", "{PLUGIN_CFG_RES}", "res://addons/z/plugin.cfg")'
    )
    project = project_with(tmp_path, f"config_version=5\n\n[editor_plugins]\n\nenabled={listed}\n".encode())
    shutil.copytree(bundled, project / "addons" / "godot_live_mcp")

    uninstall_addon(project)

    text = (project / "project.godot").read_text()
    assert read_value(text, "editor_plugins", "enabled") == (
        'PackedStringArray("res://addons/a/plugin.cfg", "res://addons/z/plugin.cfg")'
    )


def test_settings_of_the_person_are_kept_and_reported(tmp_path: Path) -> None:
    text = "config_version=5\n\n[godot_live_mcp]\n\nlimits/read_cap_kb=512\n"
    project = project_with(tmp_path, text.encode())
    install_addon(project)

    result = uninstall_addon(project)

    assert result.settings_kept
    assert section_values((project / "project.godot").read_text(), "godot_live_mcp") == {
        "limits/read_cap_kb": "512"
    }


def test_a_project_without_the_addon_is_left_alone(tmp_path: Path) -> None:
    original = (SHAPES / "editor_plugins.godot").read_bytes()
    project = project_with(tmp_path, original)

    result = uninstall_addon(project)

    assert (result.removed_folder, result.disabled, result.autoloads) == (None, False, ())
    assert (project / "project.godot").read_bytes() == original


def test_a_foreign_folder_of_that_name_is_never_removed(tmp_path: Path) -> None:
    project = project_with(tmp_path, b"config_version=5\n")
    foreign = project / "addons" / "godot_live_mcp"
    foreign.mkdir(parents=True)
    (foreign / "plugin.cfg").write_text('[plugin]\n\nname="Someone Else"\n')

    with pytest.raises(AddonInstallError, match="does not hold the godot_live_mcp addon"):
        uninstall_addon(project, force=True)
    assert (foreign / "plugin.cfg").is_file()


def test_local_changes_need_force(tmp_path: Path) -> None:
    project = project_with(tmp_path, b"config_version=5\n")
    install_addon(project)
    edited = project / "addons" / "godot_live_mcp" / "plugin.gd"
    edited.write_text("# my change\n")

    with pytest.raises(AddonInstallError, match="local changes") as refused:
        uninstall_addon(project)
    assert "--force" in refused.value.hint
    assert edited.is_file()
    assert addon_enabled(project)

    uninstall_addon(project, force=True)
    assert not edited.exists()
    assert (project / "project.godot").read_bytes() == b"config_version=5\n"


def test_refused_while_an_editor_has_the_project_open(tmp_path: Path, empty_registry: Path) -> None:
    project = project_with(tmp_path, b"config_version=5\n")
    install_addon(project)
    write_entry(empty_registry, entry(project, pid=os.getpid()))

    with pytest.raises(AddonInstallError, match=f"open in a Godot editor \\(pid {os.getpid()}\\)"):
        uninstall_addon(project)
    assert addon_enabled(project)


def test_the_cli_round_trip(tmp_path: Path) -> None:
    original = (SHAPES / "autoloads_and_inputs.godot").read_bytes()
    project = project_with(tmp_path, original)
    machine = make_machine(tmp_path / "machine")

    installed = machine.run("install-addon", str(project))
    removed = machine.run("install-addon", str(project), "--uninstall")
    again = machine.run("install-addon", str(project), "--uninstall")

    assert installed.returncode == 0, installed.stderr
    assert removed.returncode == 0, removed.stderr
    assert "Took the plugin out of [editor_plugins]" in removed.stdout
    assert f"Removed {project / 'addons' / 'godot_live_mcp'}" in removed.stdout
    assert again.returncode == 0, again.stderr
    assert "nothing to remove" in again.stdout
    assert (project / "project.godot").read_bytes() == original
