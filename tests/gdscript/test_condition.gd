extends "unit_test.gd"
## Condition: the read-only expression language of runtime_step_until, parsed and evaluated by the
## addon's own code. Reads of nodes, properties, groups and listed methods work; code is refused when
## parsed; a slow read ends the evaluation at the budget.

const Condition := preload("res://addons/godot_live_mcp/runtime/conditions/condition.gd")
const ConditionScope := preload("res://addons/godot_live_mcp/runtime/conditions/condition_scope.gd")
const ConditionRules := preload("res://addons/godot_live_mcp/runtime/conditions/condition_rules.gd")


## A getter that takes as long as it is told: game code a condition may read.
class SlowNode:
	extends Node
	var delay_ms: int = 0
	var slow: int:
		get:
			OS.delay_msec(delay_ms)
			return 1


var _scene: Node2D


func _level() -> Node2D:
	_scene = made(Node2D.new()) as Node2D
	_scene.name = "Level"
	var player: CharacterBody2D = CharacterBody2D.new()
	player.name = "Player"
	player.position = Vector2(320, 40)
	_scene.add_child(player)
	var sprite: Sprite2D = Sprite2D.new()
	sprite.name = "Sprite"
	player.add_child(sprite)
	for i: int in 3:
		var coin: Node2D = Node2D.new()
		coin.name = "Coin%d" % (i + 1)
		_scene.add_child(coin)
	var slow: SlowNode = SlowNode.new()
	slow.name = "Slow"
	_scene.add_child(slow)
	return _scene


func _value(text: String) -> Variant:
	var compiled: Result = Condition.compile(text)
	if compiled.failed():
		failures.append("%s: %s %s" % [text, compiled.code, compiled.message])
		return null
	return value_of((compiled.value as Condition).evaluate(ConditionScope.new(_level())), text)


func _refused(text: String, code: String = "INVALID_PARAMS") -> Result:
	var compiled: Result = Condition.compile(text)
	failure_of(compiled, code, text)
	return compiled


func _failed(text: String) -> String:
	var compiled: Result = Condition.compile(text)
	if compiled.failed():
		failures.append("%s does not compile: %s" % [text, compiled.message])
		return ""
	return failure_of((compiled.value as Condition).evaluate(ConditionScope.new(_level())), "EXECUTION_ERROR", text)


func test_literals_arithmetic_and_comparisons() -> void:
	equal(_value("1 + 2 * 3"), 7, "precedence")
	equal(_value("(1 + 2) * 3"), 9, "parentheses")
	equal(_value("7 / 2"), 3, "int division")
	equal(_value("7.0 / 2"), 3.5, "float division")
	equal(_value("7 % 3"), 1, "modulo")
	equal(_value("-2 + 5"), 3, "negation")
	equal(_value("1_000 == 1000 and 0x10 == 16"), true, "number spellings")
	equal(_value("'a' + \"b\" == 'ab'"), true, "strings")
	equal(_value("2.5e1 >= 25"), true, "exponent")
	equal(_value("null == null and true != false"), true, "null and booleans")
	equal(_value("Vector2(3, 4).length()"), 5.0, "a vector and a value method")
	equal(_value("abs(-3) + max(1, 2) - min(4, 5)"), 1, "functions")


func test_and_or_not_short_circuit() -> void:
	equal(_value("not false and (false or true)"), true, "and, or, not")
	equal(_value("false and $Nobody.x > 1"), false, "and stops at a false left side")
	equal(_value("true or $Nobody.x > 1"), true, "or stops at a true left side")
	equal(_value("!false && true || false"), true, "symbols")


func test_nodes_properties_and_sub_properties() -> void:
	equal(_value("$Player.position.x"), 320.0, "a $ path and a sub-property")
	equal(_value("get_node('Player').position.y"), 40.0, "get_node on the scene")
	equal(_value("$Player/Sprite.visible"), true, "a nested path")
	equal(_value("$\"Player/Sprite\" == get_node('Player').get_node('Sprite')"), true, "a quoted path")
	equal(_value("self.name == 'Level' and scene.name == 'Level'"), true, "self and scene")
	equal(_value("position == Vector2(0, 0)"), true, "a bare name is a property of the scene's root")
	equal(_value("has_node('Coin1') and not has_node('Coin9')"), true, "has_node")
	equal(_value("get_child_count()"), 5, "a listed method on the scene's root")
	equal(_value("$Player.is_on_floor()"), false, "is_on_floor")
	equal(_value("get_child(0).name == 'Player'"), true, "get_child")
	equal(_value("root.name == 'root' and tree.root == root"), true, "tree and root")


func test_groups_are_counted_through_the_tree() -> void:
	var level: Node2D = _level()
	(Engine.get_main_loop() as SceneTree).root.add_child(level)
	for coin: String in ["Coin1", "Coin2"]:
		level.get_node(coin).add_to_group("coins")
	var compiled: Result = Condition.compile("tree.get_node_count_in_group('coins') == 2")
	equal(value_of((compiled.value as Condition).evaluate(ConditionScope.new(level))), true, "tree method")
	compiled = Condition.compile("get_node_count_in_group('coins') + free()")
	failure_of(compiled, "INVALID_PARAMS", "an unlisted call")
	compiled = Condition.compile("get_node_count_in_group('coins')")
	equal(value_of((compiled.value as Condition).evaluate(ConditionScope.new(level))), 2, "bare, from the tree")
	equal(value_of((compiled.value as Condition).evaluate(ConditionScope.new(level))), 2, "evaluated again")
	level.get_parent().remove_child(level)


