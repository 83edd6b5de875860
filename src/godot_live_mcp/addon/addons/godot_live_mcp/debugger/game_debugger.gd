@tool
extends EditorDebuggerPlugin
## The editor's own debugger session with the game, for the debug tools and for the server, which
## must not send runtime calls to a game stopped in it (announced with the "debugger_changed" notice).
##
## An EditorDebuggerPlugin rather than the editor's Debug Adapter Protocol server spoken from Python:
## it rides the editor channel (no second port to pick, publish and keep free per editor, and the DAP
## server listens only when the editor was started with --dap-port or set up for it); Godot 4.6's
## adapter has no step-out; and the plugin sees the error text the game stops on. The plugin API alone
## cannot read what the game answers the debugger panel (stack, variables, evaluations), so the panel's
## own message feed (ScriptEditorDebugger.debug_data) is read, and stack variables come from the game's
## runtime server through a capture of ours (runtime/debug_frames.gd), tagged with a request id.

signal changed(summary: Dictionary)

const BreakpointList := preload("res://addons/godot_live_mcp/debugger/breakpoint_list.gd")
const DebugFrames := preload("res://addons/godot_live_mcp/runtime/debug_frames.gd")
## Loaded with the first value shown, not with the editor (ADR 0006).
const COERCION := "res://addons/godot_live_mcp/contract/coercion.gd"
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const ExitWatch := preload("res://addons/godot_live_mcp/diagnostics/exit_watch.gd")

## How long to wait for the game's answer to a question asked while it is stopped.
const ANSWER_WAIT_MS := 2000
## How long a step waits for the game to stop again before saying it runs on.
const STEP_WAIT_MS := 1500
## The engine's debugger messages for the step modes.
const STEP_MESSAGES := {"into": "step", "over": "next", "out": "out"}
const RESUME_HINT := "debug_continue lets it run on, debug_step steps a line, game_stop ends it."
## After an error the failing function cannot go on line by line: no debug_step then.
const ERROR_HINT := "debug_continue lets it run on (the failing function ends there), game_stop ends it."

var breakpoints: BreakpointList = BreakpointList.new()
var _session_id: int = -1
var _paused: bool = false
var _can_step: bool = false
var _error: String = ""
## The stack the game reported at the last stop: {file, line, function}, innermost first.
var _stack: Array[Dictionary] = []
## Stops so far: a step waits for the next one.
var _stops: int = 0
## Why it stopped last: breakpoint, step (a debug_step ended there) or error.
var _reason: String = "breakpoint"
## A step was asked for and the game has not stopped since.
var _stepping: bool = false
var _answers: Dictionary = {}  # request id -> frames
var _evaluations: Dictionary = {}  # expression -> value
var _next_request: int = 1
var _feeds: Array[Array] = []  # [ScriptEditorDebugger, Callable] pairs to disconnect
var _panels: Dictionary = {}  # session id -> its ScriptEditorDebugger
var _exit_watch: ExitWatch = null


## Starts watching the game's exit; host (the editor plugin) carries the exit watch.
func activate(host: Node) -> void:
	_exit_watch = ExitWatch.new()
	host.add_child(_exit_watch)


## Undoes activate(), the listeners of changed and every connection to the debugger panels.
func release() -> void:
	for connection: Dictionary in changed.get_connections():
		changed.disconnect(connection["callable"])
	if _exit_watch != null:
		_exit_watch.get_parent().remove_child(_exit_watch)
		_exit_watch.free()
		_exit_watch = null
	for feed: Array in _feeds:
		var panel: Object = feed[0]
		if is_instance_valid(panel) and panel.is_connected("debug_data", feed[1]):
			panel.disconnect("debug_data", feed[1])
	_feeds.clear()
	_panels.clear()


## The wait status of the game process pid once it ended (ExitWatch.status_of).
func exit_status(pid: int) -> int:
	return _exit_watch.status_of(pid) if _exit_watch != null else ExitWatch.UNKNOWN


func is_running() -> bool:
	var session: EditorDebuggerSession = _session()
	return session != null and session.is_active()


func is_paused() -> bool:
	return _paused and is_running()


