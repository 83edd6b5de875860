"""One export of the demo project as a new user makes it (export_create_preset with its defaults, then
export_run with a smoke run), shared by the export regressions: the registry watched while it ran, and
what the exported game itself saw of the toolkit, printed by a probe autoload from inside the game."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from godot_live_mcp.export._build import smoke_run
from godot_live_mcp.instances.registry import live_instances
from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from godot_live_mcp.server_tools import ServerContext, export, group_entries
from tests.engine.harness import EngineEditor, copy_demo_project
from tests.engine.project_tests._calls import call
from tests.regressions._registry_watch import files_created

SEEN = "SEEN_BY_GAME "
UID_ENV = "SEEN_BY_GAME_UID"
# The probe, and the runtime autoload as the editor that loaded the plugin leaves a project.
_AUTOLOADS = (
    'SeenByGame="*res://seen_by_game.gd"\n'
    'MCPRuntimeServer="*res://addons/godot_live_mcp/runtime/mcp_runtime_server.gd"'
)
_PROBE = """extends Node
## What the exported game sees of the toolkit, printed as one line.


func _ready() -> void:
	var classes: Array[String] = []
	for entry: Dictionary in ProjectSettings.get_global_class_list():
		classes.append("%s %s" % [entry["class"], entry["path"]])
	var settings: Array[String] = []
	for property: Dictionary in ProjectSettings.get_property_list():
		var name: String = str(property["name"])
		if name.begins_with("autoload/") or name.begins_with("editor_plugins/"):
			settings.append("%s=%s" % [name, ProjectSettings.get_setting(name)])
	var addons: PackedStringArray = PackedStringArray()
	if DirAccess.dir_exists_absolute("res://addons"):
		addons = DirAccess.get_directories_at("res://addons")
	var uid: String = OS.get_environment("SEEN_BY_GAME_UID")
	var seen: Dictionary = {
		"addons": Array(addons),
		"classes": classes,
		"settings": settings,
		"toolkit_uid_known": ResourceUID.has_id(ResourceUID.text_to_id(uid)),
	}
	print("SEEN_BY_GAME " + JSON.stringify(seen))
"""


@dataclass(frozen=True)
class ExportedDemo:
    project: Path
    preset: dict[str, Any]
    result: dict[str, Any]
    pack: Path
    registry_files_created: list[str]
    live_editors_after: int
    seen: dict[str, Any]


async def export_demo(workspace: Path, editor: EngineEditor, monkeypatch: pytest.MonkeyPatch) -> ExportedDemo:
    project = copy_demo_project(workspace / "exported_demo")
    (project / "seen_by_game.gd").write_text(_PROBE)
    settings = project / "project.godot"
    settings.write_text(settings.read_text().replace("[autoload]\n", f"[autoload]\n\n{_AUTOLOADS}\n", 1))
    tools = group_entries(export.GROUP, ServerContext(lambda: project))
    created = await call(tools, "export_create_preset", {"name": "Linux"})
    monkeypatch.setenv(REGISTRY_DIR_ENV, str(editor.registry))  # the session editor's registry
    with files_created(editor.registry) as registry_files:
        result = await call(tools, "export_run", {"preset": "Linux", "smoke_run": True})
    live = len(live_instances(editor.registry))
    uid = (project / "addons" / "godot_live_mcp" / "plugin.gd.uid").read_text().strip()
    monkeypatch.setenv(UID_ENV, uid)
    output = Path(result["output"])
    run = await smoke_run([str(output)], output.parent, 10, project)
    line = next(line for line in run.lines if line.startswith(SEEN))
    seen = json.loads(line.removeprefix(SEEN))
    return ExportedDemo(
        project, created["preset"], result, output.with_suffix(".pck"), registry_files, live, seen
    )
