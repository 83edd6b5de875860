"""``export_presets.cfg`` read and extended as text: sections ``[preset.N]`` and ``[preset.N.options]``
of Godot's ConfigFile format. Existing text is kept byte for byte; a new file replaces the old at once."""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.regular_files import read_regular_text

__all__ = [
    "PRESETS_FILE",
    "NewPreset",
    "Preset",
    "parse_presets",
    "read_presets",
    "render_preset",
    "with_preset",
    "write_presets",
]

PRESETS_FILE = "export_presets.cfg"
_SECTION = re.compile(r"^\[preset\.(\d+)(\.options)?\]\s*$")
_KEY_VALUE = re.compile(r"^([A-Za-z0-9_/.\-]+)\s*=\s*(.*)$")


@dataclass
class Preset:
    index: int
    values: dict[str, str | bool | int] = field(default_factory=dict)
    options: dict[str, str | bool | int] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return str(self.values.get("name", ""))

    @property
    def platform(self) -> str:
        return str(self.values.get("platform", ""))

    def text(self, key: str) -> str:
        value = self.values.get(key, "")
        return value if isinstance(value, str) else ""

    def option_text(self, key: str) -> str:
        value = self.options.get(key, "")
        return value if isinstance(value, str) else ""


@dataclass(frozen=True)
class NewPreset:
    name: str
    platform: str
    export_path: str
    include_filter: str = ""
    exclude_filter: str = ""
    debug_template: str = ""
    release_template: str = ""


def read_presets(project: Path) -> list[Preset]:
    path = project / PRESETS_FILE
    return parse_presets(read_regular_text(path, inside=project)) if path.is_file() else []


def parse_presets(text: str) -> list[Preset]:
    """The presets of ``text`` in index order; values are strings, booleans and integers (others raw)."""
    presets: dict[int, Preset] = {}
    target: dict[str, str | bool | int] | None = None
    for line in text.splitlines():
        section = _SECTION.match(line)
        if section:
            preset = presets.setdefault(int(section.group(1)), Preset(int(section.group(1))))
            target = preset.options if section.group(2) else preset.values
            continue
        if line.startswith("["):
            target = None
            continue
        pair = _KEY_VALUE.match(line)
        if pair and target is not None:
            target[pair.group(1)] = _value(pair.group(2).strip())
    return [presets[index] for index in sorted(presets)]


def render_preset(index: int, preset: NewPreset) -> str:
    """The two sections of a new preset (Godot fills every option left out with its default)."""
    lines = [
        f"[preset.{index}]",
        "",
        f"name={_quoted(preset.name)}",
        f"platform={_quoted(preset.platform)}",
        "runnable=true",
        "dedicated_server=false",
        'custom_features=""',
        'export_filter="all_resources"',
        f"include_filter={_quoted(preset.include_filter)}",
        f"exclude_filter={_quoted(preset.exclude_filter)}",
        f"export_path={_quoted(preset.export_path)}",
        "",
        f"[preset.{index}.options]",
        "",
        f"custom_template/debug={_quoted(preset.debug_template)}",
        f"custom_template/release={_quoted(preset.release_template)}",
        "",
    ]
    return "\n".join(lines)


def with_preset(text: str, preset: NewPreset, replace_index: int | None) -> str:
    """``text`` with ``preset`` added at the next index, or in place of the preset ``replace_index``
    (Godot reads ``preset.0``, ``preset.1``, ... and stops at the first gap, so indexes stay dense)."""
    if replace_index is None:
        taken = [preset.index for preset in parse_presets(text)]
        index = max(taken) + 1 if taken else 0
    else:
        index, text = replace_index, _without_preset(text, replace_index)
    joined = text.rstrip("\n") + "\n\n" if text.strip() else ""
    return joined + render_preset(index, preset)


def _without_preset(text: str, index: int) -> str:
    kept: list[str] = []
    skipping = False
    for line in text.splitlines():
        if line.startswith("["):
            section = _SECTION.match(line)
            skipping = section is not None and int(section.group(1)) == index
        if not skipping:
            kept.append(line)
    return "\n".join(kept) + "\n"


def write_presets(project: Path, text: str) -> None:
    """Replace ``export_presets.cfg`` at once (a temporary file renamed over it)."""
    target = project / PRESETS_FILE
    try:
        handle, temporary = tempfile.mkstemp(prefix=".export_presets.", dir=project)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, target)
    except OSError as error:
        raise ToolError(ErrorCode.WRITE_FAILED, f"Could not write {target}: {error}.") from None


def _value(raw: str) -> str | bool | int:
    if raw in ("true", "false"):
        return raw == "true"
    if re.fullmatch(r"-?\d+", raw):
        return int(raw)
    if len(raw) >= 2 and raw.startswith('"') and raw.endswith('"'):
        return raw[1:-1].replace('\\"', '"').replace("\\\\", "\\")
    return raw


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
