@tool
extends RefCounted
## navigation.bake and navigation.get_path: bake a region's navigation mesh in the editor (the result is
## saved with the scene; one undo step) and ask the scene's navigation map for a path between two points.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const NavigationRegions := preload("res://addons/godot_live_mcp/commands/navigation/navigation_regions.gd")
const RegionBake := preload("res://addons/godot_live_mcp/commands/navigation/region_bake.gd")

const GROUP := "navigation"
const BAKE_WAIT_MS := 100000
## How long a path query waits for the map to take in a region's latest mesh.
const SYNC_WAIT_MS := 5000
## How close (in map units) the path's end must come to `to` for the target to count as reached.
const REACH_MARGIN := 1.0
const POINT := "array: A point: [x, y] for 2D, [x, y, z] for 3D (in the region's world coordinates)."
const DEFAULTS := {"guard": ["scene"], "target": "node:NavigationRegion2D|NavigationRegion3D"}
const COMMANDS := {
	"navigation.bake":
	{
		"text":
		(
			"Bake a NavigationRegion2D/3D's navigation mesh from its source (outlines, child geometry), like"
			+ " the editor's Bake button; saved with the scene, one undo step."
		),
		"args": {"scene": "@scene", "node_path!": "@node_path: The NavigationRegion2D or NavigationRegion3D."},
		"returns":
		{
			"scene!": "string",
			"node_path!": "string",
			"polygon_count!": "integer: Polygons of the baked mesh (0: nothing walkable was found).",
			"vertex_count!": "integer",
			"warning": "string: Set when the bake found nothing walkable.",
		},
		"marks": "idempotent cancellable long_running",
		"timeout_ms": BAKE_WAIT_MS + 10000,
	},
	"navigation.get_path":
	{
		"text":
		(
			"Find a path between two points on the navigation map a region of the open scene is on, as the"
			+ " game's NavigationAgent would (baked regions only)."
		),
		"args":
		{
			"scene": "@scene",
			"node_path!": "@node_path: A NavigationRegion2D/3D; its map is searched.",
			"from!": POINT,
			"to!": POINT,
			"optimize": "boolean=true: Straighten the path along the polygons' edges.",
		},
		"returns":
		{
			"scene!": "string",
			"points!": "array<array<number>>: The path's points, from the start to the end.",
			"length!": "number: The path's length.",
			"reachable!": "boolean: The path ends at `to` (else at the closest reachable point).",
		},
		"marks": "read_only idempotent exclusive",
	},
}


static func bake(params: CommandParams, target: CommandTarget, context: MCPToolkitToolContext) -> Result:
	var region: Node = target.node
	var current: Resource = NavigationRegions.resource_of(region)
	if current == null:
		return Result.fail(
			"INVALID_STATE",
			"'%s' has no %s to bake." % [params.text("node_path"), NavigationRegions.property_of(region)],
			"Give it outlines or settings with navigation_set_source first."
		)
	var baked: Resource = await RegionBake.bake(region, current, context, BAKE_WAIT_MS)
	if baked == null:
		if context.is_cancelled():
			return Result.fail("CANCELLED", "The bake was cancelled; the region is unchanged.")
		return Result.fail("TIMEOUT", "The bake took over %d s; the region is unchanged." % (BAKE_WAIT_MS / 1000))
	var property: String = NavigationRegions.property_of(region)
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(
		"Bake navigation of '%s'" % region.name, region
	)
	action.do_property(region, property, baked).undo_property(region, property, current)
	action.commit()
	var data: Dictionary = NavigationRegions.counts(baked)
	data["node_path"] = target.node_path
	if int(data["polygon_count"]) == 0:
		data["warning"] = (
			"Nothing walkable was baked: give a 2D region outlines (navigation_set_source) or add geometry"
			+ " the source settings parse (meshes, static bodies)."
		)
	return Result.of(data)


static func get_path(params: CommandParams, target: CommandTarget) -> Result:
	var region: Node = target.node
	var three_d: bool = region is NavigationRegion3D
	var start: Result = NavigationRegions.point(params.value("from"), three_d, "from")
	var end: Result = NavigationRegions.point(params.value("to"), three_d, "to")
	if start.failed() or end.failed():
		return start if start.failed() else end
	if int(NavigationRegions.counts(NavigationRegions.resource_of(region))["polygon_count"]) == 0:
		return Result.fail(
			"INVALID_STATE",
			"'%s' has no baked navigation mesh, so no path crosses it." % params.text("node_path"),
			"Bake it with navigation_bake first."
		)
	var points: Array = await _query(region, start.value, end.value, params.flag("optimize"))
	return Result.of(_path_row(points, end.value))


## The path from start to end over region's navigation mesh, asked of a private map holding only that mesh
## (at the region's place), synced at once. The editor's own map takes a mesh in on a later physics frame,
## and the region node rebuilds on a worker thread that can leave it empty for a while after a bake (seen
## in 4.6, about one query in two): a map of our own has neither delay, and goes when the answer is read.
static func _query(region: Node, start: Variant, end: Variant, optimize: bool) -> Array:
	var three_d: bool = region is NavigationRegion3D
	var server: Object = Engine.get_singleton("NavigationServer3D" if three_d else "NavigationServer2D")
	var map: RID = server.call("map_create")
	var own_region: RID = server.call("region_create")
	if three_d:
		server.call("map_set_up", map, Vector3.UP)
	server.call("map_set_cell_size", map, server.call("map_get_cell_size", region.call("get_navigation_map")))
	server.call("region_set_map", own_region, map)
	server.call("region_set_transform", own_region, region.get("global_transform"))
	var mesh: Resource = NavigationRegions.resource_of(region)
	server.call("region_set_navigation_mesh" if three_d else "region_set_navigation_polygon", own_region, mesh)
	server.call("map_set_active", map, true)
	server.call("map_set_use_async_iterations", map, false)
	server.call("map_force_update", map)
	var points: Array = Array(server.call("map_get_path", map, start, end, optimize))
	var deadline: int = Time.get_ticks_msec() + SYNC_WAIT_MS
	while points.is_empty() and Time.get_ticks_msec() < deadline:
		await (Engine.get_main_loop() as SceneTree).physics_frame
		points = Array(server.call("map_get_path", map, start, end, optimize))
	server.call("free_rid", own_region)
	server.call("free_rid", map)
	return points


static func _path_row(points: Array, end: Variant) -> Dictionary:
	var length: float = 0.0
	var listed: Array[Array] = []
	for index: int in points.size():
		var point: Variant = points[index]
		if index > 0:
			length += point.distance_to(points[index - 1])
		listed.append([point.x, point.y, point.z] if point is Vector3 else [point.x, point.y])
	var reachable: bool = not points.is_empty() and points[-1].distance_to(end) <= REACH_MARGIN
	return {"points": listed, "length": length, "reachable": reachable}
