"""The addon on its own: the asset-library zip of ``make dist-addon``, unpacked into a fresh project the
way Godot's asset installer maps it, is enabled by the editor without an error or a warning."""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import anyio
import pytest

from godot_live_mcp.bridge.peer_connection import connect_peer
from godot_live_mcp.instances.instance import EditorInstance
from tests.engine.harness import start_editor, warnings_and_errors

pytestmark = pytest.mark.engine

ROOT = Path(__file__).resolve().parents[2]
BUILDER = ROOT / "scripts" / "addon_zip.py"
SETTLED_WITHIN_S = 60.0
# The editor's first scan of a fresh project runs on after the addon listens; quitting during it is noise.
SETTLED = """
var filesystem: EditorFileSystem = EditorInterface.get_resource_filesystem()
if filesystem.is_scanning():
	return null
return EditorInterface.is_plugin_enabled("godot_live_mcp")
"""
# What the Plugins tab writes when a person ticks the addon on.
FRESH_PROJECT = """config_version=5

[application]

config/name="Fresh"

[editor_plugins]

enabled=PackedStringArray("res://addons/godot_live_mcp/plugin.cfg")
"""


def build_zip(output: Path) -> Path:
    done = subprocess.run(
        [sys.executable, str(BUILDER), str(output)], capture_output=True, text=True, check=True
    )
    return Path(done.stdout.split(" (")[0])


def install_as_the_asset_installer_does(archive: Path, project: Path) -> list[str]:
    """EditorAssetInstaller: when every entry shares one top folder other than addons/, that folder is
    dropped (its default for a downloaded asset); each file then goes to res://<its path>."""
    installed = []
    with zipfile.ZipFile(archive) as opened:
        names = opened.namelist()
        top = names[0].split("/", 1)[0] + "/"
        prefix = top if top != "addons/" and all(name.startswith(top) for name in names) else ""
        for name in names:
            if name.endswith("/"):
                continue
            target = project / name.removeprefix(prefix)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(opened.read(name))
            installed.append(name.removeprefix(prefix))
    return installed


def test_the_zip_holds_the_addon_its_license_readme_and_icon_under_one_top_folder(tmp_path: Path) -> None:
    archive = build_zip(tmp_path / "a")
    again = build_zip(tmp_path / "b")
    version = re.search(
        r'version="([^"]+)"', (ROOT / "src/godot_live_mcp/addon/addons/godot_live_mcp/plugin.cfg").read_text()
    )
    assert version is not None
    with zipfile.ZipFile(archive) as opened:
        names = opened.namelist()

    assert archive.name == f"godot-live-mcp-addon-{version.group(1)}.zip"
    top = f"godot-live-mcp-addon-{version.group(1)}/addons/godot_live_mcp/"
    assert all(name.startswith(top) for name in names), "nothing lands at the project's root"
    for name in ("plugin.cfg", "plugin.gd", "contract/contract.json", "LICENSE", "README.md", "icon.svg"):
        assert top + name in names
    assert not [name for name in names if name.endswith((".uid", ".pyc", ".import"))]
    assert archive.read_bytes() == again.read_bytes(), "the same files give the same zip"


def test_the_unpacked_zip_is_enabled_in_a_fresh_project_with_a_clean_log(
    tmp_path: Path, editor_logs: list[Path]
) -> None:
    project = tmp_path / "fresh"
    project.mkdir()
    (project / "project.godot").write_text(FRESH_PROJECT, "utf-8")
    installed = install_as_the_asset_installer_does(build_zip(tmp_path / "dist"), project)
    env = {"GODOT_MCP_REGISTRY_DIR": str(tmp_path / "registry")}

    with start_editor(project, env, tmp_path / "editor.log", editor_logs) as process:
        instance = anyio.run(process.wait_ready, 120.0)
        enabled = anyio.run(_settled, instance)
        process.stop()
    problems = warnings_and_errors(tmp_path / "editor.log")

    assert "addons/godot_live_mcp/plugin.cfg" in installed
    assert enabled is True, "the editor lists the addon as enabled"
    assert not problems, "\n".join(problems)


async def _settled(instance: EditorInstance) -> object:
    """Whether the plugin is enabled, once the editor's first scan is over."""
    async with connect_peer(instance.endpoint) as peer:
        with anyio.fail_after(SETTLED_WITHIN_S):
            while True:
                answer = await peer.request(
                    "editor.execute", {"code": SETTLED, "mode": "body"}, timeout_s=30.0
                )
                assert isinstance(answer, dict)
                assert answer["success"] is True, answer
                if answer["value"] is not None:
                    return answer["value"]
                await anyio.sleep(0.2)
