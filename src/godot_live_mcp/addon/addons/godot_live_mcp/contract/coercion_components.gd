@tool
extends RefCounted
## Values written as components (vectors, Color, Rect2/Rect2i: [x, y] or {"x": …, "y": …}) and the number rules
## of every codec: JSON numbers in ("inf"/"nan" included), whole numbers checked, floats out as the shortest
## decimal that reads back to the same stored value. Export-clean.

const Result := preload("res://addons/godot_live_mcp/contract/coercion_result.gd")

const INT32_MIN := -2147483648
const INT32_MAX := 2147483647
## Floats at or beyond 2^63 do not fit an int.
const INT64_LIMIT := 9.2233720368547758e18
## Enough decimals for the smallest normal 32-bit float.
const MAX_DECIMALS := 48
const NON_FINITE: Dictionary = {"inf": INF, "-inf": -INF, "nan": NAN}

## The JSON field of each component, in constructor order.
const FIELDS: Dictionary = {
	TYPE_VECTOR2: ["x", "y"],
	TYPE_VECTOR2I: ["x", "y"],
	TYPE_VECTOR3: ["x", "y", "z"],
	TYPE_VECTOR3I: ["x", "y", "z"],
	TYPE_VECTOR4: ["x", "y", "z", "w"],
	TYPE_VECTOR4I: ["x", "y", "z", "w"],
	TYPE_COLOR: ["r", "g", "b", "a"],
	TYPE_RECT2: ["x", "y", "width", "height"],
	TYPE_RECT2I: ["x", "y", "width", "height"],
}
const WHOLE_TYPES: Array[int] = [TYPE_VECTOR2I, TYPE_VECTOR3I, TYPE_VECTOR4I, TYPE_RECT2I]


## A vector, colour or rectangle from [x, y, …] or {"x": …, "y": …}; a colour's "a" may be left out (1).
static func read_fields(kind: int, json: Variant) -> Dictionary:
	var fields: Array = FIELDS[kind]
	var raw: Variant = _raw_parts(fields, json, kind == TYPE_COLOR)
	if raw is String:
		return _bad(raw)
	var whole: bool = WHOLE_TYPES.has(kind)
	var parts: Array = []
	for index: int in fields.size():
		var item: Variant = (raw as Array)[index]
		var number: Variant = whole_number(item, INT32_MIN, INT32_MAX) if whole else real(item)
		if typeof(number) == TYPE_NIL:
			var wanted: String = "a whole number" if whole else "a number"
			return _bad("'%s' must be %s, got %s" % [fields[index], wanted, Result.describe(item)])
		parts.append(number)
	return Result.ok(build(kind, parts))


## A colour from a name ("red") or an html code ("#ff8000", "#ff800080").
static func read_color_text(text: String) -> Dictionary:
	var first: Color = Color.from_string(text, Color(0, 0, 0, 0))
	var second: Color = Color.from_string(text, Color(1, 1, 1, 1))
	if first != second:
		return _bad("'%s' is not a colour name or #rrggbb code" % text)
	return Result.ok(first)


## The value of kind made from its components, in FIELDS order.
static func build(kind: int, p: Array) -> Variant:
	var value: Variant = null
	match kind:
		TYPE_VECTOR2:
			value = Vector2(p[0], p[1])
		TYPE_VECTOR2I:
			value = Vector2i(p[0], p[1])
		TYPE_VECTOR3:
			value = Vector3(p[0], p[1], p[2])
		TYPE_VECTOR3I:
			value = Vector3i(p[0], p[1], p[2])
		TYPE_VECTOR4:
			value = Vector4(p[0], p[1], p[2], p[3])
		TYPE_VECTOR4I:
			value = Vector4i(p[0], p[1], p[2], p[3])
		TYPE_COLOR:
			value = Color(p[0], p[1], p[2], p[3])
		TYPE_RECT2:
			value = Rect2(p[0], p[1], p[2], p[3])
		TYPE_RECT2I:
			value = Rect2i(p[0], p[1], p[2], p[3])
	return value


## A JSON number (or "inf", "-inf", "nan") as a float; null for anything else.
static func real(json: Variant) -> Variant:
	if json is float or json is int:
		return float(json)
	if json is String and NON_FINITE.has(json):
		return NON_FINITE[json]
	return null


## A JSON number holding a whole value within [low, high], as an int; null for anything else.
static func whole_number(json: Variant, low: int, high: int) -> Variant:
	if json is int:
		return json if int(json) >= low and int(json) <= high else null
	if not json is float:
		return null
	var number: float = json
	if not is_finite(number) or number != floorf(number) or absf(number) >= INT64_LIMIT:
		return null
	return int(number) if number >= low and number <= high else null


## A float as JSON: itself when finite, else "inf", "-inf" or "nan".
static func finite_json(number: float) -> Variant:
	if is_nan(number):
		return "nan"
	if is_inf(number):
		return "inf" if number > 0 else "-inf"
	return number


## The components of a vector, colour or rectangle as JSON numbers: the shortest decimals that read back to the
## same stored value (0.1, not 0.100000001490116).
static func components_json(value: Variant) -> Array:
	var kind: int = typeof(value)
	var parts: Array = []
	for part: Variant in _components(value):
		if WHOLE_TYPES.has(kind):
			parts.append(part)
		else:
			parts.append(shortest_json(part, kind == TYPE_COLOR))
	return parts


## The shortest decimal that is stored back as the same float32 (single) or real_t value.
static func shortest_json(number: float, single: bool) -> Variant:
	if not is_finite(number) or number == floorf(number):
		return finite_json(number)
	for decimals: int in range(1, MAX_DECIMALS + 1):
		var candidate: float = String.num(number, decimals).to_float()
		if _stored(candidate, single) == number:
			return candidate
	return number


static func _raw_parts(fields: Array, json: Variant, alpha_optional: bool) -> Variant:
	if json is Array:
		var items: Array = (json as Array).duplicate()
		if alpha_optional and items.size() == fields.size() - 1:
			items.append(1.0)
		return items if items.size() == fields.size() else "expected %d numbers, got %d" % [fields.size(), items.size()]
	if not json is Dictionary:
		return "expected an object with %s, got %s" % [", ".join(PackedStringArray(fields)), Result.describe(json)]
	var data: Dictionary = json
	var stray: String = Result.unexpected_key(data, fields)
	if stray != "":
		return "unexpected field '%s' (the fields are %s)" % [stray, ", ".join(PackedStringArray(fields))]
	var items: Array = []
	for field: String in fields:
		if not data.has(field) and not (alpha_optional and field == "a"):
			return "missing field '%s'" % field
		items.append(data.get(field, 1.0))
	return items


static func _components(value: Variant) -> Array:
	if value is Rect2:
		var rect: Rect2 = value
		return [rect.position.x, rect.position.y, rect.size.x, rect.size.y]
	if value is Rect2i:
		var recti: Rect2i = value
		return [recti.position.x, recti.position.y, recti.size.x, recti.size.y]
	var parts: Array = []
	for index: int in (FIELDS[typeof(value)] as Array).size():
		parts.append(value[index])
	return parts


static func _stored(number: float, single: bool) -> float:
	return PackedFloat32Array([number])[0] if single else Vector2(number, 0.0).x


static func _bad(message: String) -> Dictionary:
	return Result.fail(Result.INVALID_PARAMS, message)
