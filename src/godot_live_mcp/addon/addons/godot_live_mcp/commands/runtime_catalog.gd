@tool
extends RefCounted
## Publishes the commands the running game answers in the editor's catalogue, with channel
## "runtime", so they are listed as tools even when no game runs. The server sends their calls to
## the game; called here directly, they answer RUNTIME_ONLY.

const RuntimeCommands := preload("res://addons/godot_live_mcp/runtime/commands/runtime_commands.gd")


## Adds every runtime command to registry, described as the game describes it.
static func register(registry: MCPToolkitCommandRegistry) -> void:
	var described: MCPToolkitCommandRegistry = MCPToolkitCommandRegistry.new()
	RuntimeCommands.register_all(described, null)
	for name: String in described.command_names():
		registry.add(name, _runtime_only.bind(name), described.get_options(name))


static func _runtime_only(_params: Dictionary, name: String) -> Dictionary:
	return MCPToolkitError.fail(
		"RUNTIME_ONLY",
		"%s runs in the game, not in the editor." % name,
		"Call it through the MCP server, which sends it to the running game (start one with game_start)."
	)
