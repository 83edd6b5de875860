@tool
extends RefCounted
## extensions.list / extensions.refresh: the pull side of extension loading. Clients hear about
## changes as tools/list_changed; these answer what is loaded, and apply changes on request.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")

const GROUP := "editor"
const WAITING_HINT := "Only a person enables an extension: godot-live-mcp extensions enable NAME, or the MCP dock."
const EXTENSION := {
	"@": "array: Every extension found, by class name.",
	"class!": "string",
	"path!": "string",
	"status!": "enum(loaded|failed|waiting): failed: did not load; waiting: no person enabled it as it is (not run).",
	"commands!": "array<string>: Commands it registered (the tool name has '_' for '.').",
	"refused": "array<object>: Commands it was refused, each with command, code and reason.",
	"error": "string: Why it failed or waits.",
	"hint": "string",
}
const REFRESHED := {"added!": "array<string>", "removed!": "array<string>", "reloaded!": "array<string>"}
const COMMANDS := {
	"extensions.list":
	{
		"text": "List the GDScript extensions found: loaded (their commands), failed, or waiting for a person.",
		"returns": {"extensions!": EXTENSION},
		"marks": "read_only idempotent scene_independent",
	},
	"extensions.refresh":
	{
		"text": "Rescan the project and apply added, edited or deleted extensions now; only person-enabled ones load.",
		"returns":
		[REFRESHED, {"waiting!": "array<string>: Found, not enabled by a person, not run.", "hint": "string"}],
		"marks": "idempotent scene_independent exclusive outside_undo",
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
