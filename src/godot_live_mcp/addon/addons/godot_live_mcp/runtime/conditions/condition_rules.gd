@tool
extends RefCounted
## What a condition may do, read from contract.json's "conditions" section (export-clean): the methods
## it may call on nodes, on plain values, the functions it may call bare, and its size and time budget.
## docs/conditions.md shows the same section (a test keeps them equal).

const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")

const SECTION := "conditions"

## The section, read once: an evaluation asks for it at every step.
static var _rules: Dictionary = {}


static func limit(name: String) -> int:
	return int(_part("limits").get(name, 0))


## {name: {"args": [type words], "on": "classes"}} of the methods callable on objects.
static func methods() -> Dictionary:
	return _part("methods")


## {name: {"args": [type words], "on": [Variant type names]}} of the methods callable on plain values.
static func value_methods() -> Dictionary:
	return _part("value_methods")


## {name: [type words]} of the functions callable without a base.
static func functions() -> Dictionary:
	return _part("functions")


## The argument type words of a method or function callable under name, or null when none is.
static func arguments_of(name: String, with_base: bool) -> Variant:
	if methods().has(name):
		return (methods()[name] as Dictionary)["args"]
	if with_base and value_methods().has(name):
		return (value_methods()[name] as Dictionary)["args"]
	if not with_base and functions().has(name):
		return functions()[name]
	return null


## Every name a condition may call, sorted, for messages and docs.
static func callable_names() -> PackedStringArray:
	var names: PackedStringArray = PackedStringArray(methods().keys() + value_methods().keys() + functions().keys())
	names.sort()
	return names


static func _part(name: String) -> Dictionary:
	if _rules.is_empty():
		_rules = ContractData.section(SECTION)
	return _rules.get(name, {})
