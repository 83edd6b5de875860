"""``export_list_presets``, ``export_create_preset`` and ``export_run``, in the server: presets are a
file (``export_presets.cfg``) and an export is a separate headless Godot, so no editor state is needed.
An open editor reads the presets file only when it starts (docs/project-tests-and-export.md)."""

from __future__ import annotations

from pathlib import Path

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.contract import ErrorCode, ToolError
from godot_live_mcp.export._build import changed_files, folder_state, main_scene_stem, smoke_result, smoke_run
from godot_live_mcp.export._confinement import Reach, confined_output, preset_paths_allowed, reach
from godot_live_mcp.export._presets import (
    PRESETS_FILE,
    NewPreset,
    Preset,
    read_presets,
    with_preset,
    write_presets,
)
from godot_live_mcp.export._shipped import refuse_shipped_secrets, shipped_files
from godot_live_mcp.export._templates import debian_templates, require_template, standard_template
from godot_live_mcp.godot.locator import find_godot, godot_version
from godot_live_mcp.project_tests._process import run_godot
from godot_live_mcp.regular_files import read_regular_text
from godot_live_mcp.security.control_characters import refuse_control_characters
from godot_live_mcp.security.extension_consent import find_extensions
from godot_live_mcp.server_tools._paging import page, page_args
from godot_live_mcp.server_tools._spec import ServerCall, ServerGroup, ToolSpec

__all__ = ["GROUP"]

# The toolkit stays out of builds even in the binary-token script modes (core/export_strip.gd), where
# only the exclude filter keeps a script out; with the extension scripts there now (_toolkit_excludes).
_TOOLKIT_EXCLUDES = ("res://addons/godot_live_mcp/*", "res://.mcp.json")
_EDITOR_NOTE = (
    "An open Godot editor reads export_presets.cfg only when it starts: reopen the project before editing "
    "presets in its Export dialog, or the dialog's save overwrites this change."
)
_PRESET_TEXT = ("name", "platform", "export_path", "include_filter", "exclude_filter", "if_exists")
_MAX_WARNINGS = 10
_WARNING_CHARS = 1200
_MODE_FLAGS = {"release": "--export-release", "debug": "--export-debug", "pack": "--export-pack"}
_MAX_EXPORT_S = 1800
_PLATFORMS = "Linux|Windows Desktop|macOS|Web|Android|iOS"
_PRESET = "object: index, name, platform, export_path, filters, templates."


async def _list_presets(call: ServerCall) -> JsonObject:
    listed: list[JsonValue] = [_describe(preset) for preset in read_presets(call.project())]
    return page("presets", listed, call.arguments, 50)


async def _create_preset(call: ServerCall) -> JsonObject:
    project, arguments = call.project(), call.arguments
    refuse_control_characters(call.name, arguments, _PRESET_TEXT)
    name = str(arguments["name"])
    platform = str(arguments.get("platform", "Linux"))
    existing = next((preset for preset in read_presets(project) if preset.name == name), None)
    policy = arguments.get("if_exists", "return")
    if existing is not None and policy == "return":
        return {"preset": _describe(existing), "status": "returned", "replaced": False}
    if existing is not None and policy == "fail":
        raise ToolError(
            ErrorCode.ALREADY_EXISTS,
            f"A preset named {name!r} exists (index {existing.index}).",
            "Pass if_exists='replace' to overwrite it, or choose another name.",
        )
    excludes = [str(arguments.get("exclude_filter", "")).strip(), *_toolkit_excludes(project)]
    export_path = str(arguments.get("export_path") or _default_path(name, platform))
    confined_output(reach(project), export_path, "export_path")
    preset = NewPreset(
        name=name,
        platform=platform,
        export_path=export_path.removeprefix("res://"),
        include_filter=str(arguments.get("include_filter", "")),
        exclude_filter=", ".join(part for part in excludes if part),
    )
    path = project / PRESETS_FILE
    text = read_regular_text(path, inside=project) if path.is_file() else ""
    write_presets(project, with_preset(text, preset, existing.index if existing else None))
    created = next(p for p in read_presets(project) if p.name == name)
    status = "replaced" if existing else "created"
    return {
        "preset": _describe(created),
        "status": status,
        "replaced": existing is not None,
        "note": _EDITOR_NOTE,
    }


