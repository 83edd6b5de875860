@tool
extends RefCounted
## Short builders of JSON Schema for extensions that declare their commands with MCPToolkitCommandOptions
## (docs/extending.md); the built-in commands use schema_shorthand.gd. Export-clean.

const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")


static func object(properties: Dictionary, required: Array = [], extra: bool = false) -> Dictionary:
	var schema: Dictionary = {"type": "object", "properties": properties, "additionalProperties": extra}
	if not required.is_empty():
		schema["required"] = required
	return schema


static func string(description: String = "", default: Variant = null) -> Dictionary:
	return _typed("string", description, default)


static func integer(description: String = "", default: Variant = null, minimum: Variant = null) -> Dictionary:
	var schema: Dictionary = _typed("integer", description, default)
	if minimum != null:
		schema["minimum"] = minimum
	return schema


static func number(description: String = "") -> Dictionary:
	return _typed("number", description, null)


static func boolean(description: String = "", default: Variant = null) -> Dictionary:
	return _typed("boolean", description, default)


static func array(items: Dictionary, description: String = "") -> Dictionary:
	var schema: Dictionary = _typed("array", description, null)
	schema["items"] = items
	return schema


static func enum_of(values: Array, description: String = "", default: Variant = null) -> Dictionary:
	var schema: Dictionary = _typed("string", description, default)
	schema["enum"] = values
	return schema


## Any JSON value (used for property values, which the coercion table interprets).
static func any(description: String = "") -> Dictionary:
	return {"description": description} if description != "" else {}


## A paginated result: its own fields plus those every page carries (has_more, total_<unit> and
## returned always, so required; next_<cursor> and hint when more remains: see pagination.gd).
## required names the fields of its own it always carries.
static func page(unit: String, cursor: String, fields: Dictionary, required: Array = []) -> Dictionary:
	var all: Dictionary = Pagination.fields(unit, cursor)
	all.merge(fields)
	return object(all, required + Pagination.required_fields(unit), true)


static func _typed(type: String, description: String, default: Variant) -> Dictionary:
	var schema: Dictionary = {"type": type}
	if description != "":
		schema["description"] = description
	if default != null:
		schema["default"] = default
	return schema
