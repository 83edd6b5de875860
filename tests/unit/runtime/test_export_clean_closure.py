"""The runtime server ships inside games: nothing it loads may name an editor-only class.

GDScript resolves names when it parses, before any runtime guard, so one `EditorInterface` anywhere
in the closure would break every exported game. The engine test runs the closure for real; this
check names the file and the identifier when it breaks.
"""

from __future__ import annotations

import re
from pathlib import Path

from godot_live_mcp.contract import addon_source_dir

ADDON = addon_source_dir()
SERVER = ADDON / "runtime" / "mcp_runtime_server.gd"
RES_PATH = re.compile(r'"res://addons/godot_live_mcp/([^"]+\.gd)"')
CLASS_NAME = re.compile(r"^class_name\s+(\w+)", re.MULTILINE)
EDITOR_NAME = re.compile(r"\bEditor[A-Z]\w*")
STRING = re.compile(r'"(?:[^"\\]|\\.)*"' + r"|'(?:[^'\\]|\\.)*'")


def global_classes() -> dict[str, Path]:
    found = {}
    for script in ADDON.rglob("*.gd"):
        match = CLASS_NAME.search(script.read_text("utf-8"))
        if match:
            found[match.group(1)] = script
    return found


def code_of(script: Path) -> str:
    """The script without comments and string contents (a mention in a message is harmless)."""
    lines = [STRING.sub('""', line).split("#", 1)[0] for line in script.read_text("utf-8").splitlines()]
    return "\n".join(lines)


def closure(start: Path) -> set[Path]:
    classes = global_classes()
    seen: set[Path] = set()
    waiting = [start]
    while waiting:
        script = waiting.pop()
        if script in seen:
            continue
        seen.add(script)
        text = script.read_text("utf-8")
        waiting.extend(ADDON / relative for relative in RES_PATH.findall(text))
        waiting.extend(path for name, path in classes.items() if re.search(rf"\b{name}\b", code_of(script)))
    return seen


def test_the_closure_reaches_the_shared_transport_and_every_runtime_module() -> None:
    names = {path.relative_to(ADDON).as_posix() for path in closure(SERVER)}
    assert {"transport/ws_transport.gd", "transport/port_config.gd", "transport/auth_token.gd"} <= names
    assert "instances/instance_registry.gd" in names
    assert "dispatch/command_registry.gd" in names
    runtime_modules = {path.relative_to(ADDON).as_posix() for path in (ADDON / "runtime").rglob("*.gd")}
    assert runtime_modules <= names


def test_no_script_the_runtime_server_loads_names_an_editor_class() -> None:
    offenders = {
        path.relative_to(ADDON).as_posix(): sorted(set(EDITOR_NAME.findall(code_of(path))))
        for path in closure(SERVER)
    }
    assert {path: names for path, names in offenders.items() if names} == {}
