"""The example project's files exist and point at each other consistently.

Engine tests copy ``examples/demo_project`` and open it in a real editor; these checks catch a broken
reference or a drifted setting in milliseconds, before any editor starts.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DEMO = Path(__file__).resolve().parents[2] / "examples" / "demo_project"
KEY_LEFT, KEY_RIGHT, KEY_SPACE, KEY_A, KEY_D = 4194319, 4194321, 32, 65, 68
WARNING_IS_ERROR = "2"

_RES_PATH = re.compile(r'res://[^"\s)]+')
_SETTING = re.compile(r"^([A-Za-z_][\w/.]*)=(.*)$")
_UID_ATTR = re.compile(r'\buid="(uid://\w+)"')

# The demo level's nodes below its root, in tree order; engine tests rely on these paths.
LEVEL_NODE_PATHS = [
    "Player",
    "Player/Sprite2D",
    "Player/CollisionShape2D",
    "Ground",
    "Ground/CollisionShape2D",
    "Ground/Polygon2D",
    "Coin1",
    "Coin2",
    "Camera2D",
    "HUD",
    "HUD/ScoreLabel",
]


def _settings() -> dict[str, str]:
    """``project.godot`` as ``section/key -> raw value``; multi-line values are joined."""
    settings: dict[str, str] = {}
    section = ""
    last_key = ""
    for line in (DEMO / "project.godot").read_text(encoding="utf-8").splitlines():
        if line.startswith(";") or not line.strip():
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            settings[section] = ""
            continue
        match = _SETTING.match(line)
        if match:
            last_key = f"{section}/{match[1]}" if section else match[1]
            settings[last_key] = match[2]
        else:
            settings[last_key] += "\n" + line
    return settings


def _files(*patterns: str) -> list[Path]:
    """Project files matching ``patterns``, leaving out the editor's ``.godot`` cache."""
    found = {path for pattern in patterns for path in DEMO.rglob(pattern)}
    return sorted(path for path in found if ".godot" not in path.relative_to(DEMO).parts)


def _text_resources() -> list[Path]:
    return [*_files("*.tscn", "*.tres"), DEMO / "project.godot"]


def _named_res_paths(resource: Path) -> list[str]:
    text = resource.read_text(encoding="utf-8")
    if resource.name == "project.godot":
        # Warning rules name folders (`res://addons`) that a project need not have.
        text = "\n".join(v for k, v in _settings().items() if k != "debug/gdscript/warnings/directory_rules")
    return _RES_PATH.findall(text)


def _on_disk(res_path: str) -> Path:
    return DEMO / res_path.removeprefix("res://")


def _own_uid(path: Path) -> str | None:
    """The uid the editor knows ``path`` by: a scene/resource header, a ``.uid`` or ``.import`` file."""
    if path.suffix in {".tscn", ".tres"}:
        match = _UID_ATTR.search(path.read_text(encoding="utf-8").splitlines()[0])
    elif path.with_name(path.name + ".import").exists():
        match = _UID_ATTR.search(path.with_name(path.name + ".import").read_text(encoding="utf-8"))
    elif path.with_name(path.name + ".uid").exists():
        return path.with_name(path.name + ".uid").read_text(encoding="utf-8").strip()
    else:
        return None
    return match[1] if match else None


def _node_paths(scene: Path) -> list[str]:
    paths: list[str] = []
    for line in scene.read_text(encoding="utf-8").splitlines():
        node = re.match(r'\[node name="([^"]+)"(?: type="\w+")?(?: parent="([^"]+)")?', line)
        if node and node[2] is not None:
            paths.append(node[1] if node[2] == "." else f"{node[2]}/{node[1]}")
    return paths


def test_project_is_a_godot_4_project_named_demo_platformer() -> None:
    settings = _settings()
    assert settings["config_version"] == "5"
    assert settings["application/config/name"] == '"Demo Platformer"'
    assert settings["application/config/features"].startswith('PackedStringArray("4.')


def test_main_scene_and_icon_exist() -> None:
    settings = _settings()
    assert settings["application/run/main_scene"] == '"res://scenes/level.tscn"'
    assert _on_disk(settings["application/config/icon"].strip('"')).is_file()


@pytest.mark.parametrize("resource", _text_resources(), ids=lambda p: str(p.relative_to(DEMO)))
def test_every_res_path_named_in_a_text_resource_exists(resource: Path) -> None:
    missing = [path for path in _named_res_paths(resource) if not _on_disk(path).exists()]
    assert missing == []


@pytest.mark.parametrize("resource", _text_resources(), ids=lambda p: str(p.relative_to(DEMO)))
def test_every_ext_resource_uid_matches_its_target(resource: Path) -> None:
    for line in resource.read_text(encoding="utf-8").splitlines():
        uid, path = _UID_ATTR.search(line), re.search(r'\bpath="(res://[^"]+)"', line)
        if line.startswith("[ext_resource") and uid and path:
            assert _own_uid(_on_disk(path[1])) == uid[1], line


def test_every_script_and_imported_asset_has_its_editor_sidecar() -> None:
    for script in _files("*.gd"):
        assert script.with_name(script.name + ".uid").is_file(), script
    for asset in _files("*.png", "*.svg"):
        assert asset.with_name(asset.name + ".import").is_file(), asset


@pytest.mark.parametrize(
    ("action", "keys"),
    [("move_left", [KEY_LEFT, KEY_A]), ("move_right", [KEY_RIGHT, KEY_D]), ("jump", [KEY_SPACE])],
)
def test_input_action_is_bound_to_its_physical_keys(action: str, keys: list[int]) -> None:
    value = _settings()[f"input/{action}"]
    assert [int(k) for k in re.findall(r'"physical_keycode":(\d+)', value)] == keys


def test_game_state_autoload_is_declared_with_a_score_signal() -> None:
    assert _settings()["autoload/GameState"] == '"*res://autoload/game_state.gd"'
    script = (DEMO / "autoload" / "game_state.gd").read_text(encoding="utf-8")
    assert "signal score_changed(new_score: int)" in script


def test_typing_warnings_are_errors_in_addons_too() -> None:
    settings = _settings()
    assert settings["debug/gdscript/warnings/untyped_declaration"] == WARNING_IS_ERROR
    assert settings["debug/gdscript/warnings/inference_on_variant"] == WARNING_IS_ERROR
    # Godot 4.6 replaced `exclude_addons=false` with this rule; 1 means "include".
    assert re.search(r'"res://addons":\s*1\b', settings["debug/gdscript/warnings/directory_rules"])


def test_no_editor_plugin_is_enabled_before_the_toolkit_installs_one() -> None:
    assert "editor_plugins" not in _settings()


def test_level_scene_has_the_node_paths_the_engine_tests_use() -> None:
    assert _node_paths(DEMO / "scenes" / "level.tscn") == LEVEL_NODE_PATHS


@pytest.mark.parametrize(
    ("scene", "script"),
    [("scenes/level.tscn", "scripts/level.gd"), ("scenes/coin.tscn", "scripts/coin.gd")],
)
def test_scene_connections_target_methods_of_the_root_script(scene: str, script: str) -> None:
    methods = re.findall(r'^\[connection .*\bto="\." method="(\w+)"', (DEMO / scene).read_text("utf-8"), re.M)
    source = (DEMO / script).read_text(encoding="utf-8")
    assert methods
    for method in methods:
        assert re.search(rf"^func {method}\(", source, re.M), method
