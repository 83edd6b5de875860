@tool
extends RefCounted
## Options for the commands the running game answers (export-clean): channel "runtime", no scene
## tab involved, and a group per namespace.

const GROUPS: Dictionary = {
	"runtime": "Inspect and drive the running game: its live tree, nodes, log, performance and time.",
	"input": "Send input to the running game (actions, keys, mouse, text) and record or replay it.",
	"signal": "Watch the running game's signals, read what they emitted, and emit them.",
	"execute": "Run GDScript code inside the running game.",
}


## A command that only reads the game's state.
static func reading(name: String, description: String) -> MCPToolkitCommandOptions:
	return _base(name, description).mark_read_only().mark_idempotent()


## A command that changes the game's state (not the project's files).
static func changing(name: String, description: String) -> MCPToolkitCommandOptions:
	return _base(name, description)


static func _base(name: String, description: String) -> MCPToolkitCommandOptions:
	var group: String = name.get_slice(".", 0)
	var options: MCPToolkitCommandOptions = (
		MCPToolkitCommandOptions
		. new()
		. with_description(description)
		. mark_scene_independent()
		. with_group(group, str(GROUPS.get(group, "")))
	)
	options.channel = "runtime"
	return options