func test_code_is_refused_with_a_hint_naming_execute_code() -> void:
	var os: Result = _refused("OS.execute('sh', ['-c', 'id > /tmp/x']) == 1")
	has_text(os.message, "'OS'", "the offending name")
	has_text(os.message, "character 1", "where it is")
	has_text(os.hint, "execute_code", "the hint")
	has_text(os.hint, "--allow-execute", "the hint")
	has_text(_refused("1 + OS.delay_msec(100000)").message, "character 5", "a singleton after an operator")
	has_text(_refused("$Player.queue_free()").message, "'queue_free' is not a method", "an unlisted method")
	has_text(_refused("$Player.call('queue_free')").message, "'call'", "call()")
	has_text(_refused("get_tree().quit()").message, "'get_tree'", "a bare unlisted call")
	has_text(_refused("$Player.position.x = 3").message, "assigns", "assignment")
	has_text(_refused("GameState.score += 1").message, "assigns", "compound assignment")
	has_text(_refused("func(): return 1").message, "'func'", "a lambda")
	has_text(_refused("load('res://x.gd').new()").message, "'load'", "load")
	has_text(_refused("Engine.get_singleton('OS')").message, "'Engine'", "Engine")
	has_text(_refused("ClassDB.instantiate('Node')").message, "'ClassDB'", "ClassDB")
	has_text(_refused("JSON.parse_string('1')").message, "'JSON'", "an engine class")
	has_text(_refused("is_on_floor(1)").message, "takes 0 argument", "too many arguments")


func test_text_that_is_no_expression_is_a_parse_error() -> void:
	for text: String in ["", "1 +", "(1", "$", "'open", "1 2", "[1, 2]", "a if b else c", "1 < 2 < 3", "#"]:
		var failed: Result = _refused(text, "PARSE_ERROR")
		has_text(failed.hint, "docs/conditions.md", text)


func test_size_and_nesting_are_bounded() -> void:
	var long: String = "1" + " + 1".repeat(ConditionRules.limit("max_chars"))
	has_text(_refused(long).message, "longer than", "length")
	var many: String = "1" + " + 1".repeat(ConditionRules.limit("max_nodes"))
	has_text(_refused(many).message, "parts", "nodes")
	var deep: String = "(".repeat(40) + "1" + ")".repeat(40)
	has_text(_refused(deep).message, "nests deeper", "depth")


func test_a_failing_read_says_what_and_where() -> void:
	has_text(_failed("$Nobody.position.x > 0"), "no node at 'Nobody'", "a missing node")
	has_text(_failed("get_node('Coin9').visible"), "Coin9", "get_node of a missing node")
	has_text(_failed("$Player.nothing"), "has no property 'nothing'", "a missing property")
	has_text(_failed("$Player.position.q"), "Vector2 has no property 'q'", "a missing sub-property")
	has_text(_failed("Scoreboard.points > 0"), "'Scoreboard' is neither an autoload", "an unknown name")
	has_text(_failed("1 == 'a'"), "'==' does not apply to int and String", "mixed types")
	has_text(_failed("1 / 0"), "Division by zero", "division by zero")
	has_text(_failed("$Sprite.is_on_floor()"), "no node at 'Sprite'", "a path from the wrong node")
	has_text(_failed("$Player/Sprite.is_on_floor()"), "has no method is_on_floor()", "a method of another class")
	has_text(_failed("get_child(9)"), "no child 9", "a child out of range")
	has_text(_failed("'abc'.length()"), "String has no method length()", "a value method of another type")


func test_a_slow_read_ends_at_the_time_budget() -> void:
	var level: Node2D = _level()
	(level.get_node("Slow") as SlowNode).delay_ms = ConditionRules.limit("budget_ms") + 20
	var compiled: Result = Condition.compile("$Slow.slow + $Slow.slow + $Slow.slow > 0")
	var started: int = Time.get_ticks_msec()
	var failed: String = failure_of(
		(compiled.value as Condition).evaluate(ConditionScope.new(level)), "EXECUTION_ERROR"
	)
	has_text(failed, "budget of %d ms" % ConditionRules.limit("budget_ms"), "the budget")
	check(
		Time.get_ticks_msec() - started < 3 * (ConditionRules.limit("budget_ms") + 20), "it stopped after one slow read"
	)


func test_the_contract_lists_the_safe_methods() -> void:
	for name: String in ["is_on_floor", "is_on_wall", "is_visible_in_tree", "get_child_count", "is_playing"]:
		check(ConditionRules.methods().has(name), "%s is listed" % name)
	for name: String in ["call", "callv", "set", "queue_free", "free", "emit_signal", "execute", "delay_msec"]:
		check(not name in ConditionRules.callable_names(), "%s is not listed" % name)
