"""The candidate filter over the global class list, run in the real editor on made-up class entries:
GDScript classes whose immediate base is MCPToolkitExtension, C# classes named MCPToolkit* (the engine
here has no .NET, so C# is tested as a filter only), and the places never searched."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.engine.extensions_api._session import Plot, Session

pytestmark = [pytest.mark.engine, pytest.mark.anyio]

CANDIDATES = 'preload("res://addons/godot_live_mcp/extensions/extension_candidates.gd")'
EXPORT_STRIP = 'preload("res://addons/godot_live_mcp/core/export_strip.gd")'


def entry(name: str, base: str, path: str, language: str = "GDScript") -> dict[str, str]:
    return {"class": name, "base": base, "path": path, "language": language, "icon": ""}


async def run(live: Session, code: str) -> Any:
    return (await live.call("editor_execute", {"code": code, "mode": "body"}))["value"]


async def test_the_filter_keeps_direct_gdscript_subclasses_and_prefixed_csharp_classes(
    plot: Plot, live: Session
) -> None:
    plot.plant("ignored/.gdignore", "")
    entries = [
        entry("Direct", "MCPToolkitExtension", "res://tools/direct.gd"),
        entry("Grandchild", "Direct", "res://tools/grandchild.gd"),
        entry("Plain", "RefCounted", "res://tools/plain.gd"),
        entry("MCPToolkitDialogue", "RefCounted", "res://tools/MCPToolkitDialogue.cs", "C#"),
        entry("DialogueTools", "RefCounted", "res://tools/DialogueTools.cs", "C#"),
        entry("MCPToolkitLookalike", "RefCounted", "res://tools/lookalike.gd"),
        entry("InToolkit", "MCPToolkitExtension", "res://addons/godot_live_mcp/x.gd"),
        entry("Ignored", "MCPToolkitExtension", f"{plot.res}/ignored/deep/x.gd"),
        entry("InEnabledAddon", "MCPToolkitExtension", "res://addons/enabled_one/x.gd"),
        entry("ContentAddon", "MCPToolkitExtension", "res://addons/content_only/x.gd"),
    ]
    # A disabled addon has a plugin.cfg the project does not enable (extapi_off, made for the check);
    # enabled_one counts as enabled; content_only has no plugin.cfg at all.
    code = f"""
var list: Array[Dictionary] = []
for item: Dictionary in {json.dumps(entries)}:
	list.append(item)
var addon_entry: Dictionary = {json.dumps(entry("InDisabledAddon", "MCPToolkitExtension", "res://addons/extapi_off/x.gd"))}
list.append(addon_entry)
DirAccess.make_dir_recursive_absolute("res://addons/extapi_off")
FileAccess.open("res://addons/extapi_off/plugin.cfg", FileAccess.WRITE).store_string("[plugin]\\n")
var enabled: PackedStringArray = ["res://addons/enabled_one/plugin.cfg"]
var kept: Array = []
for found: Dictionary in {CANDIDATES}.select(list, enabled):
	kept.append(found["class"])
DirAccess.remove_absolute("res://addons/extapi_off/plugin.cfg")
DirAccess.remove_absolute("res://addons/extapi_off")
return kept
"""
    kept = await run(live, code)
    assert kept == ["ContentAddon", "Direct", "InEnabledAddon", "MCPToolkitDialogue"]


async def test_the_export_plugin_leaves_out_the_toolkit_extensions_and_mcp_json(live: Session) -> None:
    code = f"""
var strip: Script = {EXPORT_STRIP}
var classes: Array[Dictionary] = [
	{{"class": "A", "base": "MCPToolkitExtension", "path": "res://tools/a.gd", "language": "GDScript"}},
	{{"class": "B", "base": "A", "path": "res://tools/b.gd", "language": "GDScript"}},
	{{"class": "MCPToolkitC", "base": "RefCounted", "path": "res://tools/MCPToolkitC.cs", "language": "C#"}},
]
var extensions: PackedStringArray = strip.extension_scripts(classes)
var verdicts: Dictionary = {{}}
for path: String in ["res://.mcp.json", "res://addons/godot_live_mcp/plugin.cfg", "res://tools/a.gd",
		"res://tools/b.gd", "res://tools/MCPToolkitC.cs", "res://scripts/player.gd", "res://mcp.json"]:
	verdicts[path] = strip.strips(path, extensions)
return verdicts
"""
    assert await run(live, code) == {
        "res://.mcp.json": True,
        "res://addons/godot_live_mcp/plugin.cfg": True,
        "res://tools/a.gd": True,
        "res://tools/b.gd": False,
        "res://tools/MCPToolkitC.cs": False,  # C# compiles into the assembly: not removable per class
        "res://scripts/player.gd": False,
        "res://mcp.json": False,
    }
