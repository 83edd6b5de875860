@tool
extends RefCounted
## Renders a value the same way every time, short (export-clean): numbers to DECIMALS places with
## trailing zeros cut, vectors as "(x, y)", nodes by path, the rest as JSON with sorted keys. A
## timeline compares these texts, so noise below the last decimal is no change.

const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const RuntimeNodes := preload("res://addons/godot_live_mcp/runtime/runtime_nodes.gd")

const DECIMALS := 3
const VECTORS: Array[int] = [
	TYPE_VECTOR2, TYPE_VECTOR2I, TYPE_VECTOR3, TYPE_VECTOR3I, TYPE_VECTOR4, TYPE_VECTOR4I, TYPE_COLOR
]


static func render(value: Variant) -> String:
	var type: int = typeof(value)
	if type == TYPE_FLOAT:
		return number(float(value))
	if type in VECTORS:
		var parts: PackedStringArray = PackedStringArray()
		for i: int in 4 if type == TYPE_COLOR else _size_of(type):
			parts.append(number(float(value[i])))
		return "(%s)" % ", ".join(parts)
	if value is Node:
		return RuntimeNodes.path_of(value as Node)
	if type == TYPE_NIL or type == TYPE_BOOL or type == TYPE_INT:
		return str(value).to_lower() if type != TYPE_NIL else "null"
	return JSON.stringify(Coercion.to_json(value), "", true)


## value to DECIMALS places; what rounds to zero is "0.0", never "-0.0".
static func number(value: float) -> String:
	var text: String = String.num(value, DECIMALS)
	return "0.0" if text.trim_prefix("-") in ["0", "0.0"] else text


static func _size_of(vector_type: int) -> int:
	if vector_type in [TYPE_VECTOR2, TYPE_VECTOR2I]:
		return 2
	return 3 if vector_type in [TYPE_VECTOR3, TYPE_VECTOR3I] else 4
