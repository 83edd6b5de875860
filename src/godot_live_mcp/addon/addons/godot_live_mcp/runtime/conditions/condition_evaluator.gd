@tool
extends RefCounted
## Computes a parsed condition against a ConditionScope (export-clean). It only reads: names, node
## paths, properties, indexes, and the calls the parser let through (the contract's list), each one
## checked again on the live value. Every node counts against a step budget and the whole evaluation
## against a time budget (contract.json "conditions" limits), so a condition cannot hold the game.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const ConditionNode := preload("res://addons/godot_live_mcp/runtime/conditions/condition_node.gd")
const ConditionRules := preload("res://addons/godot_live_mcp/runtime/conditions/condition_rules.gd")
const ConditionScope := preload("res://addons/godot_live_mcp/runtime/conditions/condition_scope.gd")
const ConditionOperators := preload("res://addons/godot_live_mcp/runtime/conditions/condition_operators.gd")
const ConditionValues := preload("res://addons/godot_live_mcp/runtime/conditions/condition_values.gd")
const ConditionFailure := preload("res://addons/godot_live_mcp/runtime/conditions/condition_failure.gd")

const SEES := (
	"A condition sees self or scene (the current scene's root), tree, root, autoloads by name (e.g."
	+ " GameState.score), nodes as $Path or get_node('Path'), and the scene root's properties."
)

var _scope: ConditionScope
var _failure: Result = null
var _steps: int = 0
var _deadline_usec: int = 0
var _max_steps: int = ConditionRules.limit("max_steps")


## The value of tree in scope, or EXECUTION_ERROR with what failed.
func evaluate(tree: ConditionNode, scope: ConditionScope) -> Result:
	_scope = scope
	_failure = null
	_steps = 0
	_deadline_usec = Time.get_ticks_usec() + ConditionRules.limit("budget_ms") * 1000
	var value: Variant = _value(tree)
	return _failure if _failure != null else Result.of(value)


func _value(node: ConditionNode) -> Variant:
	if _failure != null or not _within_budget(node):
		return null
	var value: Variant = null
	match node.kind:
		ConditionNode.LITERAL:
			value = node.value
		ConditionNode.NAME:
			value = _name(node)
		ConditionNode.NODE:
			value = _node_under(_scene(node), str(node.value), node)
		ConditionNode.PROPERTY:
			value = _checked(ConditionValues.property_of(_value(node.children[0]), str(node.value)), node)
		ConditionNode.INDEX:
			value = _index(node)
		ConditionNode.CALL:
			value = _call(node)
		ConditionNode.UNARY:
			value = _unary(node)
		_:
			value = _binary(node)
	return value


func _within_budget(node: ConditionNode) -> bool:
	_steps += 1
	if _steps > _max_steps:
		_fail(node, "it took more than %d steps" % _max_steps)
	elif Time.get_ticks_usec() > _deadline_usec:
		_fail(node, "it ran past its budget of %d ms" % ConditionRules.limit("budget_ms"))
	return _failure == null


func _name(node: ConditionNode) -> Variant:
	var name: String = node.value
	match name:
		"self", "scene":
			return _scene(node)
		"tree":
			return _scope.tree
		"root":
			return _scope.root
	var autoload: Node = _scope.autoload(name)
	if autoload != null:
		return autoload
	if _scope.scene != null and name in _scope.scene:
		return _scope.scene.get(name)
	var unknown: String = "'%s' is neither an autoload nor a property of the scene's root" % name
	_failure = Result.fail("EXECUTION_ERROR", _where(node, unknown), "'%s' is unknown. %s" % [name, SEES])
	return null


func _scene(node: ConditionNode) -> Node:
	if _scope.scene == null:
		_fail(node, "there is no current scene")
	return _scope.scene


func _node_under(base: Variant, path: String, node: ConditionNode) -> Node:
	if _failure != null:
		return null
	if not (base is Node and is_instance_valid(base)):
		_fail(node, "a node path needs a node to start from, not %s" % type_string(typeof(base)))
		return null
	var found: Node = (base as Node).get_node_or_null(NodePath(path))
	if found == null:
		_fail(node, "there is no node at '%s' under '%s'" % [path, (base as Node).name])
	return found


func _index(node: ConditionNode) -> Variant:
	var base: Variant = _value(node.children[0])
	var key: Variant = _value(node.children[1])
	return _checked(ConditionValues.item_of(base, key), node) if _failure == null else null


func _unary(node: ConditionNode) -> Variant:
	var operand: Variant = _value(node.children[0])
	if _failure != null:
		return null
	if node.value == "not":
		return not ConditionOperators.truthy(operand)
	return _checked(ConditionOperators.negate(operand), node)


func _binary(node: ConditionNode) -> Variant:
	var left: Variant = _value(node.children[0])
	if _failure != null:
		return null
	if node.value == "and" or node.value == "or":
		var left_holds: bool = ConditionOperators.truthy(left)
		if left_holds == (node.value == "or"):
			return left_holds
		return ConditionOperators.truthy(_value(node.children[1]))
	var right: Variant = _value(node.children[1])
	return _checked(ConditionOperators.apply(str(node.value), left, right), node) if _failure == null else null


func _call(node: ConditionNode) -> Variant:
	var name: String = node.value
	var values: Array = []
	for child: ConditionNode in node.children:
		values.append(_value(child))
	if _failure != null:
		return null
	if node.has_base:
		return _method(values[0], name, values.slice(1), node)
	if ConditionRules.functions().has(name):
		return _checked(ConditionValues.function(name, values), node)
	var base: Object = _scene(node)
	if base != null and not base.has_method(name) and _scope.tree != null and _scope.tree.has_method(name):
		base = _scope.tree
	return _method(base, name, values, node) if _failure == null else null


## name(arguments) on base: a listed object method, or a listed method of base's Variant type.
func _method(base: Variant, name: String, arguments: Array, node: ConditionNode) -> Variant:
	if not base is Object:
		return _checked(ConditionValues.value_method(base, name, arguments), node)
	var wanted: Dictionary = ConditionRules.methods().get(name, {})
	var problem: String = ConditionValues.argument_problem(wanted.get("args", []), arguments)
	if not is_instance_valid(base):
		problem = "%s() was called on a freed object" % name
	elif wanted.is_empty() or not (base as Object).has_method(name):
		problem = "%s has no method %s() a condition may call" % [ConditionValues.described(base), name]
	if problem != "":
		_fail(node, problem)
		return null
	if name == "get_node":
		return _node_under(base, str(arguments[0]), node)
	if name == "get_child" and not _has_child(base as Node, arguments[0]):
		_fail(node, "'%s' has no child %d" % [(base as Node).name, arguments[0]])
		return null
	if name in ["get_node_or_null", "has_node"]:
		arguments = [NodePath(str(arguments[0]))]
	return (base as Object).callv(name, arguments)


static func _has_child(parent: Node, index: int) -> bool:
	return index >= -parent.get_child_count() and index < parent.get_child_count()


## The value of a step, or null when it returned a ConditionFailure (which becomes this evaluation's, at node).
func _checked(outcome: Variant, node: ConditionNode) -> Variant:
	if _failure != null:
		return null
	if outcome is ConditionFailure:
		_fail(node, (outcome as ConditionFailure).why.trim_suffix("."))
		return null
	return outcome


func _fail(node: ConditionNode, why: String) -> void:
	if _failure == null:
		_failure = Result.fail("EXECUTION_ERROR", _where(node, why), SEES)


static func _where(node: ConditionNode, why: String) -> String:
	return "%s (at character %d)." % [why, node.at + 1]
