@tool
extends RefCounted
## The bounds of a command's input schema, enforced in the engine before its handler runs (export-clean):
## minimum/maximum of numbers, minLength/maxLength of strings, minItems/maxItems of arrays (their items and
## nested objects too), and the declared bounds on products of arguments (a rect's width x height cells).
## Types stay the server's check; this one keeps a direct or extension caller from sizing an allocation.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")


## INVALID_PARAMS naming the first argument outside its schema's bounds or a product over its bound.
static func check(params: Dictionary, schema: Dictionary, products: Dictionary = {}) -> Result:
	var checked: Result = _object(params, schema, "")
	return checked if checked.failed() else _products(params, products)


static func _value(value: Variant, schema: Dictionary, place: String) -> Result:
	if value is int or value is float:
		return _number(float(value), schema, place)
	if value is String:
		return _length((value as String).length(), schema, place, "minLength", "maxLength", "characters")
	if value is Array:
		var sized: Result = _length((value as Array).size(), schema, place, "minItems", "maxItems", "items")
		return sized if sized.failed() else _items(value, schema, place)
	if value is Dictionary:
		return _object(value, schema, place)
	return Result.of()


static func _number(value: float, schema: Dictionary, place: String) -> Result:
	var low: Variant = schema.get("minimum")
	var high: Variant = schema.get("maximum")
	if (low != null and value < float(low)) or (high != null and value > float(high)):
		return _refuse(place, _shown(value), _range(low, high))
	return Result.of()


static func _length(
	size: int, schema: Dictionary, place: String, low_key: String, high_key: String, unit: String
) -> Result:
	var low: Variant = schema.get(low_key)
	var high: Variant = schema.get(high_key)
	if (low != null and size < int(low)) or (high != null and size > int(high)):
		return _refuse(place, "%d %s long" % [size, unit], "%s %s long" % [_range(low, high), unit])
	return Result.of()


static func _items(items: Array, schema: Dictionary, place: String) -> Result:
	var item_schema: Variant = schema.get("items")
	if not item_schema is Dictionary or (item_schema as Dictionary).is_empty():
		return Result.of()
	for index: int in items.size():
		var checked: Result = _value(items[index], item_schema, "%s/%d" % [place, index])
		if checked.failed():
			return checked
	return Result.of()


static func _object(values: Dictionary, schema: Dictionary, place: String) -> Result:
	var properties: Variant = schema.get("properties")
	if not properties is Dictionary:
		return Result.of()
	for name: Variant in values:
		var property: Variant = (properties as Dictionary).get(name)
		if property is Dictionary:
			var checked: Result = _value(values[name], property, "%s/%s" % [place, name])
			if checked.failed():
				return checked
	return Result.of()


## products: "width height" -> the most width x height may be ("rect.width" names a nested argument).
static func _products(params: Dictionary, products: Dictionary) -> Result:
	for names: String in products:
		var total: float = 1.0
		var parts: PackedStringArray = names.split(" ", false)
		for name: String in parts:
			var factor: Variant = _at(params, name)
			total *= maxf(absf(float(factor)), 1.0) if factor is int or factor is float else 1.0
		if total > float(products[names]):
			return Result.fail(
				"INVALID_PARAMS",
				"%s is %s; the most is %d." % [" x ".join(parts), _shown(total), int(products[names])],
				"Pass smaller values, or split the work into several calls."
			)
	return Result.of()


static func _at(params: Dictionary, dotted: String) -> Variant:
	var found: Variant = params
	for part: String in dotted.split("."):
		found = (found as Dictionary).get(part, 1) if found is Dictionary else 1
	return found


static func _refuse(place: String, got: String, allowed: String) -> Result:
	return Result.fail("INVALID_PARAMS", "%s is %s; allowed: %s." % [place, got, allowed], "Pass a value %s." % allowed)


static func _range(low: Variant, high: Variant) -> String:
	if low != null and high != null:
		return "from %s to %s" % [_shown(float(low)), _shown(float(high))]
	return "at least %s" % _shown(float(low)) if low != null else "at most %s" % _shown(float(high))


static func _shown(number: float) -> String:
	return str(int(number)) if number == floorf(number) and absf(number) < 1e15 else str(number)
