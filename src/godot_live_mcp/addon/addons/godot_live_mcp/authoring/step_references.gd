@tool
extends RefCounted
## References between the steps of editor_batch: a string "$N.field" (N from 0, fields separated by
## ".", a number indexing a list) is that field of step N's result; "$N.field/rest" appends rest to
## it, e.g. "$0.node_path/Sprite". A string starting "$$" stands for itself minus one "$".

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

## The same pattern as server/batch_steps.py's _REFERENCE.
const PATTERN := "^\\$([0-9]+)\\.([A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z0-9_]+)*)(/.*)?$"

static var _rule: RegEx = RegEx.create_from_string(PATTERN)


## The step indices value refers to (at any depth), in the order they appear.
static func used_by(value: Variant) -> Array[int]:
	var found: Array[int] = []
	_collect(value, found)
	return found


## value with every reference replaced from results (step index -> result Dictionary), or
## INVALID_PARAMS naming the reference that does not resolve.
static func resolve(value: Variant, results: Array[Dictionary]) -> Result:
	if value is Dictionary:
		var resolved: Dictionary = {}
		for key: Variant in value:
			var item: Result = resolve(value[key], results)
			if item.failed():
				return item
			resolved[key] = item.value
		return Result.of(resolved)
	if value is Array:
		var items: Array = []
		for element: Variant in value:
			var item: Result = resolve(element, results)
			if item.failed():
				return item
			items.append(item.value)
		return Result.of(items)
	if value is String:
		return _resolve_text(value, results)
	return Result.of(value)


static func _resolve_text(text: String, results: Array[Dictionary]) -> Result:
	if text.begins_with("$$"):
		return Result.of(text.substr(1))
	var found: RegExMatch = _rule.search(text)
	if found == null:
		return Result.of(text)
	var step: int = int(found.get_string(1))
	var field: Result = _field(results[step], found.get_string(2).split("."))
	if field.failed():
		return Result.fail(
			"INVALID_PARAMS",
			"'%s': step %d's result has no %s." % [text, step, found.get_string(2)],
			"Name a field of that step's result (its tool's reference lists them), e.g. '$%d.node_path'." % step
		)
	var rest: String = found.get_string(3)
	return Result.of(field.value if rest == "" else str(field.value) + rest)


static func _field(value: Variant, names: PackedStringArray) -> Result:
	for name: String in names:
		if value is Dictionary and (value as Dictionary).has(name):
			value = value[name]
		elif value is Array and name.is_valid_int() and int(name) < (value as Array).size():
			value = value[int(name)]
		else:
			return Result.fail("NOT_FOUND", name)
	return Result.of(value)


static func _collect(value: Variant, found: Array[int]) -> void:
	if value is Dictionary:
		for key: Variant in value:
			_collect(value[key], found)
	elif value is Array:
		for element: Variant in value:
			_collect(element, found)
	elif value is String and not (value as String).begins_with("$$"):
		var matched: RegExMatch = _rule.search(value)
		if matched != null:
			found.append(int(matched.get_string(1)))
