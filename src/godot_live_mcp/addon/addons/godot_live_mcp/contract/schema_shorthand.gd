@tool
extends RefCounted
## Expands the schema shorthand commands are declared in into JSON Schema (export-clean).
##
## A field is "TYPE: description" (the description is optional). TYPE is string, integer, number,
## boolean, object, any, array, array<TYPE>, enum(a|b|c), or @fragment (FRAGMENTS below), then
## optionally a range [min..max] (a number's value, a string's length, an array's size: "array<string>[..64]")
## and a default =JSON. A key ending in "!" is required. A field
## written as a Dictionary is JSON Schema as it is, unless it has an "@" key: then it is a nested
## object ("@": "object: text") or an array of such objects ("@": "array: text") whose other keys
## are its fields (or an Array of field Dictionaries, merged); "@items": FIELD instead of fields makes
## an array of a field declared elsewhere. In results ("returns"), "@page": "unit cursor" adds the pagination fields.

const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const Glob := preload("res://addons/godot_live_mcp/shared/glob.gd")
const BOUND_KEYS := {"string": ["minLength", "maxLength"], "array": ["minItems", "maxItems"]}

## Shared fields, written once; "@scene: other text" keeps the schema and changes the description.
const FRAGMENTS := {
	"scene": "string: An open scene (res:// path); the active one when omitted.",
	"node_path": "string: Node path from the scene root ('.' is the root).",
	"if_exists": 'enum(return|fail|replace)="return": When it exists: return it, fail (ALREADY_EXISTS) or replace it.',
	"create_status": "enum(created|returned|replaced): What happened to the target.",
	"glob": "string[..%d]: A glob pattern: * matches any run of characters, ? any one." % Glob.MAX_LENGTH,
	"value": 'any: A value as JSON, or a tagged value such as {"type": "Vector2", "x": 1, "y": 2}.',
}


## The input schema of "args": an object that allows no other properties. fields may be an Array
## of field Dictionaries, merged in order (to reuse shared fields).
static func input(fields: Variant) -> Dictionary:
	return _object(_merged(fields), false)


## The output schema of "returns": an object that may carry more than it names.
static func output(fields: Variant) -> Dictionary:
	var merged: Dictionary = _merged(fields)
	return {} if merged.is_empty() else _object(merged, true)


static func _merged(fields: Variant) -> Dictionary:
	if fields is Dictionary:
		return fields
	var merged: Dictionary = {}
	for part: Dictionary in fields:
		merged.merge(part, true)
	return merged


## One field's JSON Schema.
static func field(spec: Variant, open: bool = false) -> Dictionary:
	if spec is Array:
		return _nested(_merged(spec), open)
	if spec is Dictionary:
		return _nested(spec, open)
	var text: String = str(spec)
	var split: int = text.find(": ")
	var head: String = text if split < 0 else text.left(split)
	var description: String = "" if split < 0 else text.substr(split + 2)
	if head.ends_with(":"):
		head = head.trim_suffix(":")
	var schema: Dictionary = _typed(head, open)
	if description != "":
		schema["description"] = description
	return schema


static func _object(fields: Dictionary, open: bool) -> Dictionary:
	var properties: Dictionary = {}
	var required: Array = []
	var paged: String = ""
	for key: String in fields:
		if key == "@page":
			paged = str(fields[key])
			continue
		if key == "@":
			continue
		var name: String = key.trim_suffix("!")
		properties[name] = field(fields[key], open)
		if key.ends_with("!"):
			required.append(name)
	if paged != "":
		var words: PackedStringArray = paged.split(" ")
		var page: Dictionary = Pagination.fields(words[0], words[1])
		page.merge(properties)
		properties = page
		required.append_array(Pagination.required_fields(words[0]))
	var schema: Dictionary = {"type": "object", "properties": properties, "additionalProperties": open}
	if not required.is_empty():
		schema["required"] = required
	return schema


static func _nested(spec: Dictionary, open: bool) -> Dictionary:
	if not spec.has("@"):
		return spec
	var head: Dictionary = field(spec["@"], open)
	if spec.has("@items"):
		head["items"] = field(spec["@items"], open)
		return head
	var shape: Dictionary = _object(spec, open)
	if head.get("type") == "array":
		head["items"] = shape
		return head
	shape.merge(head, false)
	if head.has("description"):
		shape["description"] = head["description"]
	return shape


## TYPE[range][=default] as JSON Schema.
static func _typed(head: String, open: bool) -> Dictionary:
	var default_text: String = ""
	var equals: int = _default_at(head)
	if equals >= 0:
		default_text = head.substr(equals + 1)
		head = head.left(equals)
	var bounds: String = ""
	var bracket: int = head.rfind("[")
	if bracket > head.rfind(">") and head.ends_with("]"):
		bounds = head.substr(bracket + 1, head.length() - bracket - 2)
		head = head.left(bracket)
	var schema: Dictionary = _base(head, open)
	if bounds != "":
		_bound(schema, bounds)
	if equals >= 0:
		schema["default"] = _default(default_text, str(schema.get("type", "")))
	return schema


static func _base(head: String, open: bool) -> Dictionary:
	if head.begins_with("@"):
		var fragment: String = head.substr(1)
		assert(FRAGMENTS.has(fragment), "godot_live_mcp: no schema fragment '%s'" % fragment)
		return field(FRAGMENTS.get(fragment, "any"), open)
	if head.begins_with("enum(") and head.ends_with(")"):
		return {"type": "string", "enum": Array(head.substr(5, head.length() - 6).split("|"))}
	if head.begins_with("array<") and head.ends_with(">"):
		return {"type": "array", "items": _typed(head.substr(6, head.length() - 7), open)}
	match head:
		"any":
			return {}
		"object":
			return {"type": "object"}
		"string", "integer", "number", "boolean", "array":
			return {"type": head}
	assert(false, "godot_live_mcp: unknown shorthand type '%s'" % head)
	return {}


## Where "=default" starts: the first "=" outside enum(...) parentheses.
static func _default_at(head: String) -> int:
	var depth: int = 0
	for i: int in head.length():
		var c: String = head[i]
		if c == "(" or c == "<":
			depth += 1
		elif c == ")" or c == ">":
			depth -= 1
		elif c == "=" and depth == 0:
			return i
	return -1


## "[min..max]" bounds a number's value, a string's length or an array's item count.
static func _bound(schema: Dictionary, bounds: String) -> void:
	var ends: PackedStringArray = bounds.split("..")
	var type: String = str(schema.get("type", ""))
	var keys: Array = BOUND_KEYS.get(type, ["minimum", "maximum"])
	var whole: bool = type != "number"
	if ends.size() > 0 and ends[0] != "":
		schema[keys[0]] = int(ends[0]) if whole else float(ends[0])
	if ends.size() > 1 and ends[1] != "":
		schema[keys[1]] = int(ends[1]) if whole else float(ends[1])


static func _default(text: String, type: String) -> Variant:
	var parsed: Variant = JSON.parse_string(text)
	if parsed == null and text != "null":
		return text
	if type == "integer" and (parsed is float or parsed is int):
		return int(parsed)
	return parsed
