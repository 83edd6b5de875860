@tool
extends RefCounted
## spatial.map and spatial.map_2d: where a scene's nodes are, as compact rows (global position and
## world-space bounds) for layout questions, paged.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const SceneWalk := preload("res://addons/godot_live_mcp/authoring/scene_walk.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")

const GROUP := "spatial"
## Coordinates are rounded to this step: enough for layout, short to read.
const STEP := 0.001
const ARGS := [
	{"scene": "@scene", "node_path": "@node_path: Only this node and its descendants (default: the whole scene)."},
	{"offset": PageArgs.OFFSET % "node", "limit": PageArgs.LIMIT_200 % "nodes"},
]
const DEFAULTS := {"guard": ["scene"], "marks": "read_only idempotent", "target": "node", "args": ARGS}
const COMMANDS := {
	"spatial.map":
	{
		"text":
		(
			"List a scene's 3D nodes with global position [x, y, z] and, for visible geometry, world bounds"
			+ " aabb [x, y, z, width, height, depth], to reason about layout."
		),
		"returns":
		[
			{"@page": "nodes offset", "scene!": "string"},
			{
				"nodes!":
				{
					"@": "array",
					"path!": "string",
					"type!": "string",
					"position!": "array<number>: Global [x, y, z].",
					"aabb": "array<number>: World bounds [x, y, z, width, height, depth].",
				}
			},
		],
	},
	"spatial.map_2d":
	{
		"text":
		(
			"List a scene's Node2D and Control nodes with global position [x, y] and, where known, the"
			+ " global rect [x, y, width, height] (Controls, sprites), to reason about layout."
		),
		"returns":
		[
			{"@page": "nodes offset", "scene!": "string"},
			{
				"nodes!":
				{
					"@": "array",
					"path!": "string",
					"type!": "string",
					"position!": "array<number>: Global [x, y].",
					"rect": "array<number>: Global [x, y, width, height].",
				}
			},
		],
	},
}


static func map(params: CommandParams, target: CommandTarget) -> Result:
	return _listed(params, target, _row_3d)


static func map_2d(params: CommandParams, target: CommandTarget) -> Result:
	return _listed(params, target, _row_2d)


## The page of rows row_of gives (it skips a node by returning {}).
static func _listed(params: CommandParams, target: CommandTarget, row_of: Callable) -> Result:
	var rows: Array[Dictionary] = []
	for entry: Dictionary in SceneWalk.nodes(target.root, target.node):
		var node: Node = entry["node"]
		var row: Dictionary = row_of.call(node)
		if not row.is_empty():
			row["path"] = NodeLookup.path_of(target.root, node)
			row["type"] = node.get_class()
			rows.append(row)
	return Result.of(Pagination.list_page(rows, params.integer("offset"), params.integer("limit"), "nodes", "nodes"))


static func _row_3d(node: Node) -> Dictionary:
	var spatial: Node3D = node as Node3D
	if spatial == null:
		return {}
	var row: Dictionary = {
		"position": _numbers([spatial.global_position.x, spatial.global_position.y, spatial.global_position.z])
	}
	var visual: VisualInstance3D = node as VisualInstance3D
	if visual != null:
		var box: AABB = spatial.global_transform * visual.get_aabb()
		if box.has_volume() or box.size != Vector3.ZERO:
			row["aabb"] = _numbers([box.position.x, box.position.y, box.position.z, box.size.x, box.size.y, box.size.z])
	return row


static func _row_2d(node: Node) -> Dictionary:
	var control: Control = node as Control
	if control != null:
		var rect: Rect2 = control.get_global_rect()
		return {
			"position": _numbers([rect.position.x, rect.position.y]),
			"rect": _numbers([rect.position.x, rect.position.y, rect.size.x, rect.size.y]),
		}
	var flat: Node2D = node as Node2D
	if flat == null:
		return {}
	var row: Dictionary = {"position": _numbers([flat.global_position.x, flat.global_position.y])}
	if flat.has_method("get_rect"):
		var local: Rect2 = flat.call("get_rect")
		var rect: Rect2 = flat.global_transform * local
		row["rect"] = _numbers([rect.position.x, rect.position.y, rect.size.x, rect.size.y])
	return row


static func _numbers(values: Array) -> Array[float]:
	var rounded: Array[float] = []
	for value: float in values:
		rounded.append(snappedf(value, STEP))
	return rounded
