"""export_create_preset wrote this machine's absolute template paths (custom_template/*) into
export_presets.cfg, so a committed preset broke on a teammate's machine. The templates now sit where
Godot looks for them by version, and the preset names none."""

from __future__ import annotations

from pathlib import Path

import pytest

from godot_live_mcp.export._presets import read_presets
from godot_live_mcp.godot import default_prefix, godot_version, prefix_binary
from godot_live_mcp.godot.standard_templates import install_standard_templates
from tests.regressions._exported_demo import ExportedDemo

pytestmark = [pytest.mark.engine, pytest.mark.anyio]


async def test_the_preset_names_no_path_of_this_machine_and_exports(exported_demo: ExportedDemo) -> None:
    [preset] = read_presets(exported_demo.project)
    assert preset.options == {"custom_template/debug": "", "custom_template/release": ""}
    assert exported_demo.preset["templates"] == {"debug": "", "release": ""}
    assert exported_demo.result["smoke"]["reached_main_scene"] is True  # found in the standard folder


def test_the_install_links_the_templates_where_godot_looks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    prefix = default_prefix()
    folder = tmp_path / "godot" / "export_templates" / "4.6.3.stable"
    own = folder / "linux_release.x86_64"
    folder.mkdir(parents=True)
    own.write_bytes(b"a person's own template")
    made = install_standard_templates(prefix, godot_version(prefix_binary(prefix)))
    assert made == [folder / "linux_debug.x86_64"]
    assert made[0].resolve() == (prefix / "usr/bin/godot-template-debug").resolve()
    assert own.read_bytes() == b"a person's own template"
