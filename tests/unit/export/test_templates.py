"""Export templates: Debian's next to the Godot binary, and the clear error when none is there."""

from __future__ import annotations

from pathlib import Path

import pytest

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.export._templates import Templates, debian_templates, require_template, standard_template


def test_debian_templates_beside_the_binary_are_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GODOT_MCP_GODOT_PREFIX", str(tmp_path / "empty-prefix"))
    bin_dir = tmp_path / "usr" / "bin"
    bin_dir.mkdir(parents=True)
    assert debian_templates(bin_dir / "godot") is None
    for name in ("godot-template-debug", "godot-template-release"):
        (bin_dir / name).write_text("")
    assert debian_templates(bin_dir / "godot") == Templates(
        str(bin_dir / "godot-template-debug"), str(bin_dir / "godot-template-release")
    )


def test_a_missing_template_fails_with_how_to_install_one(tmp_path: Path) -> None:
    with pytest.raises(ToolError) as raised:
        require_template("Linux", "", "release", None)
    assert raised.value.code == ErrorCode.SETUP_FAILED
    assert "godot install --with-templates" in raised.value.hint
    with pytest.raises(ToolError) as named:
        require_template("Linux", str(tmp_path / "gone"), "debug", None)
    assert "does not exist" in named.value.message


def test_a_template_on_disk_or_in_the_standard_folder_is_enough(tmp_path: Path) -> None:
    template = tmp_path / "t"
    template.write_text("")
    require_template("Linux", str(template), "release", None)
    require_template("Linux", "", "release", template)


def test_the_standard_folder_is_named_by_the_first_four_version_parts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "godot" / "export_templates" / "4.6.3.stable"
    folder.mkdir(parents=True)
    assert standard_template("release", "4.6.3.stable.debian4.6.3+ds-2") is None
    (folder / "linux_release.x86_64").write_text("")
    assert standard_template("release", "4.6.3.stable.debian4.6.3+ds-2") == folder / "linux_release.x86_64"
