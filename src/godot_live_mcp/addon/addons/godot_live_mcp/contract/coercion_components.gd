@tool
extends RefCounted
## Values written as components (vectors, Color, Rect2/Rect2i: [x, y] or {"x": …, "y": …}), the number rules
## of every codec (JSON numbers in, "inf"/"nan" included, whole numbers checked; floats out as the shortest
## decimal that reads back to the same stored value) and the wording every coercion message shares.
## Export-clean.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

## Where a caller who sent a value of the wrong shape finds the right one.
const SHAPES_HINT := (
	"node_list_properties (editor) or runtime_get_node (game) shows each property's type and current value"
	+ " as JSON, in the shape it is set with."
)
const INT32_MIN := -2147483648
const INT32_MAX := 2147483647
## Floats at or beyond 2^63 do not fit an int.
const INT64_LIMIT := 9.2233720368547758e18
## Enough decimals for the smallest normal 32-bit float.
const MAX_DECIMALS := 48
## The tagged forms of the non-finite floats. Made at run time: the engine's language server writes every
## constant of the project into its answers with JSON.stringify, and a NaN constant made it log a warning.
const NON_FINITE_TAGS: PackedStringArray = ["inf", "-inf", "nan"]
const PREVIEW_CHARS := 60

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
static func read_fields(kind: int, json: Variant) -> Result:
	var fields: Array = FIELDS[kind]
	var raw: Result = _raw_parts(fields, json, kind == TYPE_COLOR)
	if raw.failed():
		return raw
	var whole: bool = WHOLE_TYPES.has(kind)
	var parts: Array = []
	for index: int in fields.size():
		var item: Variant = (raw.value as Array)[index]
		var number: Result = whole_number(item, INT32_MIN, INT32_MAX) if whole else real(item)
		if number.failed():
			var wanted: String = "a whole number" if whole else "a number"
			return invalid("'%s' must be %s, got %s" % [fields[index], wanted, describe(item)])
		parts.append(number.value)
	return Result.of(build(kind, parts))


## A colour from a name ("red") or an html code ("#ff8000", "#ff800080").
static func read_color_text(text: String) -> Result:
	var first: Color = Color.from_string(text, Color(0, 0, 0, 0))
	var second: Color = Color.from_string(text, Color(1, 1, 1, 1))
	if first != second:
		return invalid("'%s' is not a colour name or #rrggbb code" % text)
	return Result.of(first)


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


## A JSON number (or "inf", "-inf", "nan") as a float.
static func real(json: Variant) -> Result:
	if json is float or json is int:
		return Result.of(float(json))
	if json is String and json in NON_FINITE_TAGS:
		return Result.of(_non_finite(json))
	return Result.fail("TYPE_MISMATCH", "Expected a number, got %s." % describe(json))


## A JSON number holding a whole value within [low, high], as an int.
static func whole_number(json: Variant, low: int, high: int) -> Result:
	var whole: bool = json is int
	if json is float:
		var number: float = json
		whole = is_finite(number) and number == floorf(number) and absf(number) < INT64_LIMIT
	if whole and int(json) >= low and int(json) <= high:
		return Result.of(int(json))
	return Result.fail("TYPE_MISMATCH", "Expected a whole number from %d to %d, got %s." % [low, high, describe(json)])


static func _non_finite(tag: String) -> float:
	match tag:
		"inf":
			return INF
		"-inf":
			return -INF
	return NAN


## A float as JSON: itself when finite, else "inf", "-inf" or "nan".
static func finite_json(number: float) -> Variant:
	if is_nan(number):
		return "nan"
	if is_inf(number):
		return "inf" if number > 0 else "-inf"
	return number


## A float as JSON by the rule every value the addon writes follows: "inf", "-inf" or "nan" when not finite;
## the shortest decimal that reads back to the same 32-bit value when it is one (an engine float stored as
## float32: 0.7, not 0.699999988079071); else itself. A double that is exactly a float32 is taken for one.
static func float_json(number: float) -> Variant:
	if is_finite(number) and number != floorf(number) and _stored(number, true) == number:
		return shortest_json(number, true)
	return finite_json(number)


