@tool
extends RefCounted
## signal.* commands: a node's signals and the connections between nodes of a scene. Connections
## made here are persistent (saved with the scene) and each is one undo step in that scene's history.

const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const SignalLinks := preload("res://addons/godot_live_mcp/authoring/signal_links.gd")
const NodeSignals := preload("res://addons/godot_live_mcp/shared/node_signals.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")

const GROUP := "signal"
## The arguments that name one connection.
const LINK := {
	"node_path!": "@node_path: Path of the node that emits the signal ('.' is the scene root).",
	"signal!": NodeSignals.SIGNAL,
	"target!": "@node_path: Path of the node whose method is called ('.' is the scene root).",
	"method!": "string: Name of the method called on the target, e.g. '_on_coin_collected'.",
	"scene": "@scene",
}
const FLAGS := (
	"array<enum(deferred|one_shot|reference_counted)>: Connection flags;"
	+ " the connection is always saved with the scene."
)
## What connect and disconnect report about the connection.
const LINK_ROW := {
	"scene!": "string",
	"node_path!": "string",
	"signal!": "string",
	"target!": "string",
	"method!": "string",
	"flags!": "array<string>",
}
## How a connection is made, as signal.list reports it from either end.
const LINKED := {"method!": "string", "flags!": "array<string>", "persistent!": "boolean: Saved with the scene."}
## A listed signal's connections, and those reaching the listed node (signal.list).
const OUTGOING := [
	{"@": "array: Nodes of the scene this signal calls.", "target!": "string: Node path relative to the scene root."},
	LINKED,
]
const INCOMING := [
	{"@": "array: Connections from other nodes' signals to this node."},
	{"source!": "string: Node path relative to the scene root."},
	LINKED,
	{"signal": "string"},
]
const SIGNALS := [
	{"@": "array", "name!": "string", "args!": NodeSignals.ARGUMENTS, "defined_by": "enum(class|script)"},
	{"connections!": OUTGOING},
]
const DEFAULTS := {"guard": ["scene"], "target": "node"}
const COMMANDS := {
	"signal.list":
	{
		"text":
		(
			"List a node's signals (engine and script ones) with their arguments and the connections they"
			+ " have to nodes of the scene, plus the connections reaching the node."
		),
		"args":
		[
			{"scene": "@scene", "node_path": "@node_path"},
			{"connected_only": "boolean=false: Only signals that have connections."},
			{
				"internal":
				"boolean=false: Also the editor's and engine's own connections (to objects outside the scene)."
			},
			{"offset": PageArgs.OFFSET % "signal", "limit": PageArgs.LIMIT_100 % "signals"},
		],
		"returns":
		[
			{"@page": "signals offset", "scene!": "string", "node_path!": "string"},
			{"signals!": SIGNALS, "incoming!": INCOMING},
		],
		"marks": "read_only idempotent",
	},
	"signal.connect":
	{
		"run": "connect_signal",
		"text":
		(
			"Connect a node's signal to a method of another node of the same scene, saved with the scene"
			+ " (like the editor's Node > Signals dock). The method must exist in the target's script."
		),
		"args": [LINK, {"flags": FLAGS, "if_exists": "@if_exists"}],
		"returns":
		[
			LINK_ROW,
			{"status": "@create_status", "warning": "string: Set when the method cannot take the signal's arguments."},
		],
	},
	"signal.disconnect":
	{
		"run": "disconnect_signal",
		"text": "Remove a connection between a node's signal and a method of another node of the scene.",
		"args": LINK,
		"returns": [LINK_ROW, {"disconnected": "boolean: Always true: the connection is gone."}],
		"marks": "destructive",
	},
}


## One connection a connect or disconnect call names: both nodes found, the signal and method checked.
class Link:
	var source: Node
	var receiver: Node
	var node_path: String
	var target_path: String
	var signal_name: String
	var method: String
	var callable: Callable

	## The connection as connect and disconnect report it, with flags.
	func row(flags: int) -> Dictionary:
		return {
			"node_path": node_path,
			"signal": signal_name,
			"target": target_path,
			"method": method,
			"flags": SignalLinks.flag_names(flags),
		}

	## A new undo action about this connection ("Connect 'pressed' of 'Button' to …").
	func action(verb: String) -> MCPToolkitUndoRedoAction:
		var what: String = "%s '%s' of '%s' to '%s' of '%s'" % [verb, signal_name, node_path, method, target_path]
		return MCPToolkitUndoRedoAction.begin(what, source)


