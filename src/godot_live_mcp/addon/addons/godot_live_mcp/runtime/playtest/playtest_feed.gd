@tool
extends RefCounted
## The command-line feed of playtests (export-clean): a game started as
##   godot --headless --path P --fixed-fps 60 -- --playtest SCRIPT --playtest-out RESULT
## runs SCRIPT from its very first frame, writes RESULT (JSON, whole or not at all) and quits with
## EXIT_PASSED, EXIT_FAILED (an assertion failed) or EXIT_NOT_RUN (the script was refused, or stopped
## part-way: the result then says why under "stopped"). With `--playtest-shot PNG`, a game that draws
## saves the viewport at the first failure there.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const RuntimeState := preload("res://addons/godot_live_mcp/runtime/runtime_state.gd")
const PlaytestScript := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_script.gd")
const PlaytestRunner := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_runner.gd")
const PlaytestFile := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_file.gd")

const SCRIPT_FLAG := "--playtest"
const OUT_FLAG := "--playtest-out"
const SHOT_FLAG := "--playtest-shot"
const EXIT_PASSED := 0
const EXIT_FAILED := 1
const EXIT_NOT_RUN := 2


## Whether this game was started to run a playtest from its command line.
static func is_requested() -> bool:
	return SCRIPT_FLAG in OS.get_cmdline_user_args()


## Runs the script the command line names once the main scene is in the tree, then quits. The
## caller paused the game before its first frame, so frame 0 is the scene as it loaded.
static func run(state: RuntimeState) -> void:
	var tree: SceneTree = state.clock.get_tree()
	await tree.process_frame
	var script_path: String = _value_of(SCRIPT_FLAG)
	var out_path: String = _value_of(OUT_FLAG)
	if out_path == "":
		out_path = script_path.get_basename() + ".result.json"
	var ran: Result = await _run(script_path, state)
	var report: Dictionary = ran.value if ran.succeeded() else {"passed": false, "error": ran.to_envelope()}
	var code: int = EXIT_PASSED if report["passed"] else EXIT_FAILED
	if ran.failed() or report.has("stopped"):
		code = EXIT_NOT_RUN
	var written: Error = PlaytestFile.write(out_path, report)
	if written != OK:
		push_error("godot_live_mcp: cannot write the playtest result %s: %s" % [out_path, error_string(written)])
		code = EXIT_NOT_RUN
	tree.quit(code)


static func _run(script_path: String, state: RuntimeState) -> Result:
	if script_path == "":
		return Result.fail("INVALID_PARAMS", "%s needs a script path after it." % SCRIPT_FLAG)
	var data: Result = PlaytestFile.read(script_path)
	var script: Result = PlaytestScript.read(data.value) if data.succeeded() else data
	if script.failed():
		return script
	var runner: PlaytestRunner = PlaytestRunner.new(state.clock, script.value, state.log_buffer)
	runner.failure_shot = _value_of(SHOT_FLAG)
	return await runner.run(MCPToolkitToolContext.new())


## The argument after flag among the user arguments, "" when there is none.
static func _value_of(flag: String) -> String:
	var args: PackedStringArray = OS.get_cmdline_user_args()
	var at: int = args.find(flag)
	return args[at + 1] if at >= 0 and at + 1 < args.size() else ""
