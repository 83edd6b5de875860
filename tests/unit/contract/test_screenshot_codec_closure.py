"""The screenshot codec ships in exported games (the runtime's screenshots use it): its whole preload
closure must name no editor-only type, or the game's copy fails to parse."""

from __future__ import annotations

import re
from pathlib import Path

from godot_live_mcp.contract import addon_source_dir

PRELOAD = re.compile(r'preload\("res://addons/godot_live_mcp/([^"]+)"\)')
EDITOR_TYPE = re.compile(r"\bEditor[A-Z]\w*")
ROOTS = ("contract/screenshot_codec.gd", "contract/drawn_frame.gd")


def preload_closure(roots: tuple[str, ...]) -> set[str]:
    seen: set[str] = set()
    waiting = list(roots)
    while waiting:
        script = waiting.pop()
        if script not in seen:
            seen.add(script)
            waiting += PRELOAD.findall((addon_source_dir() / script).read_text("utf-8"))
    return seen


def code_lines(script: Path) -> list[str]:
    return [line.split("#", 1)[0] for line in script.read_text("utf-8").splitlines()]


def test_the_codec_closure_names_no_editor_type() -> None:
    closure = preload_closure(ROOTS)
    assert "core/toolkit_settings.gd" in closure, "the scan follows preloads"
    named = {
        script: sorted(
            {name for line in code_lines(addon_source_dir() / script) for name in EDITOR_TYPE.findall(line)}
        )
        for script in closure
    }
    assert not {script: names for script, names in named.items() if names}
