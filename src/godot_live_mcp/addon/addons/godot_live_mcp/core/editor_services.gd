@tool
extends RefCounted
## The editor's live state, built once when the plugin starts and disposed when it stops (the
## composer's Handle owns it): nothing of one plugin run survives into the next. Command modules that
## work on this state are built with it (core/editor_module.gd); current() is the one static way in,
## kept for the public static extension API (MCPToolkitUndoRedoAction, MCPToolkitSafeSceneOps) and
## the static scene helpers (scene_edit.gd, scene_tabs.gd), which cannot be handed it.

const EditorServices := preload("res://addons/godot_live_mcp/core/editor_services.gd")
const ToolkitSettings := preload("res://addons/godot_live_mcp/core/toolkit_settings.gd")
const LogBuffer := preload("res://addons/godot_live_mcp/diagnostics/log_buffer.gd")
const MainLoopGuard := preload("res://addons/godot_live_mcp/dispatch/main_loop_guard.gd")
const UndoLedger := preload("res://addons/godot_live_mcp/authoring/undo_ledger.gd")
const SaveQueue := preload("res://addons/godot_live_mcp/authoring/save_queue.gd")
const GameDebugger := preload("res://addons/godot_live_mcp/debugger/game_debugger.gd")
const EngineServers := preload("res://addons/godot_live_mcp/instances/engine_servers.gd")

## The services of the running plugin, null while it is off.
static var _current: EditorServices = null

## The editor's output since the plugin started; null where the engine cannot hand it to scripts
## (before Godot 4.5): the log tools then answer LOG_UNAVAILABLE.
var editor_log: LogBuffer = null
var main_loop: MainLoopGuard = MainLoopGuard.new()
var undo: UndoLedger = UndoLedger.new()
var saves: SaveQueue = SaveQueue.new()
## The editor's scene tab strip, found once (authoring/scene_tabs.gd).
var scene_tab_bar: TabBar = null
## Display servers told to end and not yet reaped (this editor is their parent): GameDisplay.
var ended_displays: Array[int] = []
var debugger: GameDebugger = GameDebugger.new()
## The editor's own language server, held until a tool asks for it; a node the composer adds.
var engine_servers: EngineServers = EngineServers.new()


## Builds the services and makes them current(), the log capture started before the composer builds the rest.
static func open() -> EditorServices:
	var services: EditorServices = EditorServices.new()
	services.editor_log = _start_log()
	_current = services
	return services


## The services of the running plugin, or null while it is off.
static func current() -> EditorServices:
	return _current


## Undoes open(): stops the log capture and is current() no more; the rest goes with the Handle.
func dispose() -> void:
	if _current == self:
		_current = null
	if editor_log != null:
		editor_log.stop_capture()
		editor_log = null
	saves = null
	undo = null


static func _start_log() -> LogBuffer:
	var buffer: LogBuffer = LogBuffer.new(ToolkitSettings.limit("log_buffer_entries"))
	return buffer if buffer.start_capture() else null
