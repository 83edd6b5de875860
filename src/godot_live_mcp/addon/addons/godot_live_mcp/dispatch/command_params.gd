@tool
extends RefCounted
## A typed view of a command's arguments (export-clean). The registry builds it once per call with
## the input schema's defaults filled in, so handlers never repeat a default.

const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")

## The arguments as received, defaults included (what helpers that take a Dictionary are given).
var raw: Dictionary


func _init(values: Dictionary = {}) -> void:
	raw = values


## params with every absent property that declares a default set to it (the caller's own copy).
static func with_defaults(params: Dictionary, input_schema: Dictionary) -> CommandParams:
	var values: Dictionary = params.duplicate()
	var properties: Dictionary = input_schema.get("properties", {})
	for name: String in properties:
		var property: Dictionary = properties[name]
		if not values.has(name) and property.has("default"):
			values[name] = property["default"]
	return CommandParams.new(values)


func has(name: String) -> bool:
	return raw.has(name) and raw[name] != null


func value(name: String, fallback: Variant = null) -> Variant:
	return raw[name] if has(name) else fallback


func text(name: String) -> String:
	return str(raw[name]) if has(name) else ""


func integer(name: String) -> int:
	return int(raw[name]) if has(name) else 0


func number(name: String) -> float:
	return float(raw[name]) if has(name) else 0.0


func flag(name: String) -> bool:
	return bool(raw[name]) if has(name) else false


func object(name: String) -> Dictionary:
	var found: Variant = raw.get(name)
	return found if found is Dictionary else {}


func list(name: String) -> Array:
	var found: Variant = raw.get(name)
	return found if found is Array else []


func strings(name: String) -> PackedStringArray:
	var names: PackedStringArray = PackedStringArray()
	for item: Variant in list(name):
		names.append(str(item))
	return names
