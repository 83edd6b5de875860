@tool
extends RefCounted
## Navigation regions as the navigation tools see them: a NavigationRegion2D with its NavigationPolygon
## or a NavigationRegion3D with its NavigationMesh, and points given as JSON.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")

## Settings reported back after a change, per resource class (those that exist on it).
const REPORTED_SETTINGS: Array[String] = [
	"agent_radius",
	"cell_size",
	"parsed_geometry_type",
	"source_geometry_mode",
	"geometry_parsed_geometry_type",
	"geometry_source_geometry_mode",
	"agent_height",
]


## The region's property that holds its navigation resource.
static func property_of(region: Node) -> String:
	return "navigation_polygon" if region is NavigationRegion2D else "navigation_mesh"


static func resource_of(region: Node) -> Resource:
	return region.get(property_of(region)) as Resource


## A NavigationPolygon or NavigationMesh: how many polygons and vertices its baked mesh has.
static func counts(resource: Resource) -> Dictionary:
	if resource == null:
		return {"polygon_count": 0, "vertex_count": 0}
	var vertices: Variant = resource.get("vertices")
	return {"polygon_count": int(resource.call("get_polygon_count")), "vertex_count": (vertices as Array).size()}


static func settings_of(resource: Resource) -> Dictionary:
	var found: Dictionary = {}
	for name: String in REPORTED_SETTINGS:
		if name in resource:
			found[name] = Coercion.to_json(resource.get(name))
	return found


## A point from JSON: [x, y] (or [x, y, z] when three_d) or {"x": .., "y": .., "z": ..}; INVALID_PARAMS
## naming argument otherwise.
static func point(json: Variant, three_d: bool, argument: String) -> Result:
	var axes: PackedStringArray = PackedStringArray(["x", "y", "z"] if three_d else ["x", "y"])
	var numbers: Array[float] = []
	for at: int in axes.size():
		var part: Variant = null
		if json is Array and (json as Array).size() == axes.size():
			part = json[at]
		elif json is Dictionary:
			part = (json as Dictionary).get(axes[at])
		if not (part is float or part is int):
			return Result.fail(
				"INVALID_PARAMS",
				"%s must be %s; got %s." % [argument, "[x, y, z]" if three_d else "[x, y]", JSON.stringify(json)],
				"Give a point as a list of numbers, e.g. [100, 40]."
			)
		numbers.append(float(part))
	return Result.of(Vector3(numbers[0], numbers[1], numbers[2]) if three_d else Vector2(numbers[0], numbers[1]))
