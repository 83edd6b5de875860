@tool
extends RefCounted
## node.get, node.set_property, node.list_properties: reading and writing a node's properties, with
## values crossing as JSON through the shared coercion table. A property that cannot be read is
## reported beside the others, never failing the read.

const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const SceneWalk := preload("res://addons/godot_live_mcp/authoring/scene_walk.gd")
const PropertyInput := preload("res://addons/godot_live_mcp/authoring/property_input.gd")
const PropertyOutput := preload("res://addons/godot_live_mcp/authoring/property_output.gd")
const NodeReport := preload("res://addons/godot_live_mcp/shared/node_report.gd")
const TypeNames := preload("res://addons/godot_live_mcp/shared/type_names.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")

const GROUP := "node"
const PROPERTIES := [
	{"@": "array", "name!": "string", "type!": "string", "hint": "string", "hint_string": "string"},
	{"usage": "array<string>", "default": "any", "current": "any"},
	{"unreadable": "any: Why current is missing: the value could not be read, or was too large."},
]
const DEFAULTS := {"marks": "read_only idempotent", "guard": ["scene"], "target": "node"}
const COMMANDS := {
	"node.get":
	{
		"run": "get_node_info",
		"text":
		(
			"Read a node: class, script, groups, children and its inspector properties with types and"
			+ " JSON values (which ones: detail, or names)."
		),
		"args": [{"node_path!": "@node_path"}, NodeReport.DESCRIBE_ARGS, {"scene": "@scene"}],
		"returns": [{"scene": "string"}, NodeReport.DESCRIPTION],
	},
	"node.set_property":
	{
		"text":
		(
			"Set one property (property + value) or several (properties: {name: value}) on a node as one"
			+ " undo step; values are JSON, or tagged objects for vectors, colors and resources."
		),
		"args":
		[
			{"node_path!": "@node_path", "properties": PropertyInput.VALUES},
			{"property": "string: One property to set (with value)."},
			{"value": "@value: The value for property: JSON, or a tagged value.", "scene": "@scene"},
		],
		"returns":
		[
			{"scene": "string", "node_path!": "string"},
			{"properties!": "object: Each property set, with its value afterwards as JSON."},
			{"previous!": "object: Each property set, with its value before as JSON."},
		],
		"marks": "idempotent",
	},
	"node.list_properties":
	{
		"text": "List a node's inspector properties: name, type, hint, usage, default and current value; paginated.",
		"args":
		[
			{"node_path!": "@node_path", "filter": "string: Keep properties whose name contains this text."},
			{"offset": PageArgs.OFFSET % "property", "limit": PageArgs.LIMIT_100 % "properties", "scene": "@scene"},
		],
		"returns":
		[
			{"@page": "properties offset", "scene": "string", "node_path": "string"},
			{"type": "string: The node's class.", "properties!": PROPERTIES},
		],
	},
}


static func get_node_info(params: CommandParams, target: CommandTarget) -> Result:
	return Result.of(NodeReport.describe(target.node, target.node_path, params))


static func set_property(params: CommandParams, target: CommandTarget) -> Result:
	var wanted: Dictionary = PropertyInput.requested(params.raw)
	if wanted.is_empty():
		return Result.fail(
			"INVALID_PARAMS",
			"Nothing to set: pass properties ({name: value}) or property with value.",
			MCPToolkitError.hint_for_param("property")
		)
	var node: Node = target.node
	if not SceneWalk.shows(target.root, node):
		return Result.fail(
			"INVALID_OPERATION",
			"'%s' is inside an instanced scene whose children are not editable." % params.text("node_path"),
			"Change it in its own scene (scene_open), or instance that scene with editable_children."
		)
	var coerced: Result = PropertyInput.coerce_values(node, wanted)
	if coerced.failed():
		return coerced
	var changes: Dictionary = coerced.value
	var names: PackedStringArray = PackedStringArray(changes.keys())
	var previous: Dictionary = NodeReport.values(node, names)
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(
		"set %s of %s" % [", ".join(names), node.name], node
	)
	for property: String in names:
		action.do_property(node, property, changes[property])
		action.undo_property(node, property, node.get(property))
	action.commit()
	return Result.of(
		{"node_path": target.node_path, "previous": previous, "properties": NodeReport.values(node, names)}
	)


static func list_properties(params: CommandParams, target: CommandTarget) -> Result:
	var node: Node = target.node
	var needle: String = params.text("filter").to_lower()
	var rows: Array[Dictionary] = []
	for info: Dictionary in PropertyOutput.listed(node):
		if needle == "" or str(info["name"]).to_lower().contains(needle):
			rows.append(_describe(node, info))
	var page: Dictionary = Pagination.list_page(
		rows, params.integer("offset"), params.integer("limit"), "properties", "properties"
	)
	page.merge({"node_path": target.node_path, "type": node.get_class()})
	if rows.is_empty() and needle != "":
		page["hint"] = (
			"No property name contains '%s'. %sCall without filter to see them all."
			% [params.text("filter"), PropertyOutput.suggest(node, params.text("filter"))]
		)
	return Result.of(page)


## One row of node.list_properties: the property's type, hint, usage, default and current value.
static func _describe(node: Node, info: Dictionary) -> Dictionary:
	var name: String = str(info["name"])
	var row: Dictionary = {
		"name": name,
		"type": TypeNames.of(info),
		"hint": PropertyOutput.hint_name(info),
		"hint_string": str(info.get("hint_string", "")),
		"usage": PropertyOutput.usage_names(info),
		"default": PropertyOutput.json_of(PropertyOutput.default_of(node, name), info).get("value"),
	}
	var current: Dictionary = PropertyOutput.read(node, info)
	row["current"] = current.get("value")
	if not current.has("value"):
		row["unreadable"] = current.get("unreadable", current.get("omitted"))
	return row
