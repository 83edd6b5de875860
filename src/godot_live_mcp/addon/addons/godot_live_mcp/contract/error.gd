@tool
class_name MCPToolkitError
extends RefCounted
## Builds the failure half of the response envelope from the closed vocabulary of error codes.
## Codes and their default hints come from contract.json, shared with the Python server.

const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")

## Every code in the vocabulary, mapped to its meaning.
static var CODES: Dictionary = ContractData.section("error_codes")

## The codes that always carry a recovery hint, mapped to it.
static var DEFAULT_HINTS: Dictionary = _default_hints()

## The standard hints for a node_path, file_path or class_name parameter, for fail()'s hint.
static var HINT_NODE_PATH: String = hint_for_param("node_path")
static var HINT_FILE_PATH: String = hint_for_param("file_path")
static var HINT_CLASS_NAME: String = hint_for_param("class_name")


## {"success": false, "error": message, "code": code, "hint": …}; an unknown code is a bug.
static func fail(code: String, message: String, hint: String = "") -> Dictionary:
	var known: bool = CODES.has(code)
	assert(known, "godot_live_mcp: unknown error code '%s'" % code)
	if not known:
		push_error("godot_live_mcp: unknown error code '%s' (message: %s)" % [code, message])
	var result: Dictionary = {"success": false, "error": message, "code": code}
	var chosen: String = hint if hint != "" else str(DEFAULT_HINTS.get(code, ""))
	if chosen != "":
		result["hint"] = chosen
	return result


## Null when every name is present and non-empty; else INVALID_PARAMS with a hint for the first missing one.
static func require(params: Dictionary, names: Array) -> Variant:
	for name: Variant in names:
		var key: String = str(name)
		var value: Variant = params.get(key)
		if value == null or (value is String and (value as String).is_empty()):
			return fail("INVALID_PARAMS", "Missing required parameter '%s'." % key, hint_for_param(key))
	return null


## The hint contract.json gives code, or "".
static func default_hint(code: String) -> String:
	return str(DEFAULT_HINTS.get(code, ""))


## The standard hint for a parameter name (node_path, file_path, class_name, …), or "".
static func hint_for_param(name: String) -> String:
	return str(ContractData.section("param_hints").get(name, ""))


static func _default_hints() -> Dictionary:
	var hints: Dictionary = {}
	for code: String in CODES:
		var entry: Dictionary = CODES[code]
		if entry.has("hint"):
			hints[code] = entry["hint"]
	return hints
