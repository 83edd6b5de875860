@tool
extends RefCounted
## signal.* commands: a node's signals and the connections between nodes of a scene. Connections
## made here are persistent (saved with the scene) and each is one undo step in that scene's history.

const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const SceneTarget := preload("res://addons/godot_live_mcp/authoring/scene_target.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const TypeNames := preload("res://addons/godot_live_mcp/authoring/type_names.gd")
const SignalLinks := preload("res://addons/godot_live_mcp/authoring/signal_links.gd")
const SceneEdit := preload("res://addons/godot_live_mcp/authoring/scene_edit.gd")
const SignalSchemas := preload("res://addons/godot_live_mcp/commands/signal_schemas.gd")


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add("signal.list", list, SignalSchemas.list_options())
	registry.add("signal.connect", connect_signal, SignalSchemas.connect_options())
	registry.add("signal.disconnect", disconnect_signal, SignalSchemas.disconnect_options())


static func list(params: Dictionary) -> Dictionary:
	var target: SceneTarget = SceneTarget.resolve(params)
	if target.failed():
		return target.error
	var node_path: String = str(params.get("node_path", "."))
	var node: Node = NodeLookup.find(target.root, node_path)
	if node == null:
		return NodeLookup.not_found(target.root, node_path)
	var connected_only: bool = bool(params.get("connected_only", false))
	var signals: Array[Dictionary] = []
	for info: Dictionary in node.get_signal_list():
		var outgoing: Array[Dictionary] = SignalLinks.outgoing(target.root, node, info["name"])
		if connected_only and outgoing.is_empty():
			continue
		(
			signals
			. append(
				{
					"name": str(info["name"]),
					"args": TypeNames.arguments(info.get("args", [])),
					"defined_by": "class" if ClassDB.class_has_signal(node.get_class(), info["name"]) else "script",
					"connections": outgoing,
				}
			)
		)
	var limit: int = int(params.get("limit", SignalSchemas.DEFAULT_LIMIT))
	var page: Dictionary = Pagination.list_page(signals, int(params.get("offset", 0)), limit, "signals", "signals")
	(
		page
		. merge(
			{
				"scene": target.path,
				"node_path": NodeLookup.path_of(target.root, node),
				"incoming": SignalLinks.incoming(target.root, node),
			}
		)
	)
	return MCPToolkitSuccess.ok(page)


static func connect_signal(params: Dictionary) -> Dictionary:
	var policy: String = IfExists.policy(params)
	if policy == "":
		return IfExists.invalid(params)
	var flags: Variant = SignalLinks.flags_from_names(params.get("flags", []))
	if flags == null:
		return MCPToolkitError.fail(
			"INVALID_PARAMS",
			"flags may only hold %s." % ", ".join(SignalLinks.FLAG_NAMES.keys()),
			"Pass for example flags=['deferred'], or leave flags out."
		)
	return await SceneEdit.run(params, _connect_in.bind(params, policy, int(flags)))


static func disconnect_signal(params: Dictionary) -> Dictionary:
	return await SceneEdit.run(params, _disconnect_in.bind(params))


static func _connect_in(root: Node, params: Dictionary, policy: String, flags: int) -> Dictionary:
	var link: Dictionary = _resolve(root, params)
	if link.has("error"):
		return link["error"]
	var existing: int = SignalLinks.flags_of(link["source"], link["signal"], link["callable"])
	if existing >= 0 and policy != IfExists.REPLACE:
		return IfExists.existing(policy, "That connection", _report(link, existing))
	var err: int = _connect_recorded(link, flags, existing)
	if err != OK:
		return MCPToolkitError.fail(
			"CONNECT_FAILED", "The engine refused the connection: %s." % error_string(err), "Check signal_list."
		)
	var data: Dictionary = _report(link, flags)
	data["status"] = "replaced" if existing >= 0 else "created"
	var warning: String = SignalLinks.arity_warning(link["source"], link["signal"], link["target"], link["method"])
	if warning != "":
		data["warning"] = warning
	return MCPToolkitSuccess.ok(data)


static func _disconnect_in(root: Node, params: Dictionary) -> Dictionary:
	var link: Dictionary = _resolve(root, params)
	if link.has("error"):
		return link["error"]
	var flags: int = SignalLinks.flags_of(link["source"], link["signal"], link["callable"])
	if flags < 0:
		return MCPToolkitError.fail(
			"NOT_FOUND",
			(
				"Signal '%s' of '%s' is not connected to method '%s' of '%s'."
				% [link["signal"], link["node_path"], link["method"], link["target_path"]]
			),
			"signal_list shows the node's connections."
		)
	var source: Node = link["source"]
	var callable: Callable = link["callable"]
	source.disconnect(link["signal"], callable)
	var step: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(_what("Disconnect", link), source)
	step.do_method(source.disconnect.bind(link["signal"], callable))
	step.undo_method(source.connect.bind(link["signal"], callable, flags))
	step.commit_recorded()
	var data: Dictionary = _report(link, flags)
	data["disconnected"] = true
	return MCPToolkitSuccess.ok(data)


## Connects (replacing a connection that has other flags) and records the undo step; the Error.
static func _connect_recorded(link: Dictionary, flags: int, previous_flags: int) -> int:
	var source: Node = link["source"]
	var callable: Callable = link["callable"]
	var all_flags: int = flags | CONNECT_PERSIST
	if previous_flags >= 0:
		source.disconnect(link["signal"], callable)
	var err: int = source.connect(link["signal"], callable, all_flags)
	if err != OK:
		if previous_flags >= 0:
			source.connect(link["signal"], callable, previous_flags)
		return err
	var step: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(_what("Connect", link), source)
	if previous_flags >= 0:
		step.do_method(source.disconnect.bind(link["signal"], callable))
	step.do_method(source.connect.bind(link["signal"], callable, all_flags))
	step.undo_method(source.disconnect.bind(link["signal"], callable))
	if previous_flags >= 0:
		step.undo_method(source.connect.bind(link["signal"], callable, previous_flags))
	step.commit_recorded()
	return OK


## Both nodes, the signal and the method of a connect/disconnect call, checked; or {"error": envelope}.
static func _resolve(root: Node, params: Dictionary) -> Dictionary:
	var source: Node = NodeLookup.find(root, str(params.get("node_path", "")))
	if source == null:
		return {"error": NodeLookup.not_found(root, str(params.get("node_path", "")))}
	var receiver: Node = NodeLookup.find(root, str(params.get("target", "")))
	if receiver == null:
		return {"error": NodeLookup.not_found(root, str(params.get("target", "")))}
	var signal_name: String = str(params.get("signal", ""))
	var method: String = str(params.get("method", ""))
	var missing: Dictionary = SignalLinks.missing_member(source, signal_name, receiver, method)
	if not missing.is_empty():
		return {"error": missing}
	return {
		"source": source,
		"target": receiver,
		"node_path": NodeLookup.path_of(root, source),
		"target_path": NodeLookup.path_of(root, receiver),
		"signal": signal_name,
		"method": method,
		"callable": Callable(receiver, method),
	}


static func _report(link: Dictionary, flags: int) -> Dictionary:
	return {
		"node_path": link["node_path"],
		"signal": link["signal"],
		"target": link["target_path"],
		"method": link["method"],
		"flags": SignalLinks.flag_names(flags),
	}


static func _what(verb: String, link: Dictionary) -> String:
	return (
		"%s '%s' of '%s' to '%s' of '%s'"
		% [verb, link["signal"], link["node_path"], link["method"], link["target_path"]]
	)
