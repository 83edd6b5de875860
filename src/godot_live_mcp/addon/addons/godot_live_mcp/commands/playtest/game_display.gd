@tool
extends RefCounted
## A private virtual screen for one game a headless editor runs with real pixels: an Xvfb server
## (software OpenGL), started before the game and ended with it. godot-live-mcp launches editors with
## the command of its own display stack in GODOT_LIVE_MCP_DISPLAY_STACK (see godot/display.py);
## without it, Xvfb from PATH with the system's OpenGL.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const ProcessProbe := preload("res://addons/godot_live_mcp/instances/process_probe.gd")

const STACK_ENV := "GODOT_LIVE_MCP_DISPLAY_STACK"
const FALLBACK_SERVER: Array[String] = ["Xvfb", "-screen", "0", "1280x720x24", "-nolisten", "tcp"]
## Display numbers tried, away from the low ones desktops and `xvfb-run` use.
const FIRST_NUMBER := 110
const NUMBERS_TRIED := 40
const ATTEMPTS := 3
const READY_TIMEOUT_MS := 10000
const POLL_S := 0.02
## The server ends by itself this long after its last client (the game) left, even if nobody stops it.
const LINGER_S := "10"
const HINT := (
	"Install the display stack with `godot-live-mcp godot install --with-display` and let `godot-live-mcp serve`"
	+ " launch the editor (or run the editor with a display: `serve --display`)."
)

var pid: int = 0
var number: int = -1
## Servers told to end, not yet reaped: this editor is their parent, and a zombie lingers until then.
## The editor's one list (EditorServices.ended_displays), shared by every display it starts.
var _ending: Array[int]


func _init(ending: Array[int]) -> void:
	_ending = ending


## Starts the server; its value is the environment the game needs to draw on it.
func start() -> Result:
	_reap_ended()
	var stack: Dictionary = _stack()
	var server: PackedStringArray = stack["server"]
	for _attempt: int in ATTEMPTS:
		var free: int = _free_number()
		if free < 0:
			return Result.fail("INVALID_STATE", "No free X display number from :%d on." % FIRST_NUMBER, HINT)
		var args: PackedStringArray = server.slice(1)
		args.append_array([":%d" % free, "-terminate", LINGER_S])
		pid = OS.create_process(server[0], args)
		if pid <= 0:
			return Result.fail("INVALID_STATE", "Could not start the X server %s." % server[0], HINT)
		if await _ready(free):
			number = free
			var env: Dictionary = (stack["env"] as Dictionary).duplicate()
			env["DISPLAY"] = ":%d" % free
			return Result.of(env)
		stop()  # another server took the number meanwhile, or this one failed: try the next
	return Result.fail("INVALID_STATE", "The X server %s did not get ready." % server[0], HINT)


## Ends the server with SIGTERM, so that it removes its lock file and socket (OS.kill is SIGKILL).
func stop() -> void:
	if pid > 0 and ProcessProbe.is_alive(pid):
		OS.execute("kill", ["-TERM", str(pid)])
		_ending.append(pid)
	pid = 0
	number = -1


func is_running() -> bool:
	return pid > 0 and ProcessProbe.is_alive(pid)


## OS.is_process_running waits for a child that has ended, which lets it go.
func _reap_ended() -> void:
	_ending.assign(_ending.filter(func(ended: int) -> bool: return OS.is_process_running(ended)))


## The server's command (program and arguments, no display number) and the game's variables.
static func _stack() -> Dictionary:
	var given: Variant = JSON.parse_string(OS.get_environment(STACK_ENV))
	if given is Dictionary and given.get("server") is Array and not (given["server"] as Array).is_empty():
		var env: Dictionary = {}
		if given.get("env") is Dictionary:
			for key: Variant in given["env"]:
				env[str(key)] = str(given["env"][key])
		return {"server": PackedStringArray(given["server"] as Array), "env": env}
	return {"server": PackedStringArray(FALLBACK_SERVER), "env": {}}


## A display number no live server holds; what a killed server left behind there is removed first,
## so that a socket seen later is the new server's.
static func _free_number() -> int:
	for number_tried: int in range(FIRST_NUMBER, FIRST_NUMBER + NUMBERS_TRIED):
		var lock: String = "/tmp/.X%d-lock" % number_tried
		if FileAccess.file_exists(lock) and _lock_holder_alive(lock):
			continue
		DirAccess.remove_absolute(lock)
		DirAccess.remove_absolute("/tmp/.X11-unix/X%d" % number_tried)
		if not FileAccess.file_exists(lock) and not _socket_exists(number_tried):
			return number_tried
	return -1


## A lock file names its server's pid; one still being written (empty) counts as held.
static func _lock_holder_alive(lock: String) -> bool:
	var holder: String = FileAccess.get_file_as_string(lock).strip_edges()
	return not holder.is_valid_int() or ProcessProbe.is_alive(holder.to_int())


## (FileAccess.file_exists sees regular files only, not sockets.)
static func _socket_exists(display_number: int) -> bool:
	var sockets: DirAccess = DirAccess.open("/tmp/.X11-unix")
	return sockets != null and sockets.file_exists("X%d" % display_number)


## Whether the server listens on display_number before it dies or the deadline passes.
func _ready(display_number: int) -> bool:
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	var deadline: int = Time.get_ticks_msec() + READY_TIMEOUT_MS
	while Time.get_ticks_msec() < deadline and ProcessProbe.is_alive(pid):
		if _socket_exists(display_number):
			return true
		await tree.create_timer(POLL_S).timeout
	return false
