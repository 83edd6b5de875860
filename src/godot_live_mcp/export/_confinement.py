"""Where an export may write and what a preset may name, checked on the preset as Godot will read it,
just before the engine starts: a build goes inside the project (never into the addon, ``.godot``,
``.godot-live-mcp``, over ``project.godot`` or a secret file) or inside a folder a person listed in
``godot_live_mcp/export/output_folders``; every path is judged by where its links really lead."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.export._config_file import Value
from godot_live_mcp.export._presets import Preset
from godot_live_mcp.export._project_settings import project_setting
from godot_live_mcp.security.control_characters import first_control_character
from godot_live_mcp.security.secret_file_names import SecretNames, secret_names

__all__ = [
    "OUTPUT_FOLDERS_SETTING",
    "Reach",
    "build_files",
    "confined_output",
    "preset_paths_allowed",
    "reach",
]

OUTPUT_FOLDERS_SETTING = "godot_live_mcp/export/output_folders"
_PROTECTED_FOLDERS = ((".godot",), (".godot-live-mcp",), ("addons", "godot_live_mcp"))
_PROTECTED_FILES = ("project.godot", "export_presets.cfg", "override.cfg", ".mcp.json")
# What an export writes beside its output: the pack, Linux's console wrapper, Windows' console build.
_SIBLING_SUFFIXES = (".pck", ".sh", ".console.exe")
# Preset keys that hold no path Godot opens (filters are matched inside the project; the export path
# is replaced by the output the server passes on the command line).
_NOT_PATHS = ("name", "platform", "custom_features", "export_path", "export_filter")
_HINT = (
    "Export inside the project, e.g. output 'build/linux/game.x86_64', and copy the build after; a person "
    f"may list outside folders for builds in the project setting {OUTPUT_FOLDERS_SETTING} (absolute paths)."
)


@dataclass(frozen=True)
class Reach:
    """One project's real folder, the outside folders a person allowed, its secret names, and the
    template folders a preset may name."""

    project: Path
    person_folders: tuple[Path, ...]
    secrets: SecretNames
    template_folders: tuple[Path, ...]


def reach(project: Path, template_folders: tuple[Path, ...] = ()) -> Reach:
    listed = project_setting(project, OUTPUT_FOLDERS_SETTING)
    entries = listed.split(",") if isinstance(listed, str) else listed if isinstance(listed, list) else []
    folders = [Path(str(entry).strip()) for entry in entries]
    real = tuple(_real(folder) for folder in folders if folder.is_absolute() and folder.is_dir())
    return Reach(
        _real(project),
        tuple(folder for folder in real if folder != Path("/")),
        secret_names(project),
        tuple(_real(folder) for folder in template_folders if folder.is_dir()),
    )


def confined_output(where: Reach, given: str, what: str) -> Path:
    """The real path of the build file ``given`` names (relative to the project, res://, or absolute in
    a person's folder); ``PATH_DENIED`` for anywhere else, a link, or a protected or secret name."""
    _refuse_control(given, what)
    relative = Path(given.removeprefix("res://"))
    if ".." in relative.parts or not relative.name:
        raise _denied(f"{what} {given!r} steps outside the project with '..' or names no file.")
    target = relative if relative.is_absolute() else where.project / relative
    output = _real_folder(target.parent, given, what) / target.name
    if not _inside_allowed(where, output):
        raise _denied(f"{what} {given!r} is outside the project and the folders a person allowed for builds.")
    for path in build_files(output):
        _check_written(where, path, given, what)
    return output


def build_files(output: Path) -> Iterator[Path]:
    """The output and every file Godot may write beside it: the known siblings, and whatever already
    shares its stem (a web export writes ``<stem>.js``, ``<stem>.wasm``, ``<stem>.icon.png``, ...)."""
    yield output
    for suffix in _SIBLING_SUFFIXES:
        yield output.with_suffix(suffix)
    if output.parent.is_dir():
        yield from (path for path in output.parent.iterdir() if path.name.startswith(output.stem + "."))


def preset_paths_allowed(where: Reach, preset: Preset) -> None:
    """``PATH_DENIED`` when the preset names a path Godot would open outside the project, the template
    folders and a person's folders (a custom template is copied into the build), or a secret file."""
    for section, values in (("", preset.values), ("options/", preset.options)):
        for key, value in values.items():
            if key in _NOT_PATHS or key.endswith(("filter", "filters")):
                continue
            for text in _strings(value):
                _check_named_path(where, preset, section + key, text)


def _check_named_path(where: Reach, preset: Preset, key: str, text: str) -> None:
    if not (_looks_like_path(text) or _names_a_project_file(where, text)):
        return
    what = f"The preset {preset.name!r} ({key})"
    if first_control_character(text) is not None or text.startswith(("~", "user://")):
        raise _denied(f"{what} names {text!r}, a path outside the project.")
    relative = text.removeprefix("res://")
    path = Path(relative) if Path(relative).is_absolute() else where.project / relative
    real = _real(path)
    allowed = (where.project, *where.person_folders, *where.template_folders)
    if not any(real == folder or real.is_relative_to(folder) for folder in allowed):
        raise _denied(f"{what} names {text!r}, outside the project and the folders a person allowed.")
    pattern = where.secrets.pattern_for(str(real))
    if pattern is not None:
        raise _denied(f"{what} names {text!r}, a secret file by its name ({pattern}).")


def _looks_like_path(text: str) -> bool:
    return (
        text.startswith(("/", "~", "res://", "user://", "\\\\"))
        or "../" in text
        or "..\\" in text
        or (len(text) > 2 and text[1] == ":" and text[2] in "/\\")
    )


def _names_a_project_file(where: Reach, text: str) -> bool:
    """A relative path Godot opens from the project folder (its working directory for the export)."""
    try:
        return bool(text) and (where.project / text).is_file()
    except (OSError, ValueError):
        return False


def _strings(value: Value) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)


