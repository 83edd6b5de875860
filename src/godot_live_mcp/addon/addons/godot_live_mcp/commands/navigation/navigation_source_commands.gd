@tool
extends RefCounted
## navigation.set_source: what a navigation region bakes from. A NavigationRegion2D's outline polygons
## and NavigationPolygon settings, or a NavigationRegion3D's NavigationMesh settings; the region gets
## a changed copy of its resource, one undo step in the scene's history.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const PropertyInput := preload("res://addons/godot_live_mcp/authoring/property_input.gd")
const NavigationRegions := preload("res://addons/godot_live_mcp/commands/navigation/navigation_regions.gd")

const GROUP := "navigation"
const MIN_OUTLINE_POINTS := 3
const DEFAULTS := {"guard": ["scene"], "target": "node:NavigationRegion2D|NavigationRegion3D"}
const COMMANDS := {
	"navigation.set_source":
	{
		"text":
		(
			"Set what a NavigationRegion2D/3D bakes from: 2D outline polygons and NavigationPolygon settings,"
			+ " or NavigationMesh settings (agent radius, cell size, source geometry). Bake with navigation_bake."
		),
		"args":
		{
			"scene": "@scene",
			"node_path!": "@node_path: The NavigationRegion2D or NavigationRegion3D.",
			"outlines":
			(
				"array<array>: 2D only: outline polygons replacing the current ones, each a list of [x, y]"
				+ " points, e.g. [[[0, 0], [400, 0], [400, 300], [0, 300]]]."
			),
			"settings":
			(
				'object: Properties of the NavigationPolygon/NavigationMesh, e.g. {"agent_radius": 8,'
				+ ' "cell_size": 1, "parsed_geometry_type": 1}.'
			),
		},
		"returns":
		{
			"scene!": "string",
			"node_path!": "string",
			"resource!": "string: NavigationPolygon or NavigationMesh.",
			"outline_count": "integer: 2D: the outlines it now has.",
			"settings!": "object: Its main settings as JSON.",
		},
		"marks": "idempotent",
	},
}


static func set_source(params: CommandParams, target: CommandTarget) -> Result:
	if not params.has("outlines") and not params.has("settings"):
		return Result.fail(
			"INVALID_PARAMS", "Nothing to set: give outlines, settings or both.", "e.g. settings: {'agent_radius': 8}."
		)
	var region: Node = target.node
	var current: Resource = NavigationRegions.resource_of(region)
	var is_2d: bool = region is NavigationRegion2D
	var source: Resource = current.duplicate() if current != null else _fresh(is_2d)
	if params.has("outlines"):
		if not is_2d:
			return Result.fail(
				"INVALID_PARAMS",
				"outlines are for a NavigationRegion2D; a 3D region bakes from geometry.",
				"Set settings such as geometry_source_geometry_mode for a NavigationRegion3D."
			)
		var outlined: Result = _outline(source, params.list("outlines"))
		if outlined.failed():
			return outlined
	var values: Result = PropertyInput.coerce_values(source, params.object("settings"))
	if values.failed():
		return values.within("settings")
	for name: String in values.value:
		source.set(name, values.value[name])
	var property: String = NavigationRegions.property_of(region)
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(
		"Set the navigation source of '%s'" % region.name, region
	)
	action.do_property(region, property, source).undo_property(region, property, current)
	action.commit()
	var data: Dictionary = {
		"node_path": target.node_path,
		"resource": source.get_class(),
		"settings": NavigationRegions.settings_of(source),
	}
	if is_2d:
		data["outline_count"] = (source as NavigationPolygon).get_outline_count()
	return Result.of(data)


static func _fresh(is_2d: bool) -> Resource:
	return NavigationPolygon.new() if is_2d else NavigationMesh.new()


## Replaces the outlines of polygon; INVALID_PARAMS for an outline that is not a list of 3+ points.
static func _outline(polygon: NavigationPolygon, outlines: Array) -> Result:
	var shapes: Array[PackedVector2Array] = []
	for index: int in outlines.size():
		var points: PackedVector2Array = PackedVector2Array()
		var listed: Variant = outlines[index]
		for item: Variant in listed if listed is Array else []:
			var point: Result = NavigationRegions.point(item, false, "outlines[%d] point" % index)
			if point.failed():
				return point
			points.append(point.value)
		if points.size() < MIN_OUTLINE_POINTS:
			return Result.fail(
				"INVALID_PARAMS",
				"outlines[%d] has %d points; an outline needs at least 3." % [index, points.size()],
				"Each outline is a list of [x, y] points around the walkable area."
			)
		shapes.append(points)
	polygon.clear_outlines()
	for points: PackedVector2Array in shapes:
		polygon.add_outline(points)
	return Result.of()
