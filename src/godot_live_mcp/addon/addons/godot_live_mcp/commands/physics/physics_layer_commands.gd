@tool
extends RefCounted
## physics.set_layers, physics.list_layer_names, physics.set_layer_name: a collision object's layer and
## mask by layer name or number, and the names the project gives its layers (project.godot).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const SettingChange := preload("res://addons/godot_live_mcp/authoring/setting_change.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")
const LayerNames := preload("res://addons/godot_live_mcp/commands/physics/layer_names.gd")

const GROUP := "physics"
const KIND := (
	'enum(2d_physics|3d_physics|2d_render|3d_render|2d_navigation|3d_navigation|avoidance)="2d_physics":'
	+ " Which layers."
)
const LAYER_ROWS := {"@": "array", "layer!": "integer", "name!": "string: '' when the project names none."}
const LAYER_LIST := "array: Layers as numbers 1..32 or the project's layer names, e.g. ['player', 3]; [] clears."
const DEFAULTS := {"guard": ["scene"]}
const COMMANDS := {
	"physics.set_layers":
	{
		"text":
		(
			"Set a CollisionObject2D/3D's collision layer and/or mask by layer names (the project's"
			+ " 2d_physics/3d_physics names) or numbers; what is not given stays."
		),
		"args": {"scene": "@scene", "node_path!": "@node_path", "layers": LAYER_LIST, "mask": LAYER_LIST},
		"returns":
		{
			"scene!": "string",
			"node_path!": "string",
			"collision_layer!": "integer: The layer bits.",
			"collision_mask!": "integer: The mask bits.",
			"layers!": LAYER_ROWS,
			"mask!": LAYER_ROWS,
		},
		"target": "node:CollisionObject2D|CollisionObject3D",
		"marks": "idempotent",
	},
	"physics.list_layer_names":
	{
		"text": "List the project's layer names (physics, render, navigation or avoidance layers 1..32).",
		"args":
		{
			"kind": KIND,
			"named_only": "boolean=true: Only layers that have a name.",
			"offset": PageArgs.OFFSET % "layer",
			"limit": PageArgs.LIMIT_100 % "layers",
		},
		"returns": {"@page": "layers offset", "kind!": "string", "layers!": LAYER_ROWS},
		"marks": "read_only idempotent scene_independent",
	},
	"physics.set_layer_name":
	{
		"text":
		(
			"Name a layer in the project settings (saved to project.godot; undo with editor_undo"
			+ " history='global'). An empty name clears it."
		),
		"args": {"kind": KIND, "layer!": "integer[1..32]: The layer number.", "name!": "string: The new name."},
		"returns": {"kind!": "string", "layer!": "integer", "name!": "string", "previous!": "string: The name before."},
		"marks": "idempotent scene_independent",
	},
}


static func set_layers(params: CommandParams, target: CommandTarget) -> Result:
	if not params.has("layers") and not params.has("mask"):
		return Result.fail(
			"INVALID_PARAMS", "Nothing to set: give layers, mask or both.", "layers: ['player'], mask: ['world', 3]."
		)
	var node: Node = target.node
	var kind: String = "2d_physics" if node is CollisionObject2D else "3d_physics"
	var wanted: Dictionary = {}
	for argument: String in ["layers", "mask"]:
		if params.has(argument):
			var mask: Result = LayerNames.mask_of(kind, params.list(argument), argument)
			if mask.failed():
				return mask
			wanted["collision_layer" if argument == "layers" else "collision_mask"] = mask.value
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("Set layers of '%s'" % node.name, node)
	for property: String in wanted:
		action.do_property(node, property, wanted[property]).undo_property(node, property, node.get(property))
	action.commit()
	var layer_bits: int = node.get("collision_layer")
	var mask_bits: int = node.get("collision_mask")
	var data: Dictionary = {"node_path": target.node_path, "collision_layer": layer_bits, "collision_mask": mask_bits}
	data["layers"] = LayerNames.rows(kind, layer_bits)
	data["mask"] = LayerNames.rows(kind, mask_bits)
	return Result.of(data)


static func list_layer_names(params: CommandParams) -> Result:
	var kind: String = params.text("kind")
	var layers: Array[Dictionary] = []
	for layer: int in range(1, LayerNames.LAYER_COUNT + 1):
		var name: String = LayerNames.name_of(kind, layer)
		if name != "" or not params.flag("named_only"):
			layers.append({"layer": layer, "name": name})
	var page: Dictionary = Pagination.list_page(
		layers, params.integer("offset"), params.integer("limit"), "layers", "layers"
	)
	page["kind"] = kind
	return Result.of(page)


static func set_layer_name(params: CommandParams) -> Result:
	var kind: String = params.text("kind")
	var layer: int = params.integer("layer")
	var key: String = LayerNames.setting(kind, layer)
	if not kind in LayerNames.KINDS or layer < 1 or layer > LayerNames.LAYER_COUNT:
		return Result.fail(
			"INVALID_PARAMS",
			"No layer %d of kind '%s'." % [layer, kind],
			"kind is one of %s; layer is 1..32." % ", ".join(LayerNames.KINDS)
		)
	var name: String = params.text("name").strip_edges()
	var previous: String = LayerNames.name_of(kind, layer)
	var written: Result = SettingChange.apply(key, name, "Name %s layer %d '%s'" % [kind, layer, name])
	if written.failed():
		return written
	return Result.of({"kind": kind, "layer": layer, "name": name, "previous": previous})
