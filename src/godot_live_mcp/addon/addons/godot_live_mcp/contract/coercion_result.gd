@tool
extends RefCounted
## What every coercion step returns: {"ok": true, "value": v} or {"ok": false, "code": …, "message": …}
## with an optional "hint"; plus the wording shared by the messages (export-clean).

const INVALID_PARAMS := "INVALID_PARAMS"
const TYPE_MISMATCH := "TYPE_MISMATCH"
const NOT_FOUND := "NOT_FOUND"
const PATH_DENIED := "PATH_DENIED"
const SHAPES_HINT := "The JSON shape of each type tag is documented in docs/coercion.md."
const PREVIEW_CHARS := 60


static func ok(value: Variant) -> Dictionary:
	return {"ok": true, "value": value}


static func fail(code: String, message: String, hint: String = "") -> Dictionary:
	var failure: Dictionary = {"ok": false, "code": code, "message": message}
	if hint != "":
		failure["hint"] = hint
	return failure


## The same failure with its place put in front of the message ("Property 'size': …").
static func within(place: String, failure: Dictionary) -> Dictionary:
	var located: Dictionary = failure.duplicate()
	located["message"] = "%s: %s" % [place, failure["message"]]
	return located


## The first key of data outside "type" and allowed, or "".
static func unexpected_key(data: Dictionary, allowed: Array) -> String:
	for key: Variant in data:
		if str(key) != "type" and not allowed.has(str(key)):
			return str(key)
	return ""


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
