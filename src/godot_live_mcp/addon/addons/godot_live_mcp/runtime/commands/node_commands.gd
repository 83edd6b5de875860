@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## runtime.get_node, runtime.set_property and runtime.call_method: one live node of the game, read
## and written in the editor's vocabulary (node_get and node_set_property take the same arguments
## and answer the same shapes).

const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")
const RuntimeNodes := preload("res://addons/godot_live_mcp/runtime/runtime_nodes.gd")
const CallArguments := preload("res://addons/godot_live_mcp/runtime/call_arguments.gd")
const CodeRunner := preload("res://addons/godot_live_mcp/runtime/code_runner.gd")
const NodeReport := preload("res://addons/godot_live_mcp/shared/node_report.gd")
const PropertyInput := preload("res://addons/godot_live_mcp/authoring/property_input.gd")

const CHANNEL := "runtime"
const GROUP := "runtime"
const METHOD_HINT := "List the node's methods with classdb_get_class (engine methods) or read its script."
const NODE := {"node_path!": RuntimeNodes.NODE_PATH}
const VALUE := {
	"value": '@value: The value for property: JSON, or a tagged value such as {"type": "Vector2", "x": 1, "y": 2}.',
}
const COMMANDS := {
	"runtime.get_node":
	{
		"text":
		(
			"Read a live node of the running game: class, script, groups, children and its inspector properties"
			+ " with types and JSON values (by detail: none, those changed from their defaults, or all; or the"
			+ " ones named)."
		),
		"args": [NODE, NodeReport.DESCRIBE_ARGS],
		"returns": NodeReport.DESCRIPTION,
		"marks": "read_only idempotent",
	},
	"runtime.set_property":
	{
		"text":
		(
			"Set one property (property + value) or several (properties: {name: value}) of a live node;"
			+ " values are converted to the properties' types. Nothing is set when one of them cannot be."
		),
		"args":
		[
			NODE,
			{"property": "string: One property to set (with value), e.g. 'position'."},
			VALUE,
			{"properties": "object: Several properties to set: name -> value as JSON or a tagged value."},
		],
		"returns":
		{
			"node_path!": "string",
			"properties!": "object: The values set, name -> value as JSON, read back from the node.",
			"previous!": "object: The values before, name -> value as JSON.",
		},
	},
	"runtime.call_method":
	{
		"text": "Call a method of a live node with arguments converted to its parameter types; returns the result.",
		"args":
		[
			NODE,
			{"method!": "string: The method name."},
			{"args": 'array: Positional arguments (JSON or tagged values); a node as {"node": "Player"}.'},
		],
		"returns": {"node_path": "string", "method": "string", "result": "any: What it returned, as JSON."},
	},
}


func get_node(params: CommandParams) -> Result:
	var found: Result = RuntimeNodes.require(params.text("node_path"))
	if found.failed():
		return found
	var node: Node = found.value
	var path: String = RuntimeNodes.path_of(node)
	return Result.of(NodeReport.describe(node, path, params))


func set_property(params: CommandParams) -> Result:
	var found: Result = RuntimeNodes.require(params.text("node_path"))
	if found.failed():
		return found
	var node: Node = found.value
	var wanted: Dictionary = PropertyInput.requested(params.raw)
	if wanted.is_empty():
		return Result.fail("INVALID_PARAMS", "Nothing to set: pass properties ({name: value}) or property with value.")
	var coerced: Result = PropertyInput.coerce_values(node, wanted)
	if coerced.failed():
		return coerced
	var path: String = RuntimeNodes.path_of(node)
	var names: PackedStringArray = PackedStringArray(wanted.keys())
	var previous: Dictionary = NodeReport.values(node, names)
	for name: String in names:
		node.set(name, coerced.value[name])
	var now: Dictionary = NodeReport.values(node, names)
	return Result.of({"node_path": path, "properties": now, "previous": previous})


func call_method(params: CommandParams) -> Result:
	var found: Result = RuntimeNodes.require(params.text("node_path"))
	if found.failed():
		return found
	var node: Node = found.value
	var method: String = params.text("method")
	var signature: Result = _method_info(node, method)
	if signature.failed():
		return signature
	var read: Result = CallArguments.read(signature.value, params.list("args"), "%s()" % method)
	if read.failed():
		return read if read.code == "NOT_FOUND" else Result.fail(read.code, read.message, METHOD_HINT)
	var cursor: int = _state.log_buffer.next_seq()
	var result: Variant = await node.callv(method, read.value)
	var errors: Array[Dictionary] = CodeRunner.errors_since(_state.log_buffer, cursor)
	if not errors.is_empty():
		return Result.fail(
			"EXECUTION_ERROR",
			"%s() raised: %s" % [method, CodeRunner.texts_of(errors)],
			"runtime_get_log shows the full error with its source line."
		)
	return Result.of({"node_path": RuntimeNodes.path_of(node), "method": method, "result": Coercion.to_json(result)})


static func _method_info(node: Node, method: String) -> Result:
	var names: Array[String] = []
	for info: Dictionary in node.get_method_list():
		if info["name"] == method:
			return Result.of(info)
		names.append(str(info["name"]))
	return Result.fail(
		"NOT_FOUND",
		"'%s' (%s) has no method '%s'." % [RuntimeNodes.path_of(node), node.get_class(), method],
		NameSuggestions.did_you_mean(method, names) + METHOD_HINT
	)