async def _run_export(call: ServerCall) -> JsonObject:
    project, arguments = call.project(), call.arguments
    refuse_control_characters(call.name, arguments, ("preset", "output"))
    mode = str(arguments.get("mode", "release"))
    godot = find_godot().path
    preset, where, output = _checked(project, godot, mode, arguments)
    before = folder_state(output.parent)
    command = [str(godot), "--headless", "--path", str(project), _MODE_FLAGS[mode], preset.name, str(output)]
    limit_s = min(float(call.integer("timeout_s", 600)), call.timeout_s)
    run = await run_godot(
        command,
        cwd=project,
        timeout_s=limit_s,
        what=f"export {preset.name}",
        on_progress=call.listeners.on_progress,
    )
    if run.returncode != 0 or not output.is_file():
        raise ToolError(
            ErrorCode.EXPORT_FAILED,
            f"Exporting {preset.name!r} failed (exit {run.returncode}). Last output:\n{run.tail()}",
        )
    written = changed_files(before, folder_state(output.parent))
    members = shipped_files(output, mode)
    refuse_shipped_secrets(where.secrets, members, output, written)
    result: JsonObject = {"preset": preset.name, "mode": mode, "output": str(output), "files": written}
    result["warnings"] = _warnings(run.lines)
    if members is not None:
        result["pack_file_count"] = len(members)
    result["seconds"] = round(run.seconds, 2)
    if arguments.get("smoke_run") is True:
        result["smoke"] = await _smoke(project, godot, output, mode, arguments)
    return result


def _checked(project: Path, godot: Path, mode: str, arguments: JsonObject) -> tuple[Preset, Reach, Path]:
    """The preset, the project's reach and the build's path, checked on the presets file as Godot will
    read it, just before Godot starts (the file may have been edited by hand or with file_write)."""
    preset = _preset_named(project, str(arguments["preset"]))
    where = reach(project, _template_folders(godot))
    preset_paths_allowed(where, preset)
    if mode != "pack":
        key = f"custom_template/{mode}"
        require_template(
            preset.name, preset.option_text(key), mode, standard_template(mode, godot_version(godot))
        )
    return preset, where, _output_path(where, preset, mode, arguments.get("output"))


async def _smoke(project: Path, godot: Path, output: Path, mode: str, arguments: JsonObject) -> JsonObject:
    runner = [str(godot), "--main-pack", str(output)] if mode == "pack" else [str(output)]
    smoke = await smoke_run(runner, output.parent, int(str(arguments.get("smoke_frames", 120))), project)
    return smoke_result(smoke, main_scene_stem(project))


def _describe(preset: Preset) -> JsonObject:
    debug, release = (
        preset.option_text("custom_template/debug"),
        preset.option_text("custom_template/release"),
    )
    return {
        "index": preset.index,
        "name": preset.name,
        "platform": preset.platform,
        "export_path": preset.text("export_path"),
        "runnable": preset.values.get("runnable") is True,
        "include_filter": preset.text("include_filter"),
        "exclude_filter": preset.text("exclude_filter"),
        "templates": {"debug": debug, "release": release},
    }


def _preset_named(project: Path, name: str) -> Preset:
    """The preset Godot picks for ``name`` (the first of that name); two of one name are refused, as
    the server could not tell which one Godot will export."""
    presets = read_presets(project)
    found = [preset for preset in presets if preset.name == name]
    if not found:
        names = ", ".join(repr(preset.name) for preset in presets) or "none"
        raise ToolError(
            ErrorCode.NOT_FOUND,
            f"No export preset named {name!r} (presets: {names}).",
            "export_list_presets lists them; export_create_preset adds one.",
        )
    if len(found) > 1:
        raise ToolError(
            ErrorCode.INVALID_OPERATION,
            f"{len(found)} presets are named {name!r} (indexes {', '.join(str(p.index) for p in found)}).",
            "Rename or remove all but one in export_presets.cfg (a person's edit), then export again.",
        )
    return found[0]


def _output_path(where: Reach, preset: Preset, mode: str, given: JsonValue) -> Path:
    """Where the build goes: ``output`` or the preset's export path, confined alike (confined_output);
    a new folder inside the project gets a ``.gdignore`` so the editor does not import the build."""
    text = (given if isinstance(given, str) and given else preset.text("export_path")).removeprefix("res://")
    what = "output" if isinstance(given, str) and given else f"The export_path of the preset {preset.name!r},"
    if not text:
        raise ToolError(
            ErrorCode.INVALID_PARAMS, f"The preset {preset.name!r} has no export path.", "Pass output."
        )
    if mode == "pack" and Path(text).suffix not in (".pck", ".zip"):
        text = str(Path(text).with_suffix(".pck"))
    output = confined_output(where, text, what)
    folder = output.parent
    if not folder.exists():
        folder.mkdir(parents=True)
        output = confined_output(where, text, what)  # the new folders lead where they were checked to
        if folder.is_relative_to(where.project):
            (folder / ".gdignore").touch()
    return output


