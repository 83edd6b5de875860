"""The server reads export_presets.cfg as Godot does: each file below is loaded by the engine's own
ConfigFile and by the server's parser, and both must see the same sections, keys and values (or both
fail). The server refuses what Godot would garble rather than guess."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from godot_live_mcp.export._config_file import ConfigParseError, Construct, Value, parse_config
from godot_live_mcp.godot.locator import find_godot

pytestmark = [pytest.mark.engine]

# Each value as a plain JSON value: strings, booleans and integers themselves, other kinds by kind.
_READER = """extends SceneTree


func _init() -> void:
	var out: Dictionary = {}
	for path: String in OS.get_cmdline_user_args():
		var config := ConfigFile.new()
		if config.load(path) != OK:
			out[path.get_file()] = "error"
			continue
		var sections: Dictionary = {}
		for section: String in config.get_sections():
			var keys: Dictionary = {}
			for key: String in config.get_section_keys(section):
				keys[key] = _plain(config.get_value(section, key))
			sections[section] = keys
		out[path.get_file()] = sections
	print("CONFIG:" + JSON.stringify(out))
	quit()


func _plain(value: Variant) -> Variant:
	if value is String or value is bool or value is int:
		return value
	if value is StringName or value is NodePath:
		return str(value)
	if value is Array or value is PackedStringArray:
		return "list"
	if value is Dictionary:
		return "dictionary"
	if value is float:
		return "float"
	return "other"
"""

FILES = {
    "injected.cfg": (
        '[preset.0]\n\nname="Linux"\nplatform="Linux"\n'
        'include_filter="*.json\n[preset.1]\nexport_path=../outside/victim.sh\n[x"\nexport_path="build/a"\n'
    ),
    "anywhere.cfg": (
        'x=1[preset.0]  name = "a\\"b;c" ; a comment\nexport path="q" "quoted key"=5\n[ preset.1 ]\nk=null\n'
        '[preset.2]\nv=PackedStringArray("a", "b",)\nw=[1,2,]\nd={"a": Vector2(1, 2), "b": [ "]" ]}\n'
        'z=true;x\nnp=NodePath("/root/.ssh/id_rsa")\n'
    ),
    "escapes.cfg": '[a\\]b]\nk="tab\\there \\u0041 \\"q\\" \\\\ end"\nn=-12 m=1.5e3 c=#ff00ff\n',
    "erased.cfg": '[preset.0]\nname="A"\nname=null\n[preset.1]\nname="B"\nexport_path=&"sn"\n',
    "comment_in_key.cfg": '[s]\nab;cd=1\nef=2\n[t]\nmulti="one\ntwo\n[three]"\n',
    "unknown_identifier.cfg": "[s]\nk=unknown\n",
    "unterminated.cfg": '[s]\nk="open\n[preset.0]\nname="x"\n',
    "empty_section.cfg": '[preset.0]\n[preset.0.options]\nk="v"\n[preset.1]\nname=1\n',
}


def _plain(value: Value) -> object:
    if isinstance(value, str | bool | int):
        return value
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "dictionary"
    if isinstance(value, float):
        return "float"
    assert isinstance(value, Construct)
    return "other"


def _server_reading(data: bytes) -> object:
    try:
        sections = parse_config(data).sections
    except ConfigParseError:
        return "error"
    return {name: {key: _plain(value) for key, value in keys.items()} for name, keys in sections.items()}


def _godot_reading(folder: Path, names: list[str]) -> dict[str, object]:
    reader = folder / "read_config.gd"
    reader.write_text(_READER)
    godot = str(find_godot().path)
    paths = [str(folder / name) for name in names]
    run = subprocess.run(
        [godot, "--headless", "--script", str(reader), "--", *paths],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    [line] = [line for line in run.stdout.splitlines() if line.startswith("CONFIG:")]
    found: dict[str, object] = json.loads(line.removeprefix("CONFIG:"))
    return found


def test_the_server_and_godot_read_the_same_sections_and_values(tmp_path: Path) -> None:
    for name, text in FILES.items():
        (tmp_path / name).write_text(text)
    godot = _godot_reading(tmp_path, list(FILES))
    for name in FILES:
        assert _server_reading((tmp_path / name).read_bytes()) == godot[name], name
    injected = godot["injected.cfg"]
    assert isinstance(injected, dict)
    assert list(injected) == ["preset.0"]


def test_a_string_godot_would_garble_is_refused(tmp_path: Path) -> None:
    garbled = {"latin1.cfg": b'[s]\nk="\xe9t\xe9"\n', "escaped.cfg": b'[s]\nk="\\u00e9\\u0100"\n'}
    for name, data in garbled.items():
        (tmp_path / name).write_bytes(data)
        assert _server_reading(data) == "error"
    godot = _godot_reading(tmp_path, list(garbled))
    assert all(reading != "error" for reading in godot.values())  # Godot loads them, mangled
