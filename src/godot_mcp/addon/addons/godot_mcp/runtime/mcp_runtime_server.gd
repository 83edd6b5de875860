extends Node
## The runtime channel, an autoload in the running game: listens on localhost, authenticates
## peers, answers the runtime commands, publishes the game in the machine-wide registry, and pumps
## inline every frame, paused or not. Inert inside the editor, under --check-only, and in any build
## without the editor feature (every exported game). Its whole preload closure is export-clean.

const WsTransport := preload("res://addons/godot_mcp/transport/ws_transport.gd")
const PortConfig := preload("res://addons/godot_mcp/transport/port_config.gd")
const AuthToken := preload("res://addons/godot_mcp/transport/auth_token.gd")
const InstanceRegistry := preload("res://addons/godot_mcp/instances/instance_registry.gd")
const RegistryPaths := preload("res://addons/godot_mcp/instances/registry_paths.gd")
const ProjectIdentity := preload("res://addons/godot_mcp/instances/project_identity.gd")
const ContractData := preload("res://addons/godot_mcp/contract/contract_data.gd")
const VersionGate := preload("res://addons/godot_mcp/contract/version_gate.gd")
const RuntimeRouter := preload("res://addons/godot_mcp/runtime/runtime_router.gd")
const RuntimeState := preload("res://addons/godot_mcp/runtime/runtime_state.gd")
const RuntimeCommands := preload("res://addons/godot_mcp/runtime/commands/runtime_commands.gd")
const LogBuffer := preload("res://addons/godot_mcp/runtime/log_buffer.gd")
const TimeControl := preload("res://addons/godot_mcp/runtime/time_control.gd")

## Loaded by path, only on engines that have the Logger class (4.5+).
const GAME_LOGGER_PATH := "res://addons/godot_mcp/runtime/game_logger.gd"
## Answers are never bigger than this: the runtime ignores the editor's buffer setting.
const BUFFER_BYTES := 1024 * 1024

var _log_buffer: LogBuffer = LogBuffer.new()
var _logger: RefCounted
var _state: RuntimeState
var _modules: Array[RefCounted] = []
var _registry: MCPToolkitCommandRegistry
var _transport: WsTransport
var _router: RuntimeRouter
var _instances: InstanceRegistry = InstanceRegistry.new()
var _token_path: String = ""


## Whether this process should serve at all: a game run from an editor build, nothing else.
static func should_serve() -> bool:
	if Engine.is_editor_hint() or not OS.has_feature("editor"):
		return false
	return not "--check-only" in OS.get_cmdline_args()


func _enter_tree() -> void:
	if not should_serve():
		set_process(false)
		return
	process_mode = Node.PROCESS_MODE_ALWAYS
	_log_buffer.open_tail(RegistryPaths.runtime_log_file(ProjectIdentity.project_hash()))
	_attach_logger()


func _ready() -> void:
	if not should_serve():
		return
	var clock: TimeControl = TimeControl.new()
	clock.name = "Clock"
	add_child(clock)
	_state = RuntimeState.new(_log_buffer, clock)
	_state.logs_engine_output = _logger != null
	_registry = MCPToolkitCommandRegistry.new()
	_modules = RuntimeCommands.register_all(_registry, _state)
	if start() != OK:
		set_process(false)


## Binds a port, writes the token and publishes the entry; a failure is logged loudly and returned.
func start() -> Error:
	var ports: Dictionary = PortConfig.resolve("runtime")
	if not ports["ok"]:
		push_error("godot_mcp: configuration error, the runtime channel will not listen: %s" % ports["error"])
		return ERR_INVALID_PARAMETER
	var token: String = AuthToken.generate()
	_transport = WsTransport.new(token)
	_transport.buffer_bytes = BUFFER_BYTES
	_transport.auth_reply = _identity
	_router = RuntimeRouter.new(_registry, _transport.send)
	_transport.on_message = _router.route
	_transport.on_peer_closed = _router.forget_peer
	if _transport.listen(ports["first"], ports["last"]) != OK:
		push_error("godot_mcp: no free port in %d-%d for the runtime channel" % [ports["first"], ports["last"]])
		return ERR_CANT_CREATE
	_token_path = InstanceRegistry.token_path("runtime")
	var err: Error = AuthToken.write(_token_path, token)
	if err != OK:
		push_error("godot_mcp: cannot write the runtime auth token to %s: %s" % [_token_path, error_string(err)])
		_transport.stop()
		return err
	return _instances.publish("runtime", _entry_fields())


func _process(_delta: float) -> void:
	if _transport != null:
		_transport.pump()
	_log_buffer.flush_tail()


## A clean exit withdraws the entry: the editor tells a normal end from a crash by it.
func _exit_tree() -> void:
	if not should_serve():
		return
	if _state != null:
		_state.release()
	_instances.withdraw()
	if _token_path != "":
		DirAccess.remove_absolute(_token_path)
		_token_path = ""
	if _transport != null:
		_transport.stop()
		_transport = null
	_log_buffer.add("message", "godot_mcp: the game is shutting down normally")
	_log_buffer.close_tail(false)
	if _logger != null:
		OS.call("remove_logger", _logger)
		_logger = null


func _attach_logger() -> void:
	if not ClassDB.class_exists(&"Logger"):
		return
	var script: Script = load(GAME_LOGGER_PATH) as Script
	_logger = script.new(_log_buffer)
	OS.call("add_logger", _logger)


func _identity() -> Dictionary:
	return {
		"authed": true,
		"channel": "runtime",
		"protocol_version": ContractData.protocol_version(),
		"godot_version": VersionGate.engine_version(),
		"godot_version_full": str(Engine.get_version_info().get("string", "")),
		"plugin_version": ContractData.PLUGIN_VERSION,
		"headless": DisplayServer.get_name() == "headless",
		"project_path": ProjectIdentity.project_path(),
		"project_name": ProjectIdentity.project_name(),
		"pid": OS.get_process_id(),
	}


func _entry_fields() -> Dictionary:
	return {
		"runtime_port": _transport.port,
		"token_path": _token_path,
		"godot_version": VersionGate.engine_version(),
		"plugin_version": ContractData.PLUGIN_VERSION,
		"protocol_version": ContractData.protocol_version(),
		"headless": DisplayServer.get_name() == "headless",
	}
