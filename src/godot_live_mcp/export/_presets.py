"""``export_presets.cfg`` read as Godot reads it (``_config_file``) and extended as text: sections
``[preset.N]`` and ``[preset.N.options]``. Existing text is kept byte for byte; values written are quoted
and escaped; a new file replaces the old at once."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.export._config_file import ConfigParseError, ConfigText, Value, parse_config, quoted
from godot_live_mcp.regular_files import read_regular_bytes, replace_text

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
_FILTERS_AND_PATH = ("include_filter", "exclude_filter", "export_path")


@dataclass
class Preset:
    index: int
    values: dict[str, Value] = field(default_factory=dict)
    options: dict[str, Value] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return _as_godot_string(self.values.get("name"))

    @property
    def platform(self) -> str:
        platform = _as_godot_string(self.values.get("platform"))
        return "Linux" if platform == "Linux/X11" else platform  # Godot's name before 4.3

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


def read_presets(project: Path) -> list[Preset]:
    path = project / PRESETS_FILE
    return parse_presets(read_regular_bytes(path, inside=project)) if path.is_file() else []


def parse_presets(data: bytes) -> list[Preset]:
    """The presets Godot loads from ``data``: ``preset.0``, ``preset.1``, ... up to the first gap, with
    their ``.options``; ``PARSE_ERROR`` where Godot's parser fails (the engine then loads none)."""
    sections = _parsed(data).sections
    presets: list[Preset] = []
    while f"preset.{len(presets)}" in sections:
        section = f"preset.{len(presets)}"
        presets.append(Preset(len(presets), sections[section], sections.get(section + ".options", {})))
    return presets


def _parsed(data: bytes) -> ConfigText:
    try:
        return parse_config(data)
    except ConfigParseError as error:
        raise ToolError(
            ErrorCode.PARSE_ERROR,
            f"{PRESETS_FILE} does not parse as Godot reads it ({error}); Godot would load no preset from it.",
            "Fix the file by hand (or in the editor's Export dialog), or delete it and create presets again.",
        ) from None


def render_preset(index: int, preset: NewPreset) -> str:
    """The two sections of a new preset (Godot fills every option left out with its default). No
    template path: Godot finds its templates by version in its standard folder on every machine."""
    lines = [
        f"[preset.{index}]",
        "",
        f"name={quoted(preset.name)}",
        f"platform={quoted(preset.platform)}",
        "runnable=true",
        "dedicated_server=false",
        'custom_features=""',
        'export_filter="all_resources"',
        f"include_filter={quoted(preset.include_filter)}",
        f"exclude_filter={quoted(preset.exclude_filter)}",
        f"export_path={quoted(preset.export_path)}",
        "",
        f"[preset.{index}.options]",
        "",
        'custom_template/debug=""',
        'custom_template/release=""',
        "",
    ]
    return "\n".join(lines)


def with_preset(text: str, preset: NewPreset, replace_index: int | None) -> str:
    """``text`` with ``preset`` added at the first free index, or in place of the preset ``replace_index``
    (Godot reads ``preset.0``, ``preset.1``, ... and stops at the first gap, so indexes stay dense)."""
    if replace_index is None:
        index = len(parse_presets(text.encode("utf-8")))
    else:
        index, text = replace_index, _without_preset(text, replace_index)
    joined = text.rstrip("\n") + "\n\n" if text.strip() else ""
    written = joined + render_preset(index, preset)
    _check_reads_back(written, index, preset)
    return written


def _check_reads_back(text: str, index: int, preset: NewPreset) -> None:
    """Refuse a file whose earlier text would swallow the new sections (a key left without '=')."""
    found = parse_presets(text.encode("utf-8"))
    read = found[index] if index < len(found) else None
    wanted = (preset.name, preset.include_filter, preset.exclude_filter, preset.export_path)
    if read is None or (read.name, *(read.text(key) for key in _FILTERS_AND_PATH)) != wanted:
        raise ToolError(
            ErrorCode.PARSE_ERROR,
            f"{PRESETS_FILE} ends in text that would swallow a new preset; Godot would not read it back.",
            "Fix the end of the file by hand (a key without '=' or an open bracket), then call again.",
        )


def _without_preset(text: str, index: int) -> str:
    """``text`` without the sections of preset ``index`` (each runs from its tag to the next tag)."""
    data = text.encode("utf-8")
    tags = _parsed(data).tags
    names = (f"preset.{index}", f"preset.{index}.options")
    kept, at = b"", 0
    for (name, start), end in zip(tags, [start for _, start in tags[1:]] + [len(data)], strict=True):
        if name in names:
            kept, at = kept + data[at:start], end
    return (kept + data[at:]).decode("utf-8")


def write_presets(project: Path, text: str) -> None:
    """Replace ``export_presets.cfg`` at once (a temporary file renamed over it)."""
    target = project / PRESETS_FILE
    try:
        replace_text(target, text)
    except OSError as error:
        raise ToolError(ErrorCode.WRITE_FAILED, f"Could not write {target}: {error}.") from None


def _as_godot_string(value: Value) -> str:
    """A name as Godot's String(Variant) has it, for the plain kinds; other kinds match no name."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str | int):
        return str(value)
    return "" if value is None else "\0(not a string)"