## What to do next from this stop: stepping is offered only where the game can step.
func resume_hint() -> String:
	return RESUME_HINT if _can_step else ERROR_HINT


## Where the game stopped and why, as the notice and game_status carry it: {paused, at, reason, error}.
func summary() -> Dictionary:
	if not is_paused():
		return {"paused": false}
	var found: Dictionary = {"paused": true, "reason": _reason if _can_step else "error", "can_step": _can_step}
	if _error != "" and not _can_step:
		found["error"] = _error
	if not _stack.is_empty():
		found["at"] = "%s:%d in %s()" % [_stack[0]["file"], _stack[0]["line"], _stack[0]["function"]]
	return found


## The stack with variables (see DebugFrames.stack), asked of the game; the stack alone, with a note,
## when the game does not answer (a game without the runtime server).
func frames(max_frames: int, every_frame: bool) -> Result:
	if not is_paused():
		return _not_paused()
	var request: int = _next_request
	_next_request += 1
	_session().send_message(DebugFrames.CAPTURE + ":frames", [request, max_frames, every_frame])
	await _wait_for(func() -> bool: return _answers.has(request), ANSWER_WAIT_MS)
	if _answers.has(request):
		return Result.of(_answers[request])
	return Result.fail("TIMEOUT", "The game did not report its variables.")


## The stack as the debugger panel got it: {file, line, function}, innermost first.
func stack() -> Array[Dictionary]:
	return _stack.duplicate(true) if is_paused() else []


## Resumes the game; answers once it runs.
func resume() -> Result:
	if not is_paused():
		return _not_paused()
	_stepping = false
	_session().send_message("continue", [])
	await _wait_for(func() -> bool: return not _paused, ANSWER_WAIT_MS)
	return Result.of(summary())


## Runs one line (into: into calls; over: over them; out: to the caller), then answers where the game
## stopped, or that it runs on.
func step(mode: String) -> Result:
	if not is_paused():
		return _not_paused()
	if not _can_step:
		return Result.fail(
			"INVALID_STATE",
			"The game stopped on an error (%s); the failing function cannot go on line by line." % _error,
			"debug_continue lets the game run on (that function ends there); game_stop ends the game."
		)
	var stops: int = _stops
	_stepping = true
	_session().send_message(STEP_MESSAGES[mode], [])
	await _wait_for(func() -> bool: return _stops > stops and not _stack.is_empty(), STEP_WAIT_MS)
	return Result.of(summary())


## The value of expression in frame (0: innermost), computed by the game with the frame's locals.
func evaluate(expression: String, frame: int) -> Result:
	if not is_paused():
		return _not_paused()
	if frame >= _stack.size():
		return Result.fail("INVALID_PARAMS", "There is no frame %d; the stack has %d." % [frame, _stack.size()])
	if _is_static_frame(_stack[frame]):
		return Result.fail(
			"INVALID_STATE",
			(
				"Frame %d runs the static function %s(): the engine evaluates only where there is an instance."
				% [frame, _stack[frame]["function"]]
			),
			"Pick a frame of an instance method (debug_state lists the frames)."
		)
	_evaluations.erase(expression)
	_session().send_message("evaluate", [expression, frame])
	await _wait_for(func() -> bool: return _evaluations.has(expression), ANSWER_WAIT_MS)
	if not _evaluations.has(expression):
		return Result.fail("TIMEOUT", "The game did not answer the evaluation of '%s'." % expression)
	return Result.of(_json(_evaluations[expression]))


## Adds a breakpoint here and in the running game.
func set_breakpoint(file: String, line: int, enabled: bool) -> void:
	for session: EditorDebuggerSession in get_sessions():
		if session.is_active():
			session.set_breakpoint(file, line, enabled)


func _has_capture(capture: String) -> bool:
	return capture == DebugFrames.CAPTURE


func _capture(message: String, data: Array, _session_id_of: int) -> bool:
	if message == DebugFrames.CAPTURE + ":frames" and data.size() >= 2:
		_answers[data[0]] = data[1]
		return true
	return false


