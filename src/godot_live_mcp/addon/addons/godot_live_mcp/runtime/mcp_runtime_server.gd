extends Node
## The MCPRuntimeServer autoload. In a game run from an editor build it adds the runtime channel
## (runtime/game_server.gd) as its child; it stays inert inside the editor, under --check-only, in a
## helper process and in any build without the editor feature (every exported game). An editor loads
## this script at every start (to see whether the autoload is a tool script), so the channel's
## scripts load only here, in a game that serves.

const HelperProcess := preload("res://addons/godot_live_mcp/instances/helper_process.gd")
const GAME_SERVER := "res://addons/godot_live_mcp/runtime/game_server.gd"


## Whether this process should serve at all: a game run from an editor build, nothing else (not a
## helper process such as a test run the server started).
static func should_serve() -> bool:
	if Engine.is_editor_hint() or not OS.has_feature("editor") or HelperProcess.is_helper():
		return false
	return not "--check-only" in OS.get_cmdline_args()


func _enter_tree() -> void:
	if should_serve() and get_child_count() == 0:
		var channel: Node = (load(GAME_SERVER) as GDScript).new()
		channel.name = "Channel"
		add_child(channel)
