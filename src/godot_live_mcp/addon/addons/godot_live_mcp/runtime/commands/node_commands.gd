@tool
extends "res://addons/godot_live_mcp/runtime/commands/runtime_module.gd"
## runtime.get_node, runtime.set_property and runtime.call_method: one live node of the game.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const Options := preload("res://addons/godot_live_mcp/runtime/runtime_options.gd")
const RuntimeNodes := preload("res://addons/godot_live_mcp/runtime/runtime_nodes.gd")
const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const CallArguments := preload("res://addons/godot_live_mcp/runtime/call_arguments.gd")
const CodeRunner := preload("res://addons/godot_live_mcp/runtime/code_runner.gd")
const NodeFilter := preload("res://addons/godot_live_mcp/authoring/node_filter.gd")
const PropertyCoercion := preload("res://addons/godot_live_mcp/contract/property_coercion.gd")

const SHOWN_USAGE := PROPERTY_USAGE_EDITOR | PROPERTY_USAGE_SCRIPT_VARIABLE
const METHOD_HINT := "List the node's methods with classdb_get_class (engine methods) or read its script."


func register(registry: MCPToolkitCommandRegistry) -> void:
	(
		registry
		. add(
			"runtime.get_node",
			get_node_info,
			(
				Options
				. reading(
					"runtime.get_node",
					(
						"Read a live node of the running game: class, script, groups, children and its properties"
						+ " with their types and current values (all shown ones, or just those named)."
					)
				)
				. with_input_schema(
					(
						S
						. object(
							{
								"node_path": S.node_path(RuntimeNodes.HINT),
								"properties": S.array(S.string(), "Only these properties (default: every shown one)."),
							},
							["node_path"]
						)
					)
				)
				. with_output_schema(_node_schema())
			)
		)
	)
	(
		registry
		. add(
			"runtime.set_property",
			set_property,
			(
				Options
				. changing(
					"runtime.set_property",
					"Set one property of a live node; the value is converted to the property's type."
				)
				. with_input_schema(
					(
						S
						. object(
							{
								"node_path": S.node_path(RuntimeNodes.HINT),
								"property": S.string("The property name, e.g. 'position' or 'velocity'."),
								"value":
								(
									S
									. any(
										'The new value: JSON, or a tagged value such as {"type": "Vector2", "x": 1, "y": 2}.'
									)
								),
							},
							["node_path", "property", "value"]
						)
					)
				)
				. with_output_schema(
					S.object({"node_path": S.string(), "property": S.string(), "value": S.any()}, [], true)
				)
			)
		)
	)
	(
		registry
		. add(
			"runtime.call_method",
			call_method,
			(
				Options
				. changing(
					"runtime.call_method",
					"Call a method of a live node with arguments converted to its parameter types; returns the result."
				)
				. with_input_schema(
					(
						S
						. object(
							{
								"node_path": S.node_path(RuntimeNodes.HINT),
								"method": S.string("The method name."),
								"args": S.array(S.any(), "Positional arguments (JSON or tagged values)."),
							},
							["node_path", "method"]
						)
					)
				)
				. with_output_schema(
					S.object({"node_path": S.string(), "method": S.string(), "result": S.any()}, [], true)
				)
			)
		)
	)


func get_node_info(params: Dictionary) -> Dictionary:
	var found: Variant = RuntimeNodes.require(params)
	if found is Dictionary:
		return found
	var node: Node = found
	var wanted: Array = params.get("properties", [])
	return MCPToolkitSuccess.ok(
		{
			"node_path": RuntimeNodes.path_of(node),
			"type": node.get_class(),
			"script": NodeFilter.script_of(node),
			"groups": node.get_groups().map(func(g: StringName) -> String: return str(g)),
			"children": node.get_children().map(func(c: Node) -> String: return str(c.name)),
			"properties": _properties(node, wanted),
		}
	)


func set_property(params: Dictionary) -> Dictionary:
	var found: Variant = RuntimeNodes.require(params)
	if found is Dictionary:
		return found
	var node: Node = found
	var name: String = str(params.get("property", ""))
	if PropertyCoercion.find_property(node, name).is_empty():
		return MCPToolkitError.fail(
			"NOT_FOUND",
			"'%s' (%s) has no property '%s'." % [RuntimeNodes.path_of(node), node.get_class(), name],
			"runtime_get_node lists its properties."
		)
	var coerced: Dictionary = Coercion.for_property(node, name, params.get("value"))
	if not coerced["ok"]:
		return MCPToolkitError.fail(coerced["code"], coerced["message"], str(coerced.get("hint", "")))
	node.set(name, coerced["value"])
	return MCPToolkitSuccess.ok(
		{"node_path": RuntimeNodes.path_of(node), "property": name, "value": Coercion.property_to_json(node, name)}
	)


func call_method(params: Dictionary) -> Dictionary:
	var found: Variant = RuntimeNodes.require(params)
	if found is Dictionary:
		return found
	var node: Node = found
	var method: String = str(params.get("method", ""))
	var signature: Dictionary = _method_info(node, method)
	if signature.is_empty():
		return MCPToolkitError.fail(
			"NOT_FOUND",
			"'%s' (%s) has no method '%s'." % [RuntimeNodes.path_of(node), node.get_class(), method],
			METHOD_HINT
		)
	var read: Dictionary = CallArguments.read(signature, params.get("args", []), "%s()" % method)
	if not read["ok"]:
		return MCPToolkitError.fail(read["code"], read["message"], METHOD_HINT)
	var args: Array = read["args"]
	var cursor: int = _state.log_buffer.next_seq()
	var result: Variant = await node.callv(method, args)
	var errors: Array[Dictionary] = CodeRunner.errors_since(_state.log_buffer, cursor)
	if not errors.is_empty():
		return MCPToolkitError.fail(
			"EXECUTION_ERROR",
			"%s() raised: %s" % [method, CodeRunner.texts_of(errors)],
			"runtime_get_log shows the full error with its source line."
		)
	return MCPToolkitSuccess.ok(
		{"node_path": RuntimeNodes.path_of(node), "method": method, "result": Coercion.to_json(result)}
	)


static func _properties(node: Node, wanted: Array) -> Dictionary:
	var found: Dictionary = {}
	for info: Dictionary in node.get_property_list():
		var name: String = info["name"]
		var shown: bool = int(info["usage"]) & SHOWN_USAGE != 0
		if (wanted.is_empty() and shown) or name in wanted:
			found[name] = {"type": _type_name(info), "value": Coercion.property_to_json(node, name)}
	return found


static func _method_info(node: Node, method: String) -> Dictionary:
	for info: Dictionary in node.get_method_list():
		if info["name"] == method:
			return info
	return {}


static func _type_name(info: Dictionary) -> String:
	var type: int = int(info["type"])
	if type == TYPE_OBJECT and str(info.get("class_name", "")) != "":
		return str(info["class_name"])
	return "Variant" if type == TYPE_NIL else type_string(type)


static func _node_schema() -> Dictionary:
	var property: Dictionary = S.object({"type": S.string(), "value": S.any()}, [], true)
	return (
		S
		. object(
			{
				"node_path": S.string(),
				"type": S.string(),
				"script": S.string(),
				"groups": S.array(S.string()),
				"children": S.array(S.string()),
				"properties": S.object({}, [], true).merged({"additionalProperties": property}, true),
			},
			["node_path", "type", "properties"],
			true
		)
	)
