"""install-addon on a project holding our addon under its previous name (addons/godot_mcp): the old
folder goes, its settings and autoloads move to the new name, every other byte of project.godot stays;
a foreign addon in that folder is never touched. Real files: the bundled addon and a project on disk."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from godot_live_mcp.cli.main import cli
from godot_live_mcp.instances.addon_install import install_addon, installed_addon_version

OLD_PLUGIN = "res://addons/godot_mcp/plugin.cfg"
NEW_PLUGIN = "res://addons/godot_live_mcp/plugin.cfg"
OLD_AUTOLOAD = '"*res://addons/godot_mcp/runtime/mcp_runtime_server.gd"'
NEW_AUTOLOAD = '"*res://addons/godot_live_mcp/runtime/mcp_runtime_server.gd"'
PROJECT_TEXT = f"""\
; Engine configuration file.
; It's best edited using the editor UI and not directly,

config_version=5

[application]

config/name="Old Game"
run/main_scene="res://scenes/level.tscn"

[autoload]

GameState="*res://autoload/game_state.gd"
MCPRuntimeServer={OLD_AUTOLOAD}

[editor_plugins]

enabled=PackedStringArray("{OLD_PLUGIN}", "res://addons/foreign/plugin.cfg")

[input]

jump={{
"deadzone": 0.2,
"events": []
}}

[mcp_toolkit]

limits/read_cap_kb=512
concurrency/scene_lease_ttl_ms=90000

[rendering]

renderer/rendering_method="gl_compatibility"
"""


def old_addon(project: Path, name: str = "Godot MCP", *, with_contract: bool = True) -> Path:
    folder = project / "addons" / "godot_mcp"
    (folder / "runtime").mkdir(parents=True)
    (folder / "plugin.cfg").write_text(f'[plugin]\n\nname="{name}"\nversion="0.0.9"\nscript="plugin.gd"\n')
    (folder / "plugin.gd").write_text("@tool\nextends EditorPlugin\n")
    (folder / "runtime" / "mcp_runtime_server.gd").write_text("extends Node\n")
    if with_contract:
        (folder / "contract").mkdir()
        (folder / "contract" / "contract.json").write_text('{"protocol_version": 1}\n')
    return folder


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "old_game"
    folder.mkdir()
    (folder / "project.godot").write_text(PROJECT_TEXT)
    (folder / "addons" / "foreign").mkdir(parents=True)
    (folder / "addons" / "foreign" / "plugin.cfg").write_text('[plugin]\nname="Foreign"\n')
    return folder


def test_our_old_addon_is_replaced_and_its_names_move_to_the_new_one(project: Path) -> None:
    old = old_addon(project)

    result = install_addon(project)

    assert result.replaced_old == old
    assert result.enabled_now
    assert not old.exists()
    assert installed_addon_version(project) == result.version
    assert (project / "addons" / "foreign" / "plugin.cfg").is_file()
    expected = (
        PROJECT_TEXT.replace("[mcp_toolkit]", "[godot_live_mcp]")
        .replace(OLD_AUTOLOAD, NEW_AUTOLOAD)
        .replace(f'"{OLD_PLUGIN}"', f'"{NEW_PLUGIN}"')
    )
    assert (project / "project.godot").read_text() == expected


def test_an_upgraded_project_is_left_alone_by_the_next_install(project: Path) -> None:
    old_addon(project)
    install_addon(project)
    before = (project / "project.godot").read_bytes()

    again = install_addon(project)

    assert (again.replaced_old, again.copy, again.enabled_now) == (None, "unchanged", False)
    assert (project / "project.godot").read_bytes() == before


@pytest.mark.parametrize(
    ("name", "with_contract"),
    [("Godot MCP", False), ("Someone Else's MCP", True)],
    ids=["no-contract", "name"],
)
def test_a_foreign_addon_in_the_old_folder_is_never_touched(
    project: Path, name: str, with_contract: bool
) -> None:
    old = old_addon(project, name, with_contract=with_contract)
    files_before = sorted(path.relative_to(old) for path in old.rglob("*"))

    result = install_addon(project)

    assert result.replaced_old is None
    assert sorted(path.relative_to(old) for path in old.rglob("*")) == files_before
    expected = PROJECT_TEXT.replace(
        f'"{OLD_PLUGIN}", "res://addons/foreign/plugin.cfg")',
        f'"{OLD_PLUGIN}", "res://addons/foreign/plugin.cfg", "{NEW_PLUGIN}")',
    )
    assert (project / "project.godot").read_text() == expected


def test_the_command_says_it_replaced_the_old_addon(project: Path) -> None:
    old_addon(project)

    result = CliRunner().invoke(cli, ["install-addon", str(project)])

    assert result.exit_code == 0, result.output
    assert "Removed the previous addon folder" in result.output
    assert "addons/godot_mcp" in result.output
