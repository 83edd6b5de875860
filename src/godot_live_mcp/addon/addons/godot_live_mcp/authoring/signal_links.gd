@tool
extends RefCounted
## Reading and checking the connections between nodes of one scene: who a signal reaches, who
## reaches a node, the connect flags by name, and whether a signal can call a method at all.

const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")
const NodeSignals := preload("res://addons/godot_live_mcp/shared/node_signals.gd")
## The flags a caller may choose; CONNECT_PERSIST is always set (reported as "persistent").
const FLAG_NAMES := {
	"deferred": CONNECT_DEFERRED,
	"one_shot": CONNECT_ONE_SHOT,
	"reference_counted": CONNECT_REFERENCE_COUNTED,
}


## The connections of node's signal to nodes of the scene; internal: also the editor's and engine's
## own (to objects outside the scene, or to lambdas), else left out.
static func outgoing(root: Node, node: Node, signal_name: StringName, internal: bool = false) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for connection: Dictionary in node.get_signal_connection_list(signal_name):
		var callable: Callable = connection["callable"]
		if internal or _is_scene_link(root, callable.get_object(), callable):
			found.append(_describe(root, callable.get_object(), callable, int(connection["flags"]), "target"))
	return found


## The connections from nodes of the scene that call methods of node; internal: from any object.
static func incoming(root: Node, node: Node, internal: bool = false) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for connection: Dictionary in node.get_incoming_connections():
		var sent: Signal = connection["signal"]
		var callable: Callable = connection["callable"]
		if internal or _is_scene_link(root, sent.get_object(), callable):
			var entry: Dictionary = _describe(root, sent.get_object(), callable, int(connection["flags"]), "source")
			entry["signal"] = str(sent.get_name())
			found.append(entry)
	return found


## The flags of the connection from source's signal to callable, or -1 when there is none.
static func flags_of(source: Node, signal_name: String, callable: Callable) -> int:
	if not source.is_connected(signal_name, callable):
		return -1
	for connection: Dictionary in source.get_signal_connection_list(signal_name):
		if connection["callable"] == callable:
			return int(connection["flags"])
	return -1


## The OR of the named flags, or INVALID_PARAMS for a name outside FLAG_NAMES.
static func flags_from_names(names: PackedStringArray) -> Result:
	var flags: int = 0
	for name: String in names:
		if not FLAG_NAMES.has(name):
			return Result.fail(
				"INVALID_PARAMS",
				"flags may only hold %s, not '%s'." % [", ".join(FLAG_NAMES.keys()), name],
				"Pass for example flags=['deferred'], or leave flags out."
			)
		flags |= int(FLAG_NAMES[name])
	return Result.of(flags)


static func flag_names(flags: int) -> Array[String]:
	var names: Array[String] = []
	for name: String in FLAG_NAMES:
		if flags & int(FLAG_NAMES[name]):
			names.append(name)
	return names


## NOT_FOUND (naming the closest names) when source (at source_path in its scene) lacks the signal
## or receiver the method.
static func check_members(
	source: Node, source_path: String, signal_name: String, receiver: Node, method: String
) -> Result:
	var found: Result = NodeSignals.require(source, signal_name, source_path)
	if found.failed():
		return found
	if method == "" or not receiver.has_method(method):
		return Result.fail(
			"NOT_FOUND",
			"'%s' has no method '%s' to call." % [receiver.name, method],
			(
				"%sAdd 'func %s(...)' to its script first (script_patch), then connect."
				% [NameSuggestions.did_you_mean(method, _script_methods(receiver)), method]
			)
		)
	return Result.of(method)


## A warning when the method cannot take the signal's arguments (a runtime error waiting to
## happen), else "".
static func arity_warning(source: Node, signal_name: String, receiver: Node, method: String) -> String:
	var sent: int = -1
	for info: Dictionary in source.get_signal_list():
		if str(info["name"]) == signal_name:
			sent = (info["args"] as Array).size()
	for info: Dictionary in receiver.get_method_list():
		if str(info["name"]) != method or int(info.get("flags", 0)) & METHOD_FLAG_VARARG:
			continue
		var most: int = (info["args"] as Array).size()
		var least: int = most - (info.get("default_args", []) as Array).size()
		if sent >= 0 and (sent < least or sent > most):
			return (
				"'%s' passes %d argument(s) but %s takes %d to %d: the call will fail when the signal fires."
				% [signal_name, sent, method, least, most]
			)
	return ""


## Whether a connection joins nodes of the scene by a named method (what the user made).
static func _is_scene_link(root: Node, other: Object, callable: Callable) -> bool:
	return other is Node and _in_scene(root, other as Node) and callable.get_method() != &""


static func _describe(root: Node, other: Object, callable: Callable, flags: int, role: String) -> Dictionary:
	var label: String = "(%s outside the scene)" % (other.get_class() if other != null else "nothing")
	if other is Node and _in_scene(root, other as Node):
		label = NodeLookup.path_of(root, other as Node)
	return {
		role: label,
		"method": str(callable.get_method()) if callable.get_method() != &"" else "(lambda)",
		"flags": flag_names(flags),
		"persistent": flags & CONNECT_PERSIST != 0,
	}


static func _in_scene(root: Node, node: Node) -> bool:
	return node == root or root.is_ancestor_of(node)


## The methods node's own script declares (what a connection usually calls).
static func _script_methods(node: Node) -> Array[String]:
	var names: Array[String] = []
	var script: Script = node.get_script() as Script
	if script != null:
		for info: Dictionary in script.get_script_method_list():
			names.append(str(info["name"]))
	return names
