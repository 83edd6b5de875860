from __future__ import annotations

from pathlib import Path

import pytest

from godot_live_mcp.contract import addon_source_dir
from godot_live_mcp.instances import addon_install
from godot_live_mcp.instances.addon_install import (
    PLUGIN_CFG_RES,
    AddonInstallError,
    addon_enabled,
    addon_installed,
    install_addon,
    installed_addon_version,
)
from godot_live_mcp.instances.project_file import read_value

PROJECT_TEXT = """\
config_version=5

[application]

config/name="T"

[rendering]

renderer/rendering_method="gl_compatibility"
"""


@pytest.fixture
def source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A small stand-in for the bundled addon, so these tests do not follow its contents."""
    folder = tmp_path / "bundled" / "godot_live_mcp"
    (folder / "core").mkdir(parents=True)
    (folder / "__pycache__").mkdir()
    (folder / "plugin.cfg").write_text(
        '[plugin]\n\nname="Godot Live MCP"\nversion="1.2.0"\nscript="plugin.gd"\n'
    )
    (folder / "plugin.gd").write_text("@tool\nextends EditorPlugin\n")
    (folder / "core" / "composer.gd").write_text("extends RefCounted\n")
    (folder / "__pycache__" / "x.pyc").write_bytes(b"\0")
    monkeypatch.setattr(addon_install, "addon_source_dir", lambda: folder)
    return folder


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "project.godot").write_text(PROJECT_TEXT)
    return folder


def test_copies_the_addon_and_enables_it(source: Path, project: Path) -> None:
    result = install_addon(project)

    target = project / "addons" / "godot_live_mcp"
    assert (result.addon_dir, result.copy, result.enabled_now, result.version) == (
        target,
        "new",
        True,
        "1.2.0",
    )
    assert (target / "core" / "composer.gd").read_text() == "extends RefCounted\n"
    assert not (target / "__pycache__").exists()
    assert addon_installed(project)
    assert addon_enabled(project)
    assert installed_addon_version(project) == "1.2.0"
    assert (project / "project.godot").read_text() == (
        PROJECT_TEXT + f'\n[editor_plugins]\n\nenabled=PackedStringArray("{PLUGIN_CFG_RES}")\n'
    )
    assert sorted(path.name for path in (project / "addons").iterdir()) == ["godot_live_mcp"]


def test_second_install_changes_nothing(source: Path, project: Path) -> None:
    install_addon(project)
    before = (project / "project.godot").read_bytes()
    # The editor adds .uid files next to scripts: they do not make the copy "changed".
    (project / "addons" / "godot_live_mcp" / "plugin.gd.uid").write_text("uid://abc\n")

    result = install_addon(project)

    assert (result.copy, result.enabled_now) == ("unchanged", False)
    assert (project / "project.godot").read_bytes() == before


def test_keeps_other_enabled_plugins(source: Path, project: Path) -> None:
    other = 'PackedStringArray("res://addons/gut/plugin.cfg")'
    text = PROJECT_TEXT.replace("[rendering]", f"[editor_plugins]\n\nenabled={other}\n\n[rendering]")
    (project / "project.godot").write_text(text)

    install_addon(project)

    written = (project / "project.godot").read_text()
    assert read_value(written, "editor_plugins", "enabled") == (
        f'PackedStringArray("res://addons/gut/plugin.cfg", "{PLUGIN_CFG_RES}")'
    )
    assert written.replace(f', "{PLUGIN_CFG_RES}"', "") == text


def test_enables_an_installed_but_disabled_addon(source: Path, project: Path) -> None:
    install_addon(project)
    (project / "project.godot").write_text(PROJECT_TEXT)
    assert not addon_enabled(project)

    result = install_addon(project)

    assert (result.copy, result.enabled_now) == ("unchanged", True)
    assert addon_enabled(project)


def test_a_new_version_replaces_the_old_copy(source: Path, project: Path) -> None:
    install_addon(project)
    stale = project / "addons" / "godot_live_mcp" / "old_file.gd"
    stale.write_text("")
    cfg = source / "plugin.cfg"
    cfg.write_text(cfg.read_text().replace("1.2.0", "1.3.0"))

    result = install_addon(project)

    assert (result.copy, result.version) == ("replaced", "1.3.0")
    assert not stale.exists()
    assert installed_addon_version(project) == "1.3.0"


def test_a_locally_changed_copy_needs_force(source: Path, project: Path) -> None:
    install_addon(project)
    edited = project / "addons" / "godot_live_mcp" / "plugin.gd"
    edited.write_text("# my local change\n")

    with pytest.raises(AddonInstallError, match="changed copy") as raised:
        install_addon(project)
    assert "--force" in raised.value.hint
    assert edited.read_text() == "# my local change\n"

    assert install_addon(project, force=True).copy == "replaced"
    assert edited.read_text() == "@tool\nextends EditorPlugin\n"


def test_refuses_a_folder_that_is_not_a_project(source: Path, tmp_path: Path) -> None:
    with pytest.raises(AddonInstallError, match="not a Godot project") as raised:
        install_addon(tmp_path)

    assert "project.godot" in raised.value.hint
    assert not (tmp_path / "addons").exists()


def test_accepts_the_path_of_project_godot(source: Path, project: Path) -> None:
    assert install_addon(project / "project.godot").addon_dir == project / "addons" / "godot_live_mcp"


def test_unreadable_enabled_list_is_reported_not_overwritten(source: Path, project: Path) -> None:
    text = PROJECT_TEXT + "\n[editor_plugins]\n\nenabled=42\n"
    (project / "project.godot").write_text(text)

    with pytest.raises(AddonInstallError, match="not a list of strings"):
        install_addon(project)

    assert (project / "project.godot").read_text() == text


def test_not_installed_reads_as_such(project: Path) -> None:
    assert not addon_installed(project)
    assert not addon_enabled(project)
    assert installed_addon_version(project) is None


def test_copies_every_file_of_the_bundled_addon(project: Path) -> None:
    install_addon(project)

    bundled = {
        path.relative_to(addon_source_dir())
        for path in addon_source_dir().rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    installed = {
        path.relative_to(project / "addons" / "godot_live_mcp")
        for path in (project / "addons" / "godot_live_mcp").rglob("*")
        if path.is_file()
    }
    assert installed == bundled
    assert addon_enabled(project)
