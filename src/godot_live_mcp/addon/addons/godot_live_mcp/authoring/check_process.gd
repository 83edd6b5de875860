@tool
extends RefCounted
## Runs this engine's executable as a separate, bounded process for a check (a script's or a shader's
## compile), so what the check prints lands in that process's pipes and never in the editor's log.

const TextContent := preload("res://addons/godot_live_mcp/authoring/text_content.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

const TIMEOUT_SECONDS := 20
const POLL_SECONDS := 0.02
const READ_CHUNK := 65536
## The next step when the check itself (not the code checked) failed.
const RETRY := "Retry; if it persists, run godot-live-mcp doctor."


## {"stderr": what the process printed there, "exit_code"}; INTERNAL when it could not start (what: the
## thing checked, for the message), TIMEOUT when it outlasted TIMEOUT_SECONDS and was stopped.
static func run(arguments: PackedStringArray, what: String) -> Result:
	var started: Dictionary = OS.execute_with_pipe(OS.get_executable_path(), arguments, false)
	if started.is_empty():
		return Result.fail("INTERNAL", "Could not start '%s' to check %s." % [OS.get_executable_path(), what], RETRY)
	var output: Result = await _collect(started)
	if output.failed():
		return output
	return Result.of({"stderr": output.value, "exit_code": OS.get_process_exit_code(started["pid"])})


## Drains both pipes until the process ends (bounded): what it printed to stderr, or TIMEOUT.
static func _collect(started: Dictionary) -> Result:
	var pid: int = started["pid"]
	var errors: FileAccess = started["stderr"]
	var prints: FileAccess = started["stdio"]
	var output: PackedByteArray = PackedByteArray()
	var deadline: int = Time.get_ticks_msec() + TIMEOUT_SECONDS * 1000
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	while OS.is_process_running(pid):
		if Time.get_ticks_msec() > deadline:
			OS.kill(pid)
			return Result.fail("TIMEOUT", "The check took longer than %d s and was stopped." % TIMEOUT_SECONDS, RETRY)
		output.append_array(_drain(errors))
		_drain(prints)  # only emptied, so a chatty process cannot block on a full pipe
		await tree.create_timer(POLL_SECONDS).timeout
	output.append_array(_drain(errors))
	errors.close()
	prints.close()
	return Result.of(TextContent.decode(output) if TextContent.is_utf8(output) else "")


static func _drain(pipe: FileAccess) -> PackedByteArray:
	var read: PackedByteArray = PackedByteArray()
	var chunk: PackedByteArray = pipe.get_buffer(READ_CHUNK)
	while not chunk.is_empty():
		read.append_array(chunk)
		chunk = pipe.get_buffer(READ_CHUNK)
	return read
