@tool
extends RefCounted
## Reads into values for a condition (export-clean): properties of objects and of engine values
## (position.x), items of arrays and dictionaries, the bare functions and the value methods of the
## contract's list. Each is checked first (a ConditionFailure says what is wrong), so nothing here makes
## the engine log an error.

const ConditionFailure := preload("res://addons/godot_live_mcp/runtime/conditions/condition_failure.gd")
const ConditionRules := preload("res://addons/godot_live_mcp/runtime/conditions/condition_rules.gd")

## The members of engine value types a condition reads (GDScript names them the same).
const MEMBERS := {
	TYPE_VECTOR2: ["x", "y"],
	TYPE_VECTOR2I: ["x", "y"],
	TYPE_VECTOR3: ["x", "y", "z"],
	TYPE_VECTOR3I: ["x", "y", "z"],
	TYPE_VECTOR4: ["x", "y", "z", "w"],
	TYPE_VECTOR4I: ["x", "y", "z", "w"],
	TYPE_QUATERNION: ["x", "y", "z", "w"],
	TYPE_COLOR: ["r", "g", "b", "a", "h", "s", "v", "r8", "g8", "b8", "a8"],
	TYPE_RECT2: ["position", "size", "end"],
	TYPE_RECT2I: ["position", "size", "end"],
	TYPE_AABB: ["position", "size", "end"],
	TYPE_TRANSFORM2D: ["x", "y", "origin"],
	TYPE_TRANSFORM3D: ["basis", "origin"],
	TYPE_BASIS: ["x", "y", "z"],
	TYPE_PLANE: ["normal", "d", "x", "y", "z"],
}
const ARGUMENT_TYPES := {
	"path": [TYPE_STRING, TYPE_STRING_NAME, TYPE_NODE_PATH],
	"string": [TYPE_STRING, TYPE_STRING_NAME],
	"int": [TYPE_INT],
	"number": [TYPE_INT, TYPE_FLOAT],
	"vector": [TYPE_VECTOR2, TYPE_VECTOR3],
	"object": [TYPE_OBJECT],
}


static func property_of(base: Variant, name: String) -> Variant:
	if base is Object:
		if not is_instance_valid(base):
			return _failed("'%s' was read from a freed object" % name)
		if name in base:
			return (base as Object).get(name)
	elif base is Dictionary and (base as Dictionary).has(name):
		return (base as Dictionary)[name]
	elif name in MEMBERS.get(typeof(base), []):
		return base[name]
	return _failed("%s has no property '%s'" % [described(base), name])


static func item_of(base: Variant, key: Variant) -> Variant:
	if base is Dictionary:
		if (base as Dictionary).has(key):
			return (base as Dictionary)[key]
		return _failed("the dictionary has no key %s" % var_to_str(key))
	if typeof(base) < TYPE_ARRAY or typeof(base) >= TYPE_MAX:
		return _failed("%s cannot be indexed" % described(base))
	if typeof(key) != TYPE_INT:
		return _failed("an array index is an int, not %s" % type_string(typeof(key)))
	var size: int = base.size()
	if key < -size or key >= size:
		return _failed("index %d is outside the %d items" % [key, size])
	return base[key]


static func function(name: String, arguments: Array) -> Variant:
	var problem: String = argument_problem(ConditionRules.functions()[name], arguments)
	if problem != "":
		return _failed(problem)
	match name:
		"abs":
			return absf(arguments[0]) if arguments[0] is float else absi(arguments[0])
		"min":
			return min(arguments[0], arguments[1])
		"max":
			return max(arguments[0], arguments[1])
		"Vector2":
			return Vector2(arguments[0], arguments[1])
	return Vector3(arguments[0], arguments[1], arguments[2])


## A method of the value's own Variant type that the contract lists for that type.
static func value_method(base: Variant, name: String, arguments: Array) -> Variant:
	var rule: Dictionary = ConditionRules.value_methods().get(name, {})
	if rule.is_empty() or not type_string(typeof(base)) in rule["on"]:
		return _failed("%s has no method %s() a condition may call" % [described(base), name])
	var problem: String = argument_problem(rule["args"], arguments)
	if problem != "":
		return _failed(problem)
	if name == "distance_to" and typeof(arguments[0]) != typeof(base):
		return _failed("distance_to() takes a %s" % type_string(typeof(base)))
	return Callable.create(base, name).callv(arguments)


## "" when every argument has its type word's type, else what is wrong.
static func argument_problem(wanted: Array, arguments: Array) -> String:
	for i: int in mini(wanted.size(), arguments.size()):
		var word: String = wanted[i]
		if word == "any" or typeof(arguments[i]) in ARGUMENT_TYPES.get(word, []):
			if word != "object" or is_instance_valid(arguments[i]):
				continue
		return "argument %d must be a %s, not %s" % [i + 1, word, type_string(typeof(arguments[i]))]
	return ""


## How a message names value: a node by its name and class, else its type.
static func described(value: Variant) -> String:
	if value is Node and is_instance_valid(value):
		return "'%s' (%s)" % [(value as Node).name, (value as Node).get_class()]
	if value is Object and is_instance_valid(value):
		return (value as Object).get_class()
	return "null" if value == null else type_string(typeof(value))


static func _failed(why: String) -> Variant:
	return ConditionFailure.because(why)
