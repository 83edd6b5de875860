@tool
extends "res://addons/godot_live_mcp/core/editor_module.gd"
## debug.*: the editor's debugger on the game it runs: where the game stopped and why, its stack and
## variables, breakpoints, continuing and stepping, evaluating an expression in a frame.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const Detail := preload("res://addons/godot_live_mcp/shared/detail.gd")
const GameDebugger := preload("res://addons/godot_live_mcp/debugger/game_debugger.gd")
const WireNumbers := preload("res://addons/godot_live_mcp/contract/wire_numbers.gd")

const GROUP := "debug"
const WHERE := {
	"running!": "boolean: Whether a game runs under the editor's debugger.",
	"paused!": "boolean: Whether it is stopped in the debugger.",
	"at": "string: Where it stopped: 'res://path.gd:line in function()'.",
	"reason": "enum(breakpoint|step|error): A breakpoint, the end of a debug_step, or a script error.",
	"error": "string: The script error it stopped on.",
	"can_step": "boolean: Whether debug_step can go on line by line (not after an error).",
}
const FRAMES := [
	{"@": "array: The script stack, innermost first.", "index!": "integer", "file!": "string", "line!": "integer"},
	{"function!": "string", "locals": "object: name -> JSON value.", "members": "object: The instance's variables."},
]
const LINE := {"file!": "string: res:// path of the script.", "line!": "integer[1..]: A line holding a statement."}
const BREAKPOINTS := {"breakpoints!": "array<object>: Every breakpoint, {file, line}.", "added": "boolean"}
## Marks of continue and step, which change where the game is (so not idempotent).
const GO := "read_only scene_independent"
const DEFAULTS := {"marks": "read_only scene_independent idempotent", "guard": ["file"], "returns": BREAKPOINTS}
const COMMANDS := {
	"debug.state":
	{
		"text":
		(
			"Tell whether the game runs or is stopped in the debugger: where (file:line), on which error, and"
			+ " the script stack with each frame's local variables."
		),
		"args":
		{
			"max_frames": "integer[1..50]=10: How many frames to return, innermost first.",
			"detail": Detail.ARG % "brief: frames only; normal: + locals, and members of frame 0; full: + all members",
		},
		"returns": [WHERE, {"frames": FRAMES, "note": "string", "hint": "string"}],
	},
	"debug.set_breakpoint":
	{"text": "Stop the game when it reaches a script line: now, and in every game started later.", "args": LINE},
	"debug.remove_breakpoint": {"text": "Remove a breakpoint set with debug_set_breakpoint.", "args": LINE},
	"debug.list_breakpoints": {"text": "List the breakpoints set with debug_set_breakpoint."},
	"debug.continue":
	{"run": "resume", "text": "Let a game stopped in the debugger run on.", "returns": WHERE, "marks": GO},
	"debug.step":
	{
		"text": "Run one line of a game stopped at a breakpoint, then tell where it stopped (or that it runs on).",
		"args": {"mode": 'enum(into|over|out)="over": into: enter a call on the line; over: run it; out: return.'},
		"returns": WHERE,
		"marks": GO,
	},
	"debug.evaluate":
	{
		"text":
		(
			"Compute an expression in a frame of a game stopped in the debugger (its locals, its instance's"
			+ " members, autoloads, singletons). It can run OS commands, read and write any file and read every"
			+ " Godot instance's token: offered only with --allow-execute."
		),
		"args":
		{
			"expression!": "string: An expression, e.g. 'velocity.length()' or 'get_node(\"Player\").position'.",
			"frame": "integer[0..]=0: The frame, 0 = innermost (debug_state lists them).",
		},
		"returns": {"expression!": "string", "value": "any: Its value as JSON; objects by class or instance id."},
		"marks": "destructive open_world scene_independent",
	},
}


func state(params: CommandParams) -> Result:
	var debugger: GameDebugger = _services.debugger
	var found: Dictionary = debugger.summary()
	found["running"] = debugger.is_running()
	if not found["paused"]:
		return Result.of(found)
	var level: String = params.text("detail")
	var frames: Array = debugger.stack()
	if level != "brief":
		var asked: Result = await debugger.frames(params.integer("max_frames"), level == "full")
		if asked.succeeded():
			frames = asked.value
		else:
			found["note"] = "Variables unavailable: %s Is MCPRuntimeServer an autoload of the project?" % asked.message
	found["frames"] = _fitted(_indexed(frames.slice(0, params.integer("max_frames"))), Detail.cap(level))
	found["hint"] = debugger.resume_hint()
	return Result.of(found)


func set_breakpoint(params: CommandParams) -> Result:
	var debugger: GameDebugger = _services.debugger
	var added: Result = debugger.breakpoints.add(params.text("file"), params.integer("line"))
	if added.failed():
		return added
	debugger.set_breakpoint(params.text("file"), params.integer("line"), true)
	return Result.of({"breakpoints": debugger.breakpoints.listed(), "added": added.value})


func remove_breakpoint(params: CommandParams) -> Result:
	var debugger: GameDebugger = _services.debugger
	if not debugger.breakpoints.remove(params.text("file"), params.integer("line")):
		return Result.fail(
			"NOT_FOUND",
			"No breakpoint at %s:%d." % [params.text("file"), params.integer("line")],
			"debug_list_breakpoints lists them."
		)
	debugger.set_breakpoint(params.text("file"), params.integer("line"), false)
	return Result.of({"breakpoints": debugger.breakpoints.listed()})


func list_breakpoints(_params: CommandParams) -> Result:
	return Result.of({"breakpoints": _services.debugger.breakpoints.listed()})


func resume(_params: CommandParams) -> Result:
	return _with_running(_services.debugger, await _services.debugger.resume())


func step(params: CommandParams) -> Result:
	return _with_running(_services.debugger, await _services.debugger.step(params.text("mode")))


func evaluate(params: CommandParams) -> Result:
	var expression: String = params.text("expression")
	var parsed: Expression = Expression.new()
	if parsed.parse(expression) != OK:
		return Result.fail("PARSE_ERROR", "'%s' is not an expression: %s" % [expression, parsed.get_error_text()])
	var debugger: GameDebugger = _services.debugger
	var value: Result = await debugger.evaluate(expression, params.integer("frame"))
	if value.failed():
		return value
	return Result.of({"expression": expression, "value": value.value})


static func _with_running(debugger: GameDebugger, outcome: Result) -> Result:
	if outcome.succeeded():
		outcome.value["running"] = debugger.is_running()
	return outcome


static func _indexed(frames: Array) -> Array:
	var numbered: Array = []
	for i: int in frames.size():
		var frame: Dictionary = (frames[i] as Dictionary).duplicate()
		frame["index"] = i
		numbered.append(frame)
	return numbered


## The innermost frames whose JSON fits cap (at least one).
static func _fitted(frames: Array, cap: int) -> Array:
	var used: int = 0
	for i: int in frames.size():
		used += WireNumbers.json_text(frames[i]).length()
		if i > 0 and used > cap:
			return frames.slice(0, i)
	return frames
