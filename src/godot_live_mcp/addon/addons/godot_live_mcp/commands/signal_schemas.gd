@tool
extends RefCounted
## The published descriptions and schemas of the signal.* commands.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const SignalLinks := preload("res://addons/godot_live_mcp/authoring/signal_links.gd")
const GROUP_TEXT := "Signals of nodes and the connections between nodes of a scene."
const KEYWORDS: Array[String] = ["signal", "connect", "event", "callback"]
const DEFAULT_LIMIT := 100


static func list_options() -> MCPToolkitCommandOptions:
	var input: Dictionary = (
		S
		. object(
			{
				"scene": S.scene(),
				"node_path": S.node_path(),
				"connected_only": S.boolean("Only signals that have connections.", false),
				"offset": S.integer("Index of the first signal to return.", 0, 0),
				"limit": S.integer("How many signals to return at most.", DEFAULT_LIMIT, 1),
			}
		)
	)
	var signal_entry: Dictionary = (
		S
		. object(
			{
				"name": S.string(),
				"args": S.array(S.string(), "'name: Type' per argument."),
				"defined_by": S.enum_of(["class", "script"]),
				"connections": S.array(_connection("target"), "Nodes of the scene this signal calls."),
			},
			["name", "args", "connections"],
			true
		)
	)
	var output: Dictionary = (
		S
		. page(
			"signals",
			"offset",
			{
				"scene": S.string(),
				"node_path": S.string(),
				"signals": S.array(signal_entry),
				"incoming": S.array(_connection("source"), "Connections from other nodes' signals to this node."),
			},
			["scene", "node_path", "signals", "incoming"]
		)
	)
	return (
		_options(
			(
				"List a node's signals (engine and script ones) with their arguments and the connections they"
				+ " have to nodes of the scene, plus the connections reaching the node."
			)
		)
		. with_input_schema(input)
		. with_output_schema(output)
		. mark_read_only()
		. mark_idempotent()
	)


static func connect_options() -> MCPToolkitCommandOptions:
	var params: Dictionary = _link_params()
	params["flags"] = S.array(
		S.enum_of(SignalLinks.FLAG_NAMES.keys()), "Connection flags; the connection is always saved with the scene."
	)
	params["if_exists"] = S.if_exists()
	var output: Dictionary = _link_output()
	output["properties"]["status"] = S.create_status()
	output["properties"]["warning"] = S.string("Set when the method cannot take the signal's arguments.")
	return (
		_options(
			(
				"Connect a node's signal to a method of another node of the same scene, saved with the scene"
				+ " (like the editor's Node > Signals dock). The method must exist in the target's script."
			)
		)
		. with_input_schema(S.object(params, ["node_path", "signal", "target", "method"]))
		. with_output_schema(output)
	)


static func disconnect_options() -> MCPToolkitCommandOptions:
	var output: Dictionary = _link_output()
	output["properties"]["disconnected"] = S.boolean()
	return (
		_options("Remove a connection between a node's signal and a method of another node of the scene.")
		. with_input_schema(S.object(_link_params(), ["node_path", "signal", "target", "method"]))
		. with_output_schema(output)
		. mark_destructive()
	)


static func _options(description: String) -> MCPToolkitCommandOptions:
	return MCPToolkitCommandOptions.new().with_description(description).with_group("signal", GROUP_TEXT, KEYWORDS)


static func _link_params() -> Dictionary:
	return {
		"scene": S.scene(),
		"node_path": S.node_path("Path of the node that emits the signal ('.' is the scene root)."),
		"signal": S.string("Name of the signal, e.g. 'body_entered'."),
		"target": S.node_path("Path of the node whose method is called ('.' is the scene root)."),
		"method": S.string("Name of the method called on the target, e.g. '_on_coin_collected'."),
	}


static func _link_output() -> Dictionary:
	return (
		S
		. object(
			{
				"scene": S.string(),
				"node_path": S.string(),
				"signal": S.string(),
				"target": S.string(),
				"method": S.string(),
				"flags": S.array(S.string()),
			},
			["scene", "node_path", "signal", "target", "method", "flags"],
			true
		)
	)


static func _connection(role: String) -> Dictionary:
	var fields: Dictionary = {
		role: S.string("Node path relative to the scene root."),
		"method": S.string(),
		"flags": S.array(S.string()),
		"persistent": S.boolean("Saved with the scene."),
	}
	if role == "source":
		fields["signal"] = S.string()
	return S.object(fields, [role, "method", "flags", "persistent"], true)
