@tool
extends RefCounted
## A condition: a small read-only expression over the running game, parsed by this addon's own
## parser and evaluated by its own evaluator, never by Expression or GDScript (export-clean). The
## grammar, the names it sees and the methods it may call are in docs/conditions.md; the list of
## methods and the budgets are contract.json's "conditions" section. Any tool may use it:
##   var made: Result = Condition.compile(text)   # PARSE_ERROR or INVALID_PARAMS, or a Condition
##   var now: Result = (made.value as Condition).evaluate(ConditionScope.new(scene))

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Condition := preload("res://addons/godot_live_mcp/runtime/conditions/condition.gd")
const ConditionNode := preload("res://addons/godot_live_mcp/runtime/conditions/condition_node.gd")
const ConditionParser := preload("res://addons/godot_live_mcp/runtime/conditions/condition_parser.gd")
const ConditionEvaluator := preload("res://addons/godot_live_mcp/runtime/conditions/condition_evaluator.gd")
const ConditionScope := preload("res://addons/godot_live_mcp/runtime/conditions/condition_scope.gd")
const COMPARISONS := ConditionParser.COMPARISONS

const EXAMPLE := 'e.g. "$Player.position.x > 300", "GameState.score >= 3 and $Player.is_on_floor()"'
const PARSE_HINT := "Write one expression, %s (docs/conditions.md has the grammar)." % EXAMPLE
const REFUSED_HINT := (
	"A condition only reads the game: nodes ($Player), properties (position.x), autoloads, groups"
	+ " (tree.get_node_count_in_group('coins')) and the listed methods (docs/conditions.md)."
	+ " To run other code use execute_code, which the person must allow by starting the server with --allow-execute."
)

## The text it was compiled from.
var text: String
var _tree: ConditionNode
var _evaluator: ConditionEvaluator = ConditionEvaluator.new()


## text as a Condition, or PARSE_ERROR (not an expression) / INVALID_PARAMS (not allowed in a condition).
static func compile(condition_text: String) -> Result:
	var parsed: Result = ConditionParser.new().parse(condition_text)
	if parsed.failed():
		var hint: String = REFUSED_HINT if parsed.code == "INVALID_PARAMS" else PARSE_HINT
		return Result.fail(parsed.code, parsed.message, hint)
	var made: Condition = Condition.new()
	made.text = condition_text.strip_edges()
	made._tree = parsed.value
	return Result.of(made)


## The condition's value now, in scope; EXECUTION_ERROR when a read fails or the budget runs out.
func evaluate(scope: ConditionScope) -> Result:
	return _evaluator.evaluate(_tree, scope)


## Whether it holds now (its value counts as GDScript truth); EXECUTION_ERROR as evaluate.
func holds(scope: ConditionScope) -> Result:
	var value: Result = evaluate(scope)
	if value.succeeded():
		value.value = true if value.value else false
	return value


## What a comparison looks at: the value of its left side ("$Player.position.x" of "$Player.position.x > 300"),
## or the whole value when the condition compares nothing. Reports say what was seen with it.
func subject(scope: ConditionScope) -> Result:
	var compares: bool = _tree.kind == ConditionNode.BINARY and str(_tree.value) in COMPARISONS
	return _evaluator.evaluate(_tree.children[0] if compares else _tree, scope)