def _check_written(where: Reach, path: Path, given: str, what: str) -> None:
    if path.is_symlink():
        raise _denied(f"{what} {given!r}: {path.name} is a link; a build never writes through a link.")
    if path.exists() and not path.is_file():
        raise _denied(f"{what} {given!r}: {path.name} exists and is not a file.")
    pattern = where.secrets.pattern_for(path.name)
    if pattern is not None:
        raise _denied(f"{what} {given!r} would write {path.name}, a secret file by its name ({pattern}).")
    if path.is_relative_to(where.project):
        parts = path.relative_to(where.project).parts
        if any(parts[: len(folder)] == folder for folder in _PROTECTED_FOLDERS) or (
            len(parts) == 1 and parts[0] in _PROTECTED_FILES
        ):
            shown = "/".join(parts)
            raise _denied(f"{what} {given!r} would write into {shown}, which the tools never change.")


def _inside_allowed(where: Reach, output: Path) -> bool:
    folders = (where.project, *where.person_folders)
    return any(output.parent == folder or output.parent.is_relative_to(folder) for folder in folders)


def _real_folder(folder: Path, given: str, what: str) -> Path:
    """``folder`` with every link of its existing part resolved (the rest is plain names)."""
    existing, rest = folder, list[str]()
    while not existing.exists() and not existing.is_symlink() and existing != existing.parent:
        existing, rest = existing.parent, [existing.name, *rest]
    try:
        real = Path(os.path.realpath(existing, strict=True))
    except OSError:
        raise _denied(f"{what} {given!r} leads through a broken or looping link.") from None
    if not real.is_dir():
        raise _denied(f"{what} {given!r}: {existing} is not a folder.")
    return real.joinpath(*rest)


def _real(path: Path) -> Path:
    return Path(os.path.realpath(path))


def _refuse_control(text: str, what: str) -> None:
    at = first_control_character(text)
    if at is not None:
        raise ToolError(
            ErrorCode.INVALID_PARAMS,
            f"{what} {text!r} holds the control character U+{ord(text[at]):04X}.",
            "Paths are one line of plain text: pass it without line breaks or control characters.",
        )


def _denied(message: str) -> ToolError:
    return ToolError(ErrorCode.PATH_DENIED, message, _HINT)
