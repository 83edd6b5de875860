"""What the export tools are called, take and return."""

from __future__ import annotations

from godot_live_mcp.bridge.jsonrpc import JsonObject, JsonValue
from godot_live_mcp.server.server_tool_entry import PAGE_RESULT, ServerTool, page_args, seconds_arg

__all__ = ["CREATE_PRESET", "LIST_PRESETS", "RUN_EXPORT"]

PLATFORMS: list[JsonValue] = ["Linux", "Windows Desktop", "macOS", "Web", "Android", "iOS"]
_MAX_EXPORT_S = 1800
_PRESET: JsonObject = {
    "type": "object",
    "description": "index, name, platform, export_path, filters, templates.",
}

LIST_PRESETS = ServerTool(
    name="export_list_presets",
    title="Export: list presets",
    description="List the project's export presets (export_presets.cfg): platform, path, filters, templates.",
    input_schema={
        "type": "object",
        "properties": page_args("First preset.", 10000),
        "additionalProperties": False,
    },
    output_schema={
        "type": "object",
        "properties": {
            "presets": {"type": "array", "items": _PRESET},
            "total_presets": {"type": "integer"},
            **PAGE_RESULT,
        },
        "required": ["presets", "total_presets", "has_more", "returned"],
    },
    read_only=True,
    destructive=False,
    idempotent=True,
    timeout_s=10.0,
)
CREATE_PRESET = ServerTool(
    name="export_create_preset",
    title="Export: create preset",
    description=(
        "Add an export preset to export_presets.cfg (Linux presets use the installed templates); "
        "the toolkit's addon is always excluded."
    ),
    input_schema={
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 1, "maxLength": 100, "description": "The preset's name."},
            "platform": {
                "type": "string",
                "enum": PLATFORMS,
                "default": "Linux",
                "description": "Godot's platform name; templates are installed here for Linux only.",
            },
            "export_path": {
                "type": "string",
                "description": "Relative to the project. Default: build/<name>/.",
            },
            "include_filter": {
                "type": "string",
                "description": "Non-resource files to add, e.g. '*.json, *.txt'.",
            },
            "exclude_filter": {"type": "string", "description": "Files to leave out, e.g. 'res://tests/*'."},
            "if_exists": {
                "type": "string",
                "enum": ["return", "fail", "replace"],
                "default": "return",
                "description": (
                    "When a preset has this name: keep it (return), fail (ALREADY_EXISTS) "
                    "or replace it (same index)."
                ),
            },
        },
        "required": ["name"],
        "additionalProperties": False,
    },
    output_schema={
        "type": "object",
        "properties": {
            "preset": _PRESET,
            "status": {"type": "string", "enum": ["created", "returned", "replaced"]},
            "replaced": {"type": "boolean"},
            "note": {"type": "string"},
        },
        "required": ["preset", "status", "replaced"],
    },
    read_only=False,
    destructive=False,
    idempotent=False,
    timeout_s=10.0,
)
RUN_EXPORT = ServerTool(
    name="export_run",
    title="Export: run",
    description=(
        "Export a preset headless (release, debug, or pack: a .pck only); lists the files written. "
        "smoke_run starts the build headless: did it reach its main scene and exit cleanly?"
    ),
    input_schema={
        "type": "object",
        "properties": {
            "preset": {"type": "string", "description": "The preset's name (export_list_presets)."},
            "mode": {
                "type": "string",
                "enum": ["release", "debug", "pack"],
                "default": "release",
                "description": "release or debug: the game binary and its .pck; pack: the .pck only.",
            },
            "output": {
                "type": "string",
                "description": "The file to write. Default: the preset's export path.",
            },
            "smoke_run": {"type": "boolean", "default": False, "description": "Then run the build headless."},
            "smoke_frames": {
                "type": "integer",
                "minimum": 1,
                "maximum": 6000,
                "default": 120,
                "description": "Frames the smoke run lasts.",
            },
            "timeout_s": seconds_arg(10, _MAX_EXPORT_S, 600, "Seconds the export may take."),
        },
        "required": ["preset"],
        "additionalProperties": False,
    },
    output_schema={
        "type": "object",
        "properties": {
            "preset": {"type": "string"},
            "mode": {"type": "string"},
            "output": {"type": "string"},
            "files": {"type": "array", "items": {"type": "object"}},
            "pack_file_count": {"type": "integer"},
            "warnings": {"type": "array", "items": {"type": "string"}},
            "seconds": {"type": "number"},
            "smoke": {"type": "object"},
        },
        "required": ["preset", "mode", "output", "files"],
    },
    read_only=False,
    destructive=True,  # it replaces whatever stands at its output paths
    idempotent=False,
    timeout_s=_MAX_EXPORT_S + 90.0,
    long_running=True,
)
