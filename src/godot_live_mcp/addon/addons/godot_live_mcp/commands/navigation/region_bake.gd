@tool
extends RefCounted
## Bakes a copy of a region's NavigationPolygon/NavigationMesh the way the editor's Bake button does:
## source geometry parsed on the main thread, the bake itself on the navigation server's thread.

const RegionBake := preload("res://addons/godot_live_mcp/commands/navigation/region_bake.gd")

## Set by the navigation server's callback when the bake is done.
var _done: bool = false


## Parses region's source geometry into a copy of source and bakes it; the copy, once baked. Waits at
## most timeout_ms (null when that passes) and stops early when context is cancelled (null too).
static func bake(region: Node, source: Resource, context: MCPToolkitToolContext, timeout_ms: int) -> Resource:
	var baked: Resource = source.duplicate()
	var waiter: RegionBake = RegionBake.new()
	context.report_progress(0, 3, "Parsing the source geometry.")
	if region is NavigationRegion2D:
		var geometry_2d: NavigationMeshSourceGeometryData2D = NavigationMeshSourceGeometryData2D.new()
		NavigationServer2D.parse_source_geometry_data(baked, geometry_2d, region)
		context.report_progress(1, 3, "Baking.")
		NavigationServer2D.bake_from_source_geometry_data_async(baked, geometry_2d, waiter._finish)
	else:
		var geometry_3d: NavigationMeshSourceGeometryData3D = NavigationMeshSourceGeometryData3D.new()
		NavigationServer3D.parse_source_geometry_data(baked, geometry_3d, region)
		context.report_progress(1, 3, "Baking.")
		NavigationServer3D.bake_from_source_geometry_data_async(baked, geometry_3d, waiter._finish)
	var tree: SceneTree = Engine.get_main_loop() as SceneTree
	var deadline: int = Time.get_ticks_msec() + timeout_ms
	while not waiter._done:
		if Time.get_ticks_msec() > deadline or context.is_cancelled():
			return null
		await tree.process_frame
	# Seen in 4.6: a mesh handed to a region on the callback's own frame could stay empty there.
	await tree.process_frame
	context.report_progress(3, 3, "Baked.")
	return baked


func _finish() -> void:
	_done = true
