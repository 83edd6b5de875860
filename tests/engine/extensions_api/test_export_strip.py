"""A real export of the demo project (addon enabled, extensions in several places, .mcp.json) to a
.zip pack, once with scripts as text and once as binary tokens, and what the pack holds.

A pack export needs no export templates (only a binary export does), so this runs on any editor."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

from godot_live_mcp.godot.locator import find_godot
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from tests.engine.harness import copy_demo_project

pytestmark = [pytest.mark.engine]

EXPORT_TIMEOUT_S = 240
ADDON = "addons/godot_live_mcp/"
EXTENSIONS = [
    "tools/stats_tools.gd",
    "addons/extapi_pack/pack_tools.gd",
    "mcp_test_extensions/mcp_test_tools.gd",
]
EXTENSION_SOURCE = """@tool
class_name {name}
extends MCPToolkitExtension


func register(registry: MCPToolkitCommandRegistry, _server: Node) -> void:
	registry.add("{space}.ping", _ping, MCPToolkitExtensionOptions.new("Ping.").mark_read_only())


func _ping(_params: Dictionary) -> Dictionary:
	return MCPToolkitSuccess.ok()
"""
PRESET = """[preset.{index}]

name="{name}"
platform="Linux"
runnable={runnable}
dedicated_server=false
custom_features=""
export_filter="all_resources"
include_filter="*.json"
exclude_filter=""
export_path=""
script_export_mode={mode}

[preset.{index}.options]

binary_format/embed_pck=false
binary_format/architecture="x86_64"
"""


@dataclass(frozen=True)
class Export:
    files: frozenset[str]
    project_settings: bytes
    output: str


def prepare(project: Path) -> None:
    (project / "tools").mkdir()
    (project / "tools/stats_tools.gd").write_text(EXTENSION_SOURCE.format(name="ExtApiStats", space="stats"))
    (project / "addons/extapi_pack").mkdir()
    (project / "addons/extapi_pack/pack_tools.gd").write_text(
        EXTENSION_SOURCE.format(name="ExtApiPack", space="pack")
    )
    settings = project / "project.godot"  # as an editor that loaded the plugin leaves it
    autoload = 'MCPRuntimeServer="*res://addons/godot_live_mcp/runtime/mcp_runtime_server.gd"'
    settings.write_text(settings.read_text().replace("[autoload]\n", f"[autoload]\n\n{autoload}\n", 1))
    (project / ".mcp.json").write_text('{"mcpServers": {}}\n')
    (project / "data.json").write_text("{}\n")
    presets = [PRESET.format(index=0, name="Text", runnable="true", mode=0)]
    presets.append(PRESET.format(index=1, name="Binary", runnable="false", mode=2))
    (project / "export_presets.cfg").write_text("\n".join(presets))


def export(project: Path, preset: str, out: Path, registry: Path) -> Export:
    godot = find_godot().path
    done = subprocess.run(
        [
            str(godot),
            "--headless",
            "--audio-driver",
            "Dummy",
            "--path",
            str(project),
            "--export-pack",
            preset,
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=EXPORT_TIMEOUT_S,
        env={**os.environ, REGISTRY_DIR_ENV: str(registry)},
        check=False,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-3000:]
    assert out.is_file(), output[-3000:]
    error = re.search(r"SCRIPT ERROR|Parse Error", output)
    assert error is None, output[error.start() : error.start() + 2000]
    with zipfile.ZipFile(out) as pack:
        return Export(frozenset(pack.namelist()), pack.read("project.binary"), output)


@pytest.fixture(scope="module")
def exports(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Export, Export]:
    workspace = tmp_path_factory.mktemp("export")
    project = copy_demo_project(workspace / "project")
    prepare(project)
    shutil.copy(project / "project.godot", workspace / "project.godot.before")
    text = export(project, "Text", workspace / "text.zip", workspace / "registry")
    binary = export(project, "Binary", workspace / "binary.zip", workspace / "registry")
    return project, text, binary


def test_a_text_export_leaves_out_the_toolkit_and_every_extension(
    exports: tuple[Path, Export, Export],
) -> None:
    _, text, _ = exports
    assert not [name for name in text.files if name.startswith(ADDON)]
    for script in EXTENSIONS:
        assert script not in text.files, script
        assert f"{script}.remap" not in text.files, script
    assert ".mcp.json" not in text.files
    assert {"scripts/player.gd", "autoload/game_state.gd", "data.json", "project.binary"} <= text.files


def test_the_export_drops_the_runtime_autoload_and_leaves_project_godot_alone(
    exports: tuple[Path, Export, Export],
) -> None:
    project, text, binary = exports
    for pack in (text, binary):
        assert b"MCPRuntimeServer" not in pack.project_settings
        assert b"GameState" in pack.project_settings
    # An export is a helper process: its editor writes nothing into the project (no autoload healed).
    before = (project.parent / "project.godot.before").read_bytes()
    assert (project / "project.godot").read_bytes() == before


def test_a_binary_token_export_strips_what_it_can_and_warns_naming_the_rest(
    exports: tuple[Path, Export, Export],
) -> None:
    _, _, binary = exports
    addon_files = sorted(name for name in binary.files if name.startswith(ADDON))
    # The engine compiles scripts before any export plugin runs: they ship as .gdc (with their .remap).
    assert addon_files
    assert all(name.endswith((".gdc", ".gd.remap")) for name in addon_files)
    assert f"{ADDON}plugin.cfg" not in binary.files
    assert f"{ADDON}contract/contract.json" not in binary.files
    assert ".mcp.json" not in binary.files
    warning = next(line for line in binary.output.splitlines() if "binary tokens" in line)
    assert f"res://{ADDON}" in warning
    for script in EXTENSIONS:
        assert f"res://{script}" in warning, script