def _template_folders(godot: Path) -> tuple[Path, ...]:
    """The folders of the templates the server installs or the editor finds (a preset may name those)."""
    installed = debian_templates(godot)
    folders = [Path(installed.debug).parent] if installed else []
    version = godot_version(godot)
    standard = standard_template("debug", version) or standard_template("release", version)
    return (*folders, *([standard.parent] if standard else []))


def _toolkit_excludes(project: Path) -> list[str]:
    """The toolkit's files and the project's extension scripts: the exclude filter of a clean build."""
    return [*_TOOLKIT_EXCLUDES, *(extension.path for extension in find_extensions(project))]


def _default_path(name: str, platform: str) -> str:
    slug = "".join(c if c.isalnum() else "_" for c in name.lower()) or "game"
    suffix = {
        "Linux": ".x86_64",
        "Windows Desktop": ".exe",
        "Web": ".html",
        "Android": ".apk",
        "macOS": ".zip",
    }
    return f"build/{slug}/{slug}{suffix.get(platform, '')}"


def _warnings(lines: tuple[str, ...]) -> list[JsonValue]:
    """The export's warnings, each once and whole (a very long one is cut at a word, marked)."""
    found = [_whole_words(line.removeprefix("WARNING: ")) for line in lines if line.startswith("WARNING:")]
    once: list[JsonValue] = list(dict.fromkeys(found))
    return once[:_MAX_WARNINGS]


def _whole_words(text: str) -> str:
    if len(text) <= _WARNING_CHARS:
        return text
    return text[: _WARNING_CHARS + 1].rpartition(" ")[0] + " (cut)"


COMMANDS = {
    "export_list_presets": ToolSpec(
        "Export: list presets",
        "List the project's export presets (export_presets.cfg): platform, path, filters, templates.",
        _list_presets,
        args=page_args("preset", "presets", 50),
        returns={"presets!": {"@": "array", "@items": _PRESET}, "@page": "presets offset"},
        marks="read_only idempotent",
    ),
    "export_create_preset": ToolSpec(
        "Export: create preset",
        "Add an export preset to export_presets.cfg (Linux presets use the installed templates); "
        "the toolkit's addon is always excluded.",
        _create_preset,
        args={
            "name!": "string[1..100]: The preset's name.",
            "platform": f'enum({_PLATFORMS})="Linux": Godot\'s platform name; templates are installed here '
            "for Linux only.",
            "export_path": "string: Relative to the project. Default: build/<name>/.",
            "include_filter": "string: Non-resource files to add, e.g. '*.json, *.txt'.",
            "exclude_filter": "string: Files to leave out, e.g. 'res://tests/*'.",
            "if_exists": 'enum(return|fail|replace)="return": When a preset has this name: keep it (return), '
            "fail (ALREADY_EXISTS) or replace it (same index).",
        },
        returns={
            "preset!": _PRESET,
            "status!": "enum(created|returned|replaced)",
            "replaced!": "boolean",
            "note": "string",
        },
    ),
    "export_run": ToolSpec(
        "Export: run",
        "Export a preset headless (release, debug, or pack: a .pck only); lists the files written. "
        "smoke_run starts the build headless: did it reach its main scene and exit cleanly?",
        _run_export,
        args={
            "preset!": "string: The preset's name (export_list_presets).",
            "mode": 'enum(release|debug|pack)="release": release or debug: the game binary and its .pck; '
            "pack: the .pck only.",
            "output": "string: The file to write. Default: the preset's export path.",
            "smoke_run": "boolean=false: Then run the build headless.",
            "smoke_frames": "integer[1..6000]=120: Frames the smoke run lasts.",
            "timeout_s": f"integer[10..{_MAX_EXPORT_S}]=600: Seconds the export may take.",
        },
        returns={
            "preset!": "string",
            "mode!": "string",
            "output!": "string",
            "files!": "array<object>",
            "pack_file_count": "integer",
            "warnings": "array<string>",
            "seconds": "number",
            "smoke": "object",
        },
        marks="destructive long_running",  # destructive: it replaces whatever stands at its output paths
        timeout_ms=(_MAX_EXPORT_S + 90) * 1000,
    ),
}
GROUP = ServerGroup("export", COMMANDS)
