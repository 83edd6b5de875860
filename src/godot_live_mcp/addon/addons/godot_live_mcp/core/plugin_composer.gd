@tool
extends RefCounted
## Builds the editor-side object graph in a stated order and returns a Handle whose dispose()
## tears it down in exactly the reverse order.

const EditorServices := preload("res://addons/godot_live_mcp/core/editor_services.gd")
const EditorServer := preload("res://addons/godot_live_mcp/transport/editor_server.gd")
const CommandRegistry := preload("res://addons/godot_live_mcp/dispatch/command_registry.gd")
const BuiltinCommands := preload("res://addons/godot_live_mcp/commands/builtin_commands.gd")
const ExtensionLoader := preload("res://addons/godot_live_mcp/extensions/extension_loader.gd")
const GameDebugger := preload("res://addons/godot_live_mcp/debugger/game_debugger.gd")
## Loaded only by an editor that shows it (not a headless one).
const STATUS_DOCK := "res://addons/godot_live_mcp/dock/status_dock.gd"


class Handle:
	extends RefCounted
	var services: EditorServices
	var registry: CommandRegistry
	var server: EditorServer
	var extensions: ExtensionLoader
	var host: EditorPlugin
	## Null in a headless editor.
	var dock: Control

	## Reverse of compose(): take the dock away, stop listening, unload extensions, detach the
	## debugger and the server node, drop the registry and its modules, give the engine's servers
	## back, then dispose the services (the log capture last).
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
		if services == null:
			return
		services.debugger.release()
		host.remove_debugger_plugin(services.debugger)
		if server != null:
			server.get_parent().remove_child(server)
			server.free()
			server = null
		registry = null
		services.engine_servers.restore()
		host.remove_child(services.engine_servers)
		services.engine_servers.free()
		services.dispose()
		services = null


## 0. the services (their log capture first, so it sees everything after), then the engine's own
## servers closed before they listen (instances/engine_servers.gd), 1. the command registry,
## 2. the built-in commands, 3. the server node, 4. the debugger plugin (its notices go out through
## the server), 5. extensions, 6. listening, 7. the dock (not in a headless editor, which shows none).
static func compose(host: Node) -> Handle:
	var handle: Handle = Handle.new()
	handle.host = host as EditorPlugin
	handle.services = EditorServices.open()
	host.add_child(handle.services.engine_servers)
	handle.services.engine_servers.close_at_start(host.get_parent())
	handle.registry = CommandRegistry.new()
	BuiltinCommands.register_all(handle.registry, handle.services)
	handle.server = EditorServer.new(handle.registry, handle.services)
	host.add_child(handle.server)
	_attach_debugger(handle)
	handle.extensions = ExtensionLoader.new(handle.registry, handle.server)
	handle.extensions.start()
	handle.server.start()
	if DisplayServer.get_name() != "headless":
		handle.dock = (load(STATUS_DOCK) as GDScript).new(handle.server, handle.extensions)
		handle.host.add_control_to_dock(EditorPlugin.DOCK_SLOT_RIGHT_UL, handle.dock)
	return handle


static func _attach_debugger(handle: Handle) -> void:
	var debugger: GameDebugger = handle.services.debugger
	var server: EditorServer = handle.server
	debugger.activate(handle.host)
	debugger.changed.connect(func(now: Dictionary) -> void: server.notify_peers("debugger_changed", now))
	handle.host.add_debugger_plugin(debugger)
