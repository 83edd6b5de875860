extends Node
## The runtime channel in the running game (a child of the MCPRuntimeServer autoload): listens on
## localhost, authenticates peers, answers the runtime commands, publishes the game in the
## machine-wide registry, and pumps inline every frame, paused or not. Started with
## `-- --playtest SCRIPT`, it runs that playtest instead and quits (runtime/playtest/playtest_feed.gd).
## Its whole preload closure is export-clean.

const ChannelEndpoint := preload("res://addons/godot_live_mcp/transport/channel_endpoint.gd")
const CommandRegistry := preload("res://addons/godot_live_mcp/dispatch/command_registry.gd")
const GameKey := preload("res://addons/godot_live_mcp/instances/game_key.gd")
const RuntimeRouter := preload("res://addons/godot_live_mcp/runtime/runtime_router.gd")
const RuntimeState := preload("res://addons/godot_live_mcp/runtime/runtime_state.gd")
const RuntimeCommands := preload("res://addons/godot_live_mcp/runtime/commands/runtime_commands.gd")
const RuntimeModule := preload("res://addons/godot_live_mcp/runtime/commands/runtime_module.gd")
const ToolkitSettings := preload("res://addons/godot_live_mcp/core/toolkit_settings.gd")
const LogBuffer := preload("res://addons/godot_live_mcp/diagnostics/log_buffer.gd")
const TimeControl := preload("res://addons/godot_live_mcp/runtime/time_control.gd")
const DebugFrames := preload("res://addons/godot_live_mcp/runtime/debug_frames.gd")
const ParentWatch := preload("res://addons/godot_live_mcp/instances/parent_watch.gd")
const PlaytestFeed := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_feed.gd")

## Answers are never bigger than this: the runtime ignores the editor's buffer setting.
const BUFFER_BYTES := 1024 * 1024

var _log_buffer: LogBuffer = LogBuffer.new(ToolkitSettings.limit("log_buffer_entries"))
var _state: RuntimeState
var _modules: Array[RuntimeModule] = []
var _registry: CommandRegistry
var _endpoint: ChannelEndpoint = ChannelEndpoint.new("runtime")
var _router: RuntimeRouter
var _parent_watch: ParentWatch


func _enter_tree() -> void:
	process_mode = Node.PROCESS_MODE_ALWAYS
	if not PlaytestFeed.is_requested():  # a playtest reports through its own feed, not a log tail
		_log_buffer.open_tail(GameKey.log_path(GameKey.own_id()))
	_log_buffer.start_capture()
	DebugFrames.install()


func _ready() -> void:
	_parent_watch = ParentWatch.new()
	var clock: TimeControl = TimeControl.new()
	clock.name = "Clock"
	add_child(clock)
	_state = RuntimeState.new(_log_buffer, clock)
	_registry = CommandRegistry.new()
	_modules = RuntimeCommands.serve(_registry, _state)
	if PlaytestFeed.is_requested():
		clock.pause()  # before the first frame: the playtest counts its frames from the scene as loaded
		PlaytestFeed.run(_state)
		return
	if start() != OK:
		set_process(false)


## Binds a port, writes the token and publishes the entry; a failure is logged loudly and returned.
func start() -> Error:
	_router = RuntimeRouter.new(_registry, _endpoint.send)
	return _endpoint.open(BUFFER_BYTES, _router.route, _router.forget_peer)


func _process(_delta: float) -> void:
	if _parent_watch != null and _parent_watch.parent_gone():
		get_tree().quit()  # the editor that ran this game is gone: nobody can stop it any more
		return
	if _endpoint.transport != null:
		_endpoint.transport.pump()
	_log_buffer.flush_tail()


## A clean exit withdraws the entry: the editor tells a normal end from a crash by it.
func _exit_tree() -> void:
	if _state != null:
		_state.release()
	_endpoint.close()
	DebugFrames.uninstall()
	_log_buffer.add("message", "godot_live_mcp: the game is shutting down normally")
	_log_buffer.close_tail(false)
	_log_buffer.stop_capture()
