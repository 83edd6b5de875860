@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## runtime.playtest: a whole playtest script run inside the game in one call (runtime/playtest/,
## docs/playtest.md). A game started without an editor runs the same scripts from its command line.

const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const StepRunner := preload("res://addons/godot_live_mcp/runtime/step_runner.gd")
const PlaytestScript := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_script.gd")
const PlaytestRunner := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_runner.gd")
const PlaytestFile := preload("res://addons/godot_live_mcp/runtime/playtest/playtest_file.gd")

const CHANNEL := "runtime"
const GROUP := "runtime"
const COMMANDS := {
	"runtime.playtest":
	{
		"text":
		(
			"Run a playtest script in the game in one call, in stepped time from where it is paused: inputs"
			+ " (press, release, tap, hold, move, click), step N frames or step_until a condition, watched"
			+ " values and signals, screenshots, assertions. Returns a timeline (frame, kind, text; watched"
			+ " values only where they change), the assertions passed or failed and the errors logged."
			+ """ Steps look like {"do": "hold", "action": "move_right", "frames": 30}; docs/playtest.md."""
		),
		"args":
		{
			"script": 'object: {"steps": [...], "watch": ["$Player.position.x"], "signals": [{"node", "signal"}]}.',
			"path": "string: A res:// or user:// .json file holding the script (input_record saves one).",
		},
		"returns":
		[
			{"passed!": "boolean: Every assertion held.", "frames!": "integer", "assertions_failed": "integer"},
			{
				"timeline!": "array<object>: {frame, kind, text}",
				"assertions": "array<object>: {frame, condition, passed, seen}"
			},
			{"errors": "integer", "warnings": "integer", "screenshots": "array<object>", "events_dropped": "integer"},
			{"stopped": "object: {step, code, error, hint}: why the run ended early; the timeline ends there."},
		],
		"timeout_ms": StepRunner.COMMAND_TIMEOUT_MS,
		"marks": "cancellable long_running",
	},
}


func playtest(params: CommandParams, context: MCPToolkitToolContext) -> Result:
	var given: Result = _script_of(params)
	var script: Result = PlaytestScript.read(given.value) if given.succeeded() else given
	if script.failed():
		return script
	if _state.clock.is_stepping():
		return Result.fail(
			"INVALID_STATE", "A step is already running.", "Wait for it to finish, then run the playtest."
		)
	return await PlaytestRunner.new(_state.clock, script.value, _state.log_buffer).run(context)


## The script params gives inline, or the one in the file it names.
static func _script_of(params: CommandParams) -> Result:
	if params.has("script") == params.has("path"):
		return Result.fail("INVALID_PARAMS", "Give the playtest as script or as path, not both or neither.")
	if params.has("script"):
		return Result.of(params.object("script"))
	var path: String = params.text("path")
	var checked: Result = PathGuard.user_path(path) if path.begins_with("user://") else PathGuard.project_path(path)
	return PlaytestFile.read(checked.value) if checked.succeeded() else checked.within("path")
