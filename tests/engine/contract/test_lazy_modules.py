"""The built-in command modules load on demand: the catalogue comes from their cached declarations
(dispatch/declaration_cache.gd), and a module loads on the first call of one of its commands."""

from __future__ import annotations

from pathlib import Path

import pytest
from mcp.client import Client

from godot_live_mcp.instances.registry_dir import REGISTRY_DIR_ENV
from tests.engine.authoring._helpers import call
from tests.engine.harness import EngineEditor, copy_demo_project, mcp_client, start_editor

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

ADDON = "res://addons/godot_live_mcp/"
CLASSDB_MODULE = ADDON + "commands/classdb/classdb_commands.gd"

# Registers the built-ins the lazy way (from the cache) and by loading every module as the reference,
# and names the commands whose catalogue entries differ.
SAME_CATALOGUE = f"""
var builtin = load("{ADDON}commands/builtin_commands.gd")
var registry_script = load("{ADDON}dispatch/command_registry.gd")
var declarations = load("{ADDON}dispatch/declarations.gd")
var lazy = registry_script.new()
builtin.register_all(lazy)
var eager = registry_script.new()
for path in builtin.MODULES:
	if path != builtin.RUNTIME_COMMANDS:
		declarations.register_module(eager, load(path))
		continue
	for runtime_module in load(path).MODULES:
		declarations.register_module(eager, runtime_module, null, true)
var lazy_entries = lazy.get_catalog()
var eager_entries = eager.get_catalog()
var differing = []
for index in range(mini(lazy_entries.size(), eager_entries.size())):
	if JSON.stringify(lazy_entries[index]) != JSON.stringify(eager_entries[index]):
		differing.append(lazy_entries[index]["name"])
return {{"lazy": lazy_entries.size(), "eager": eager_entries.size(), "differing": differing}}
"""

LOADED_MODULES = f"""
var loaded = []
for path in load("{ADDON}commands/builtin_commands.gd").MODULES:
	if ResourceLoader.has_cached(path):
		loaded.append(path.get_file())
return loaded
"""


async def test_the_catalogue_from_cached_declarations_equals_the_one_from_loading_every_module(
    tools: Client,
) -> None:
    compared = (await call(tools, "editor_execute", {"code": SAME_CATALOGUE}))["value"]
    assert compared["lazy"] == compared["eager"] > 200
    assert compared["differing"] == []


async def test_a_started_editor_loads_a_module_on_the_first_call_of_its_commands(
    engine_editor: EngineEditor, tmp_path: Path, editor_logs: list[Path]
) -> None:
    project = copy_demo_project(tmp_path / "project", test_extensions=False)
    env = {**engine_editor.env, REGISTRY_DIR_ENV: str(tmp_path / "registry")}
    with start_editor(project, env, tmp_path / "first.log", editor_logs) as first:
        await first.wait_ready(120)  # this start writes the declarations' cache
    with start_editor(project, env, tmp_path / "second.log", editor_logs) as second:
        instance = await second.wait_ready(120)
        registry = tmp_path / "registry"
        editor = EngineEditor(project, registry, second.log_path, env, second, instance, tmp_path)
        async with mcp_client(editor) as client:
            at_start = (await call(client, "editor_execute", {"code": LOADED_MODULES}))["value"]
            await call(client, "classdb_get_class", {"class_name": "Node2D"})
            after_call = (await call(client, "editor_execute", {"code": LOADED_MODULES}))["value"]
    # debug.state (the server reads it on connecting, bridge/debugger_pause.py) and this test's probe only.
    assert sorted(at_start) == ["debug_commands.gd", "editor_execute_commands.gd"], at_start
    assert sorted(after_call) == sorted([*at_start, "classdb_commands.gd"])