## The components of a vector, colour or rectangle as JSON numbers: the shortest decimals that read back to the
## same stored value (0.1, not 0.100000001490116).
static func components_json(value: Variant) -> Array:
	var kind: int = typeof(value)
	var parts: Array = []
	for part: float in _components(value):
		parts.append(int(part) if WHOLE_TYPES.has(kind) else shortest_json(part, kind == TYPE_COLOR))
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


## INVALID_PARAMS for a value whose structure is wrong; the caller says where.
static func invalid(message: String) -> Result:
	return Result.fail("INVALID_PARAMS", message)


## What arrived, in JSON words: 'the string "abc"', 'the number 1.5', 'an array of 3 items', 'a Vector3'.
static func describe(value: Variant) -> String:
	var kind: int = typeof(value)
	if kind == TYPE_DICTIONARY:
		return _describe_object(value)
	if kind == TYPE_ARRAY:
		return "an array of %d items" % (value as Array).size()
	if kind == TYPE_STRING or kind == TYPE_STRING_NAME:
		return "the string " + _preview(JSON.stringify(str(value)))
	if kind == TYPE_INT or kind == TYPE_FLOAT:
		return "the number " + _number_text(value)
	if kind == TYPE_NIL or kind == TYPE_BOOL:
		return str(value).to_lower() if kind == TYPE_BOOL else "null"
	return "a " + type_string(kind)


## The first key of data outside "type" and allowed, or "".
static func unexpected_key(data: Dictionary, allowed: Array) -> String:
	for key: Variant in data:
		if str(key) != "type" and not allowed.has(str(key)):
			return str(key)
	return ""


static func _raw_parts(fields: Array, json: Variant, alpha_optional: bool) -> Result:
	var names: String = ", ".join(PackedStringArray(fields))
	if json is Array:
		var items: Array = (json as Array).duplicate()
		if alpha_optional and items.size() == fields.size() - 1:
			items.append(1.0)
		if items.size() != fields.size():
			return invalid("expected %d numbers, got %d" % [fields.size(), items.size()])
		return Result.of(items)
	if not json is Dictionary:
		return invalid("expected an object with %s, got %s" % [names, describe(json)])
	var data: Dictionary = json
	var stray: String = unexpected_key(data, fields)
	if stray != "":
		return invalid("unexpected field '%s' (the fields are %s)" % [stray, names])
	var items: Array = []
	for field: String in fields:
		if not data.has(field) and not (alpha_optional and field == "a"):
			return invalid("missing field '%s'" % field)
		items.append(data.get(field, 1.0))
	return Result.of(items)


static func _components(value: Variant) -> PackedFloat64Array:
	if value is Rect2:
		var rect: Rect2 = value
		return PackedFloat64Array([rect.position.x, rect.position.y, rect.size.x, rect.size.y])
	if value is Rect2i:
		var whole: Rect2i = value
		return PackedFloat64Array([whole.position.x, whole.position.y, whole.size.x, whole.size.y])
	var parts: PackedFloat64Array = PackedFloat64Array()
	for index: int in (FIELDS[typeof(value)] as Array).size():
		parts.append(value[index])
	return parts


static func _stored(number: float, single: bool) -> float:
	return PackedFloat32Array([number])[0] if single else Vector2(number, 0.0).x


static func _describe_object(data: Dictionary) -> String:
	if data.has("type"):
		return "an object tagged %s" % _preview(JSON.stringify(data["type"]))
	var keys: PackedStringArray = []
	for key: Variant in data:
		keys.append(str(key))
	if keys.is_empty():
		return "an empty object"
	return "an object with keys " + _preview(", ".join(keys))


## A number as JSON writes it: 3, not 3.0.
static func _number_text(number: Variant) -> String:
	var whole: bool = number is float and is_finite(number) and number == floorf(number) and absf(number) < 1e15
	return str(int(number)) if whole else str(number)


static func _preview(text: String) -> String:
	return text if text.length() <= PREVIEW_CHARS else text.left(PREVIEW_CHARS) + "…"
