@tool
extends RefCounted
## Node names as the engine accepts them. The engine silently rewrites a name with forbidden
## characters (. : @ / " %); a tool refuses it instead, so the node gets the name that was asked for.
## Control and bidirectional-override characters are refused too (NameRules).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const NameRules := preload("res://addons/godot_live_mcp/security/name_rules.gd")

const HINT := "Use letters, digits, spaces, '_' or '-' in node names."


## name when usable (an empty name is allowed when optional), else INVALID_PARAMS naming param.
static func check(name: String, param: String, optional: bool = false) -> Result:
	if name == "":
		if optional:
			return Result.of(name)
		return Result.fail("INVALID_PARAMS", "%s is empty; give the node a name." % param, HINT)
	var unsafe: String = NameRules.problem(name)
	if unsafe != "":
		return Result.fail("INVALID_PARAMS", "%s %s." % [param, unsafe], HINT)
	var valid: String = name.validate_node_name()
	if valid != name:
		return Result.fail(
			"INVALID_PARAMS",
			"%s '%s' has characters a node name cannot hold (. : @ / \" %%); '%s' would do." % [param, name, valid],
			HINT
		)
	return Result.of(name)


## The sibling of node's future place under parent already called name, or null.
static func taken_under(parent: Node, name: String, except: Node = null) -> Node:
	var found: Node = parent.get_node_or_null(NodePath(name))
	return found if found != except else null
