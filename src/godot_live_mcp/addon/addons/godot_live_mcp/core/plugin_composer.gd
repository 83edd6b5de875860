@tool
extends RefCounted
## Builds the editor-side object graph in a stated order and returns a Handle whose dispose()
## tears it down in exactly the reverse order.

const EditorServer := preload("res://addons/godot_live_mcp/transport/editor_server.gd")
const BuiltinCommands := preload("res://addons/godot_live_mcp/commands/builtin_commands.gd")
const ExtensionLoader := preload("res://addons/godot_live_mcp/extensions/extension_loader.gd")
const EditorLog := preload("res://addons/godot_live_mcp/diagnostics/editor_log.gd")


class Handle:
	extends RefCounted
	var registry: MCPToolkitCommandRegistry
	var server: EditorServer
	var extensions: Array[MCPToolkitExtension] = []

	## Reverse of compose(): stop listening, drop extensions, detach the server node, drop the registry,
	## stop the log capture.
	func dispose() -> void:
		if server != null:
			server.stop()
		extensions.clear()
		if server != null:
			server.get_parent().remove_child(server)
			server.free()
			server = null
		registry = null
		EditorLog.stop()


## 0. the log capture (first, so it sees everything after), 1. the command registry,
## 2. the built-in commands, 3. the server node, 4. extensions, 5. listening.
static func compose(host: Node) -> Handle:
	EditorLog.start()
	var handle: Handle = Handle.new()
	handle.registry = MCPToolkitCommandRegistry.new()
	BuiltinCommands.register_all(handle.registry)
	handle.server = EditorServer.new(handle.registry)
	host.add_child(handle.server)
	handle.extensions = ExtensionLoader.load_all(handle.registry, handle.server)
	handle.server.start()
	return handle
