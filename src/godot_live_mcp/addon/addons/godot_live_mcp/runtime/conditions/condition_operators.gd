@tool
extends RefCounted
## The operators of a condition on Variant values (export-clean), each checked before the engine
## applies it: where GDScript would stop with a SCRIPT ERROR, a ConditionFailure says why instead.

const ConditionFailure := preload("res://addons/godot_live_mcp/runtime/conditions/condition_failure.gd")

const NUMBERS: Array[int] = [TYPE_INT, TYPE_FLOAT]
const TEXTS: Array[int] = [TYPE_STRING, TYPE_STRING_NAME]
const VECTORS: Array[int] = [TYPE_VECTOR2, TYPE_VECTOR2I, TYPE_VECTOR3, TYPE_VECTOR3I, TYPE_VECTOR4, TYPE_VECTOR4I]


static func truthy(value: Variant) -> bool:
	return true if value else false


static func negate(value: Variant) -> Variant:
	if typeof(value) in NUMBERS or typeof(value) in VECTORS:
		return -value
	return ConditionFailure.because("'-' does not apply to %s." % type_string(typeof(value)))


## a op b for the arithmetic and comparison operators.
static func apply(symbol: String, a: Variant, b: Variant) -> Variant:
	if symbol == "==" or symbol == "!=":
		var same: Variant = equal(a, b)
		if same == null:
			return _refused(symbol, a, b)
		return bool(same) == (symbol == "==")
	if symbol in ["<", "<=", ">", ">="]:
		return _ordered(symbol, a, b)
	return _arithmetic(symbol, a, b)


## Whether a equals b: null when GDScript could not compare them (an int and a String).
static func equal(a: Variant, b: Variant) -> Variant:
	if a == null or b == null:
		return typeof(a) == typeof(b)
	if _kind(a) != _kind(b):
		return null
	if _kind(a) == "text":
		return str(a) == str(b)
	return a == b


static func _ordered(symbol: String, a: Variant, b: Variant) -> Variant:
	var kind: String = _kind(a)
	if kind != _kind(b) or not kind in ["number", "text"]:
		return _refused(symbol, a, b)
	if kind == "text":
		return _ordered(symbol, str(a).casecmp_to(str(b)), 0)
	match symbol:
		"<":
			return a < b
		"<=":
			return a <= b
		">":
			return a > b
	return a >= b


static func _arithmetic(symbol: String, a: Variant, b: Variant) -> Variant:
	if symbol == "+" and _kind(a) == "text" and _kind(b) == "text":
		return str(a) + str(b)
	if not _computable(symbol, a, b):
		return _refused(symbol, a, b)
	if symbol in ["/", "%"] and typeof(b) == TYPE_INT and b == 0:
		return ConditionFailure.because("Division by zero in '%s'." % symbol)
	match symbol:
		"+":
			return a + b
		"-":
			return a - b
		"*":
			return a * b
		"/":
			return a / b
	if typeof(a) == TYPE_INT and typeof(b) == TYPE_INT:
		return a % b
	return fmod(float(a), float(b))


## Numbers with numbers; a vector with a vector of its type (+ - * /) or with a number (* /).
static func _computable(symbol: String, a: Variant, b: Variant) -> bool:
	if _kind(a) == "number" and _kind(b) == "number":
		return true
	if symbol == "%" or not typeof(a) in VECTORS:
		return false
	return typeof(b) == typeof(a) or (symbol in ["*", "/"] and _kind(b) == "number")


static func _kind(value: Variant) -> String:
	if typeof(value) in NUMBERS:
		return "number"
	if typeof(value) in TEXTS:
		return "text"
	if value is Object:
		return "object"
	return type_string(typeof(value))


static func _refused(symbol: String, a: Variant, b: Variant) -> Variant:
	var operands: String = "%s and %s" % [type_string(typeof(a)), type_string(typeof(b))]
	return ConditionFailure.because("'%s' does not apply to %s." % [symbol, operands])