static func list(params: CommandParams, target: CommandTarget) -> Result:
	var node: Node = target.node
	var signals: Array[Dictionary] = []
	for info: Dictionary in node.get_signal_list():
		var outgoing: Array[Dictionary] = SignalLinks.outgoing(target.root, node, info["name"], params.flag("internal"))
		if outgoing.is_empty() and params.flag("connected_only"):
			continue
		var defined_by: String = "class" if ClassDB.class_has_signal(node.get_class(), info["name"]) else "script"
		var args: Array[String] = NodeSignals.arguments(info)
		signals.append({"name": str(info["name"]), "args": args, "defined_by": defined_by, "connections": outgoing})
	var page: Dictionary = Pagination.list_page(
		signals, params.integer("offset"), params.integer("limit"), "signals", "signals"
	)
	page["node_path"] = target.node_path
	page["incoming"] = SignalLinks.incoming(target.root, node, params.flag("internal"))
	return Result.of(page)


static func connect_signal(params: CommandParams, source: CommandTarget) -> Result:
	var policy: Result = IfExists.read(params)
	var flags: Result = SignalLinks.flags_from_names(params.strings("flags")) if policy.succeeded() else policy
	var found: Result = _link(source, params) if flags.succeeded() else flags
	if found.failed():
		return found
	var link: Link = found.value
	var existing: int = SignalLinks.flags_of(link.source, link.signal_name, link.callable)
	if existing >= 0 and policy.value != IfExists.REPLACE:
		return IfExists.answer(policy.value, "That connection", link.row(existing))
	var connected: Result = _connect_recorded(link, flags.value, existing)
	if connected.failed():
		return connected
	var data: Dictionary = link.row(flags.value)
	data["status"] = "replaced" if existing >= 0 else "created"
	var warning: String = SignalLinks.arity_warning(link.source, link.signal_name, link.receiver, link.method)
	if warning != "":
		data["warning"] = warning
	return Result.of(data)


static func disconnect_signal(params: CommandParams, source: CommandTarget) -> Result:
	var found: Result = _link(source, params)
	if found.failed():
		return found
	var link: Link = found.value
	var flags: int = SignalLinks.flags_of(link.source, link.signal_name, link.callable)
	if flags < 0:
		return Result.fail(
			"NOT_FOUND",
			(
				"Signal '%s' of '%s' is not connected to method '%s' of '%s'."
				% [link.signal_name, link.node_path, link.method, link.target_path]
			),
			"signal_list shows the node's connections."
		)
	link.source.disconnect(link.signal_name, link.callable)
	var step: MCPToolkitUndoRedoAction = link.action("Disconnect")
	step.do_method(link.source.disconnect.bind(link.signal_name, link.callable))
	step.undo_method(link.source.connect.bind(link.signal_name, link.callable, flags))
	step.commit_recorded()
	var data: Dictionary = link.row(flags)
	data["disconnected"] = true
	return Result.of(data)


## Connects (replacing a connection that has other flags) and records the undo step; CONNECT_FAILED
## when the engine refuses, with the previous connection put back.
static func _connect_recorded(link: Link, flags: int, previous_flags: int) -> Result:
	var source: Node = link.source
	var all_flags: int = flags | CONNECT_PERSIST
	if previous_flags >= 0:
		source.disconnect(link.signal_name, link.callable)
	var err: int = source.connect(link.signal_name, link.callable, all_flags)
	if err != OK:
		if previous_flags >= 0:
			source.connect(link.signal_name, link.callable, previous_flags)
		return Result.fail(
			"CONNECT_FAILED", "The engine refused the connection: %s." % error_string(err), "Check signal_list."
		)
	var step: MCPToolkitUndoRedoAction = link.action("Connect")
	if previous_flags >= 0:
		step.do_method(source.disconnect.bind(link.signal_name, link.callable))
	step.do_method(source.connect.bind(link.signal_name, link.callable, all_flags))
	step.undo_method(source.disconnect.bind(link.signal_name, link.callable))
	if previous_flags >= 0:
		step.undo_method(source.connect.bind(link.signal_name, link.callable, previous_flags))
	step.commit_recorded()
	return Result.of(all_flags)


## The connection params name from source, or NOT_FOUND for the receiver, signal or method.
static func _link(source: CommandTarget, params: CommandParams) -> Result:
	var receiver: Result = NodeLookup.require(source.root, params.text("target"))
	if receiver.failed():
		return receiver
	var link: Link = Link.new()
	link.source = source.node
	link.receiver = receiver.value
	link.node_path = source.node_path
	link.target_path = NodeLookup.path_of(source.root, link.receiver)
	link.signal_name = params.text("signal")
	link.method = params.text("method")
	link.callable = Callable(link.receiver, link.method)
	var checked: Result = SignalLinks.check_members(
		link.source, link.node_path, link.signal_name, link.receiver, link.method
	)
	return checked if checked.failed() else Result.of(link)
