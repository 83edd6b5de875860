@tool
extends RefCounted
## Builds the editor-side object graph in a stated order and returns a Handle whose dispose()
## tears it down in exactly the reverse order.

const EditorServer := preload("res://addons/godot_live_mcp/transport/editor_server.gd")
const CommandRegistry := preload("res://addons/godot_live_mcp/dispatch/command_registry.gd")
const BuiltinCommands := preload("res://addons/godot_live_mcp/commands/builtin_commands.gd")
const ExtensionLoader := preload("res://addons/godot_live_mcp/extensions/extension_loader.gd")
const EditorLog := preload("res://addons/godot_live_mcp/diagnostics/editor_log.gd")
const GameDebugger := preload("res://addons/godot_live_mcp/debugger/game_debugger.gd")
## Loaded only by an editor that shows it (not a headless one).
const STATUS_DOCK := "res://addons/godot_live_mcp/dock/status_dock.gd"
const EngineServers := preload("res://addons/godot_live_mcp/instances/engine_servers.gd")


class Handle:
	extends RefCounted
	var registry: CommandRegistry
	var server: EditorServer
	var extensions: ExtensionLoader
	var debugger: GameDebugger
	var host: EditorPlugin
	var engine_servers: EngineServers
	## Null in a headless editor.
	var dock: Control

	## Reverse of compose(): take the dock away, stop listening, unload extensions, detach the server
	## node, drop the registry, stop the log capture.
	func dispose() -> void:
		if dock != null:
			host.remove_control_from_docks(dock)
			dock.free()
			dock = null
		if server != null:
			server.stop()
		if extensions != null:
			extensions.stop()
			extensions = null
		if debugger != null:
			debugger.release()
			host.remove_debugger_plugin(debugger)
			debugger = null
		if server != null:
			server.get_parent().remove_child(server)
			server.free()
			server = null
		registry = null
		if engine_servers != null:
			engine_servers.restore()
			host.remove_child(engine_servers)
			engine_servers.free()
			engine_servers = null
		EditorLog.stop()


## 0. the log capture (first, so it sees everything after), then the engine's own servers closed
## before they listen (instances/engine_servers.gd), 1. the command registry,
## 2. the built-in commands, 3. the server node, 4. the debugger plugin (its notices go out through
## the server), 5. extensions, 6. listening, 7. the dock (not in a headless editor, which shows none).
static func compose(host: Node) -> Handle:
	EditorLog.start()
	var handle: Handle = Handle.new()
	handle.engine_servers = EngineServers.new()
	host.add_child(handle.engine_servers)
	handle.engine_servers.close_at_start(host.get_parent())
	handle.registry = CommandRegistry.new()
	BuiltinCommands.register_all(handle.registry)
	handle.server = EditorServer.new(handle.registry)
	host.add_child(handle.server)
	handle.host = host as EditorPlugin
	handle.debugger = GameDebugger.new()
	handle.debugger.activate(host)
	var server: EditorServer = handle.server
	handle.debugger.changed.connect(func(now: Dictionary) -> void: server.notify_peers("debugger_changed", now))
	handle.host.add_debugger_plugin(handle.debugger)
	handle.extensions = ExtensionLoader.new(handle.registry, handle.server)
	handle.extensions.start()
	handle.server.start()
	if DisplayServer.get_name() != "headless":
		handle.dock = (load(STATUS_DOCK) as GDScript).new(handle.server, handle.extensions)
		handle.host.add_control_to_dock(EditorPlugin.DOCK_SLOT_RIGHT_UL, handle.dock)
	return handle
