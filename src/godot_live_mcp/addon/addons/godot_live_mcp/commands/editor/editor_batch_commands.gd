@tool
extends "res://addons/godot_live_mcp/core/editor_module.gd"
## editor.batch: editor tools called in order as one undo action. Every step is checked before any
## runs; the first failure undoes what the earlier steps did, so the scenes, the files and the undo
## history are as they were. The steps call the commands of the module's registry; the editor's
## undo ledger, one of its services, collects their actions.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandRegistry := preload("res://addons/godot_live_mcp/dispatch/command_registry.gd")
const SceneEdit := preload("res://addons/godot_live_mcp/authoring/scene_edit.gd")
const UndoBatch := preload("res://addons/godot_live_mcp/authoring/undo_batch.gd")
const UndoLedger := preload("res://addons/godot_live_mcp/authoring/undo_ledger.gd")
const StepReferences := preload("res://addons/godot_live_mcp/authoring/step_references.gd")
const StepLine := preload("res://addons/godot_live_mcp/commands/editor/editor_batch_line.gd")

const GROUP := "editor"
const MAX_STEPS := 64
const ARGUMENTS := {
	"type": "object",
	"additionalProperties": true,
	"description":
	(
		"The tool's arguments. A string '$N.field' is that field of step N's result (steps count from 0),"
		+ " e.g. '$0.node_path', or '$0.node_path/Sprite' for a path below it."
	),
}
const COMMANDS := {
	"editor.batch":
	{
		"text":
		(
			"Call several editor tools in order as one undo action, all or nothing: the first failing step"
			+ " undoes the earlier ones and is named with its code and hint. In a step's arguments '$N.field'"
			+ " is step N's result field (from 0), e.g. '$0.node_path'. Not for saving, closing, opening or"
			+ " reloading scenes, undo/redo, game or runtime tools."
		),
		"args":
		{
			"steps!":
			{
				"@": "array[1..%d]: The calls, in order." % MAX_STEPS,
				"tool!": "string: An editor tool, e.g. node_create.",
				"arguments": ARGUMENTS,
			},
			# Step indexes are below MAX_STEPS (a constant expression cannot format them in).
			"full":
			"array<integer[0..63]>[0..64]: Steps (by index) whose whole result to return; the others get one line.",
			"name": "string[1..80]: The undo action's name; defaults to the steps' tools.",
		},
		"returns":
		{
			"steps!": "array<string>: One line a step: its index, tool and main result fields.",
			"results": "object: Index -> whole result, for the steps named in full.",
			"undo": "string: The one undo action recorded ('' when the steps changed nothing).",
		},
		"marks": "runs_steps cancellable",
		"timeout_ms": 300000,
	},
}


func batch(params: CommandParams, context: MCPToolkitToolContext) -> Result:
	var undo: UndoLedger = _services.undo
	if undo.is_collecting():
		return Result.fail("INVALID_OPERATION", "editor_batch cannot run inside another batch.")
	var registry: CommandRegistry = _registry.get_ref() as CommandRegistry
	var planned: Result = _plan(registry, params.list("steps"))
	if planned.failed():
		return planned
	var collected: UndoBatch = UndoBatch.new()
	undo.collect_into(collected)
	var ran: Result = await _run(registry, planned.value, collected, context)
	if collected.cut:  # past its deadline: its steps were taken back then, and TIMEOUT answered
		return Result.fail("TIMEOUT", "The batch ran past its deadline; its finished steps were undone.")
	undo.collect_into(null)
	if ran.failed():
		collected.roll_back()
		return ran
	var what: String = params.text("name") if params.has("name") else _default_name(planned.value)
	var recorded: bool = await _file(collected, what)
	return Result.of(_answer(planned.value, ran.value, params.list("full"), what if recorded else ""))


## Files the collected actions as one, with the batch's scene the active tab while it does.
static func _file(collected: UndoBatch, what: String) -> bool:
	if collected.scene == "":
		return collected.file_as(what)
	var filed: Result = await SceneEdit.edit(
		{"scene": collected.scene}, func(_root: Node) -> Result: return Result.of(collected.file_as(what))
	)
	return filed.succeeded() and filed.value == true


