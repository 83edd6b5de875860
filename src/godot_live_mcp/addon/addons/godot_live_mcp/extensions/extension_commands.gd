@tool
extends RefCounted
## extensions.list / extensions.refresh: the pull side of extension loading. Clients hear about
## changes as tools/list_changed; these answer what is loaded, and apply changes on request.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")

const GROUP := "editor"
const WAITING_HINT := (
	"Only a person enables an extension: ask the user to run godot-live-mcp extensions enable NAME"
	+ " (or press Enable in the MCP dock)."
)
const EXTENSION := {
	"@": "array: Every extension found, by class name.",
	"class!": "string",
	"path!": "string",
	"status!":
	(
		"enum(loaded|failed|waiting): failed: it did not load, or its register() raised an error;"
		+ " waiting: a person has not enabled it as it is, so none of its code ran."
	),
	"commands!": "array<string>: Commands it registered (the tool name has '_' for '.').",
	"refused": "array<object>: Commands it was refused, each with command, code and reason.",
	"error": "string: Why it failed or waits.",
	"hint": "string: How a person enables a waiting one.",
}
const COMMANDS := {
	"extensions.list":
	{
		"text":
		(
			"List the GDScript extensions the editor found: loaded (their commands), failed, and waiting"
			+ " for a person to enable them."
		),
		"returns": {"extensions!": EXTENSION},
		"marks": "read_only idempotent scene_independent",
	},
	"extensions.refresh":
	{
		"text":
		(
			"Rescan the project's files and apply added, edited or deleted extensions to the tool list now;"
			+ " only those a person enabled load (waiting lists the others)."
		),
		"returns":
		{
			"added!": "array<string>",
			"removed!": "array<string>",
			"reloaded!": "array<string>",
			"waiting!": "array<string>: Found but not enabled by a person as they are; never loaded.",
			"hint": "string",
		},
		"marks": "idempotent scene_independent exclusive",
		"timeout_ms": 60000,
	},
}

var _describe: Callable
var _rescan: Callable


## describe() -> Array[Dictionary], every extension's report; rescan() -> Dictionary, a coroutine
## that has the editor rescan the project and answers what changed.
func _init(describe: Callable, rescan: Callable) -> void:
	_describe = describe
	_rescan = rescan


func list(_params: CommandParams) -> Result:
	return Result.of({"extensions": _describe.call()})


func refresh(_params: CommandParams) -> Result:
	var changes: Dictionary = await _rescan.call()
	if not (changes["waiting"] as Array).is_empty():
		changes["hint"] = WAITING_HINT
	return Result.of(changes)
