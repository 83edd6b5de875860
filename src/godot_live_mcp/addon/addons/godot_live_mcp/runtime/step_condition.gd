@tool
extends RefCounted
## The condition of runtime.step_until: one GDScript expression that sees what execute.code's
## expressions see (the current scene as self and `scene`, `tree`, `root`, autoloads by name, engine
## singletons and classes), evaluated after each stepped frame (export-clean).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CodeRunner := preload("res://addons/godot_live_mcp/runtime/code_runner.gd")
const RuntimeNodes := preload("res://addons/godot_live_mcp/runtime/runtime_nodes.gd")

const SEES := (
	"A condition sees the current scene as self (get_node('Player'), or `scene`), `tree`, `root`, autoloads by"
	+ " name (e.g. GameState.score), engine singletons and classes"
)
const EXAMPLE := "e.g. \"get_node('Player').position.x > 300\""

## The first failure of the expression ("" while it runs cleanly).
var failure: String = ""
var _text: String
var _expression: Expression = Expression.new()
var _names: Dictionary


## Reads text as the condition: OK, or PARSE_ERROR with what is wrong.
func parse(text: String) -> Result:
	_text = text.strip_edges()
	_names = CodeRunner.expression_names(_text, RuntimeNodes.scene_root())
	if _text == "" or _expression.parse(_text, PackedStringArray(_names.keys())) != OK:
		var why: String = _expression.get_error_text() if _text != "" else "it is empty"
		return Result.fail(
			"PARSE_ERROR", "The condition does not parse: %s" % why, "Write one expression, %s." % EXAMPLE
		)
	return Result.of(true)


## Whether the condition holds now; a failing one counts as holding (the step ends) and sets failure.
func holds() -> bool:
	var scene: Node = RuntimeNodes.scene_root()
	_names["scene"] = scene
	var value: Variant = _expression.execute(_names.values(), scene, false)
	if _expression.has_execute_failed():
		failure = _expression.get_error_text()
		return true
	return bool(value)


## EXECUTION_ERROR for the failure, after frames stepped frames, with a hint fitted to what went wrong.
func failed_after(frames: int) -> Result:
	var when: String = "before the first frame" if frames == 0 else "after frame %d" % frames
	var unknown: RegExMatch = RegEx.create_from_string("named index '([^']+)'").search(failure)
	var hint: String = "%s. execute_code runs the same expression once, to try it." % SEES
	if unknown != null:
		hint = (
			("'%s' is neither a property of the scene root nor a name the condition knows. " % unknown.get_string(1))
			+ hint
		)
	return Result.fail("EXECUTION_ERROR", "The condition failed %s: %s" % [when, failure], hint)
