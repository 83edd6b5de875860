"""One setting of ``project.godot`` as Godot reads it (``[section]`` plus ``key`` is the setting
``section/key``; keys before any section have no prefix). A file that does not parse has none."""

from __future__ import annotations

from pathlib import Path

from godot_live_mcp.export._config_file import ConfigParseError, Value, parse_config
from godot_live_mcp.regular_files import LARGE_CAP, read_regular_bytes

__all__ = ["project_setting"]


def project_setting(project: Path, name: str) -> Value:
    try:
        data = read_regular_bytes(project / "project.godot", inside=project, cap=LARGE_CAP)
        sections = parse_config(data).sections
    except (OSError, ConfigParseError):
        return None
    section, _, key = name.partition("/")
    return sections.get(section, {}).get(key, sections.get("", {}).get(name))