## Each step as [index, tool, command, arguments]; the first step no batch may hold fails the plan.
static func _plan(registry: CommandRegistry, steps: Array) -> Result:
	var commands: Dictionary = {}
	for name: String in registry.command_names():
		commands[name.replace(".", "_")] = name
	var planned: Array = []
	for index: int in steps.size():
		var step: Dictionary = steps[index] if steps[index] is Dictionary else {}
		var tool: String = str(step.get("tool", ""))
		var given: Variant = step.get("arguments", {})
		var arguments: Dictionary = given if given is Dictionary else {}
		var refused: String = _refusal(registry, str(commands.get(tool, "")), arguments, index)
		if refused == "" and not given is Dictionary:
			refused = "its arguments are not an object"
		if refused != "":
			return _step_failure(index, tool, Result.fail("INVALID_PARAMS", refused, _refusal_hint(tool)))
		planned.append([index, tool, commands[tool], arguments])
	return Result.of(planned)


## Why a step may not be in a batch, or "".
static func _refusal(registry: CommandRegistry, command: String, arguments: Dictionary, index: int) -> String:
	if command == "":
		return "no editor tool of that name (a batch holds the editor's own tools, not the server's)"
	var options: MCPToolkitCommandOptions = registry.get_options(command)
	if options.channel != "editor":
		return "it runs in the game, and a batch holds editor tools only"
	if options.server_marks.has("runs_steps") or options.steps_history or options.opens_scene or options.outside_undo:
		return "its effect is not one an undo action can hold (saving, opening, closing, undo itself)"
	if options.long_running:
		return "it can take long (imports, waits), and a batch runs as one quick action"
	for step: int in StepReferences.used_by(arguments):
		if step >= index:
			return "'$%d.…' refers to a step that has not run yet (a step refers only to earlier ones)" % step
	return ""


static func _refusal_hint(tool: String) -> String:
	return "Call %s on its own, before or after the batch; discover_tools lists the editor's tools." % tool


## The steps' results in order, or the first failure (named with its step) once it happened.
static func _run(
	registry: CommandRegistry, planned: Array, collected: UndoBatch, context: MCPToolkitToolContext
) -> Result:
	var results: Array[Dictionary] = []
	for step: Array in planned:
		if context.is_cancelled():
			return Result.fail("CANCELLED", "The batch was cancelled before step %d; nothing was changed." % step[0])
		var arguments: Result = StepReferences.resolve(step[3], results)
		var outcome: Result = arguments
		if arguments.succeeded():
			outcome = Result.from_envelope(await registry.call_command(step[2], arguments.value))
		if outcome.succeeded() and collected.conflict != "":
			outcome = Result.fail("INVALID_OPERATION", collected.conflict, "Edit one scene per batch.")
		if outcome.failed():
			return _step_failure(step[0], step[1], outcome)
		results.append(outcome.value)
	return Result.of(results)


## A step's failure as the batch's: same code and hint, the message naming the step.
static func _step_failure(index: int, tool: String, failure: Result) -> Result:
	var text: String = "Step %d (%s) failed, and the batch changed nothing: %s" % [index, tool, failure.message]
	return Result.fail(failure.code, text, failure.hint)


static func _default_name(planned: Array) -> String:
	var tools: PackedStringArray = []
	for step: Array in planned:
		if not tools.has(step[1]):
			tools.append(step[1])
	return StepLine.clip("batch of %d: %s" % [planned.size(), ", ".join(tools)], 80)


static func _answer(planned: Array, results: Array[Dictionary], full: Array, undo: String) -> Dictionary:
	var lines: Array[String] = []
	var whole: Dictionary = {}
	var asked: Array[int] = []
	for index: Variant in full:  # JSON numbers arrive as floats
		asked.append(int(index))
	for step: Array in planned:
		var index: int = step[0]
		lines.append(StepLine.of(index, step[1], results[index]))
		if asked.has(index):
			whole[str(index)] = results[index]
	var answer: Dictionary = {"steps": lines, "undo": undo}
	if not whole.is_empty():
		answer["results"] = whole
	return answer
