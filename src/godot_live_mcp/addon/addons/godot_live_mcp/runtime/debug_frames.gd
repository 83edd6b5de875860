@tool
extends RefCounted
## The game's half of debug_state (export-clean): while the game is stopped in the editor's debugger,
## the engine's debug loop still hands it the messages of a registered capture, so the editor asks
## here for the script stack with each frame's local and member variables, as JSON, tagged with the
## request's id. The engine's own answer to the same question comes without a request id and mixed
## with the debugger panel's own requests, so it cannot be matched to a call.

## Loaded with the first frame asked for: the editor preloads this script at start (ADR 0006).
const COERCION := "res://addons/godot_live_mcp/contract/coercion.gd"

const CAPTURE := "mcp_debug"
## A value whose JSON is longer is given as the start of its text.
const MAX_VALUE_CHARS := 300
const OWN_FILE := "res://addons/godot_live_mcp/runtime/debug_frames.gd"


## Registers the capture, in a game the editor debugs (EngineDebugger inactive otherwise).
static func install() -> void:
	if EngineDebugger.is_active() and not EngineDebugger.has_capture(CAPTURE):
		EngineDebugger.register_message_capture(CAPTURE, _on_message)


static func uninstall() -> void:
	if EngineDebugger.has_capture(CAPTURE):
		EngineDebugger.unregister_message_capture(CAPTURE)


## "frames" [request_id, max_frames, members_of_every_frame]: answers "mcp_debug:frames"
## [request_id, frames]. Runs inside the debug loop while the game is stopped.
static func _on_message(message: String, data: Array) -> bool:
	if message != "frames" or data.size() < 3:
		return false
	var frames: Array[Dictionary] = stack(int(data[1]), bool(data[2]))
	EngineDebugger.send_message(CAPTURE + ":frames", [data[0], frames])
	return true


## The script stack, innermost frame first, without this file's own frame: file, line, function,
## locals, and members (for the innermost frame only unless every_frame).
static func stack(max_frames: int, every_frame: bool) -> Array[Dictionary]:
	var frames: Array[Dictionary] = []
	for trace: ScriptBacktrace in Engine.capture_script_backtraces(true):
		for i: int in trace.get_frame_count():
			if trace.get_frame_file(i) == OWN_FILE or frames.size() >= max_frames:
				continue
			var frame: Dictionary = {
				"file": trace.get_frame_file(i),
				"line": trace.get_frame_line(i),
				"function": trace.get_frame_function(i),
				"locals": _locals(trace, i),
			}
			if every_frame or frames.is_empty():
				frame["members"] = _members(trace, i)
			frames.append(frame)
	return frames


static func _locals(trace: ScriptBacktrace, frame: int) -> Dictionary:
	var found: Dictionary = {}
	for i: int in trace.get_local_variable_count(frame):
		found[trace.get_local_variable_name(frame, i)] = _json(trace.get_local_variable_value(frame, i))
	return found


static func _members(trace: ScriptBacktrace, frame: int) -> Dictionary:
	var found: Dictionary = {}
	for i: int in trace.get_member_variable_count(frame):
		found[trace.get_member_variable_name(frame, i)] = _json(trace.get_member_variable_value(frame, i))
	return found


static func _json(value: Variant) -> Variant:
	var encoded: Variant = (load(COERCION) as Script).call("to_json", value)
	var text: String = JSON.stringify(encoded)
	return encoded if text.length() <= MAX_VALUE_CHARS else text.left(MAX_VALUE_CHARS) + "…"
