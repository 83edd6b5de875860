@tool
extends RefCounted
## A node's signals as tools name and describe them, in the editor and the game alike (export-clean):
## the signal argument, its lookup with "did you mean", and its arguments as 'name: Type'.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")
const TypeNames := preload("res://addons/godot_live_mcp/shared/type_names.gd")

## The signal argument of the signal commands (schema shorthand).
const SIGNAL := "string: Name of the signal, e.g. 'body_entered'."
## How a signal's arguments are declared in "returns".
const ARGUMENTS := "array<string>: 'name: Type' per argument of the signal."


## node's signal called name (its get_signal_list() entry), or NOT_FOUND naming the close ones;
## path is how the caller's channel names node.
static func require(node: Node, name: String, path: String) -> Result:
	var names: Array[String] = []
	for info: Dictionary in node.get_signal_list():
		if str(info["name"]) == name:
			return Result.of(info)
		names.append(str(info["name"]))
	return Result.fail(
		"NOT_FOUND",
		"'%s' (%s) has no signal '%s'." % [path, node.get_class(), name],
		(
			"%sIts signals: %s."
			% [NameSuggestions.did_you_mean(name, names), ", ".join(PackedStringArray(names.slice(0, 40)))]
		)
	)


## The arguments of a get_signal_list() entry as 'name: Type'.
static func arguments(info: Dictionary) -> Array[String]:
	return TypeNames.arguments(info.get("args", []))