func _setup_session(session_id: int) -> void:
	var session: EditorDebuggerSession = get_session(session_id)
	session.started.connect(_on_started.bind(session_id))
	session.stopped.connect(_on_stopped.bind(session_id))
	session.breaked.connect(_on_breaked.bind(session_id))
	session.continued.connect(_on_continued.bind(session_id))
	var panel: Node = _panel_of(session)
	if panel != null and panel.has_signal("debug_data"):
		var feed: Callable = _on_debug_data.bind(session_id)
		panel.connect("debug_data", feed)
		_feeds.append([panel, feed])
		_panels[session_id] = panel


## The debugger panel (ScriptEditorDebugger) behind session: a tab added to the session lands in it.
static func _panel_of(session: EditorDebuggerSession) -> Node:
	var probe: Control = Control.new()
	session.add_session_tab(probe)
	var panel: Node = probe.get_parent()
	while panel != null and not panel.is_class("ScriptEditorDebugger"):
		panel = panel.get_parent()
	session.remove_session_tab(probe)
	probe.free()
	return panel


func _on_debug_data(message: String, data: Array, session_id: int) -> void:
	if session_id != _session_id and message != "debug_enter" and message != "set_pid":
		return
	match message:
		"set_pid":
			if _exit_watch != null and not data.is_empty():
				_exit_watch.watch(int(data[0]), _panels.get(session_id))
		"debug_enter":
			_can_step = data.size() > 1 and bool(data[0])
			_error = str(data[1]) if data.size() > 1 else ""
		"stack_dump":
			_stack = _read_stack(data)
			_announce()
		"evaluation_return":
			if data.size() >= 4:
				_evaluations[str(data[0])] = data[3]


func _on_started(session_id: int) -> void:
	_session_id = session_id
	_paused = false
	_stepping = false
	_announce()


func _on_stopped(session_id: int) -> void:
	if session_id == _session_id:
		_paused = false
		_stack.clear()
		_announce()


func _on_breaked(_can_debug: bool, session_id: int) -> void:
	_session_id = session_id
	_paused = true
	_stops += 1
	_reason = "step" if _stepping else "breakpoint"
	_stepping = false
	_stack.clear()
	_answers.clear()
	_announce()


func _on_continued(session_id: int) -> void:
	if session_id == _session_id:
		_paused = false
		_stack.clear()
		_announce()


func _announce() -> void:
	changed.emit(summary())


func _session() -> EditorDebuggerSession:
	return get_session(_session_id) if _session_id >= 0 and _session_id < get_sessions().size() else null


func _not_paused() -> Result:
	if not is_running():
		return Result.fail("GAME_NOT_RUNNING", "No game runs under the editor's debugger.")
	return Result.fail(
		"INVALID_STATE",
		"The game runs; it is not stopped in the debugger.",
		"debug_set_breakpoint makes it stop at a line; debug_state shows where it is."
	)


## The engine's stack dump, [3 * frames, file, line, function, ...], as {file, line, function}.
static func _read_stack(data: Array) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for i: int in range(1, data.size() - 2, 3):
		found.append({"file": str(data[i]), "line": int(data[i + 1]), "function": str(data[i + 2])})
	return found


static func _is_static_frame(frame: Dictionary) -> bool:
	var script: Script = load(str(frame["file"])) as Script if ResourceLoader.exists(str(frame["file"])) else null
	if script == null:
		return false
	for method: Dictionary in script.get_script_method_list():
		if method["name"] == frame["function"]:
			return int(method.get("flags", 0)) & METHOD_FLAG_STATIC != 0
	return false


## A value the editor decoded from the game; objects arrive as their instance id only.
static func _json(value: Variant) -> Variant:
	if value is EncodedObjectAsID:
		return {"type": "Object", "object_id": (value as EncodedObjectAsID).object_id}
	return (load(COERCION) as Script).call("to_json", value)


static func _wait_for(condition: Callable, timeout_ms: int) -> void:
	var deadline: int = Time.get_ticks_msec() + timeout_ms
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	while not bool(condition.call()) and Time.get_ticks_msec() < deadline:
		await tree.process_frame
