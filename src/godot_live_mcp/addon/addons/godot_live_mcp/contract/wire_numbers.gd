@tool
extends RefCounted
## Every number the editor and the game send, in one JSON form (Components.float_json): the transport's
## send passes each message here, so a result that holds engine floats without going through Coercion
## still reads 0.7 for a float32 0.7, and "nan" / "inf" / "-inf" for non-finite ones (JSON.stringify
## would write null for NaN and 1e99999 for INF). A message with nothing to change is returned as it is;
## otherwise the containers on the way to a change are copied, never the caller's. Export-clean.

const Components := preload("res://addons/godot_live_mcp/contract/coercion_components.gd")


## value with its floats (and float packed arrays) in their JSON form, at any depth.
static func settle(value: Variant) -> Variant:
	match typeof(value):
		TYPE_FLOAT:
			return Components.float_json(value)
		TYPE_PACKED_FLOAT32_ARRAY, TYPE_PACKED_FLOAT64_ARRAY:
			return Array(value).map(func(number: float) -> Variant: return Components.float_json(number))
		TYPE_ARRAY:
			return _settled_array(value)
		TYPE_DICTIONARY:
			return _settled_dictionary(value)
	return value


static func _settled_array(items: Array) -> Variant:
	for index: int in items.size():
		var settled: Variant = settle(items[index])
		if not _unchanged(items[index], settled):
			var copy: Array = []
			copy.append_array(items.slice(0, index))
			copy.append(settled)
			for rest: Variant in items.slice(index + 1):
				copy.append(settle(rest))
			return copy
	return items


static func _settled_dictionary(entries: Dictionary) -> Variant:
	var changed: Dictionary = {}
	for key: Variant in entries:
		var settled: Variant = settle(entries[key])
		if not _unchanged(entries[key], settled):
			changed[key] = settled
	if changed.is_empty():
		return entries
	var copy: Dictionary = {}
	for key: Variant in entries:
		copy[key] = changed[key] if changed.has(key) else entries[key]
	return copy


static func _unchanged(before: Variant, after: Variant) -> bool:
	if typeof(before) != typeof(after):
		return false
	if before is Array or before is Dictionary:
		return is_same(before, after)
	return before == after


## The JSON text value is sent as: what a size measured before sending must count (and JSON.stringify
## of a raw NaN would log the engine's warning).
static func json_text(value: Variant) -> String:
	return JSON.stringify(settle(value))
