@tool
extends RefCounted
## Node names as the engine accepts them. The engine silently rewrites a name with forbidden
## characters (. : @ / " %); a tool refuses it instead, so the node gets the name that was asked for.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

const HINT := "Use letters, digits, spaces, '_' or '-' in node names."


## {} when name is usable (an empty name is allowed when optional); INVALID_PARAMS otherwise.
static func problem(name: String, param: String, optional: bool = false) -> Dictionary:
	if name == "":
		if optional:
			return {}
		return MCPToolkitError.fail("INVALID_PARAMS", "%s is empty; give the node a name." % param, HINT)
	var valid: String = name.validate_node_name()
	if valid != name:
		return MCPToolkitError.fail(
			"INVALID_PARAMS",
			"%s '%s' has characters a node name cannot hold (. : @ / \" %%); '%s' would do." % [param, name, valid],
			HINT
		)
	return {}


## The sibling of node's future place under parent already called name, or null.
static func taken_under(parent: Node, name: String, except: Node = null) -> Node:
	var found: Node = parent.get_node_or_null(NodePath(name))
	return found if found != except else null


## name when usable (an empty name is allowed when optional), else INVALID_PARAMS.
static func check(name: String, param: String, optional: bool = false) -> Result:
	if name == "" and optional:
		return Result.of(name)
	var refused: Dictionary = problem(name, param, optional)
	return Result.of(name) if refused.is_empty() else Result.from_envelope(refused)
