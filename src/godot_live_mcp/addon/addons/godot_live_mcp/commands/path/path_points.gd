@tool
extends RefCounted
## The points of a Path2D/Path3D curve as tools take and report them: a position with optional in and
## out handles (relative to the point) and, in 3D, a tilt. The whole curve state is its "_data"
## property (with a Curve3D's closed flag), which the undo steps swap as one value.

const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

## The stored property that holds every point, handle and tilt of a Curve2D/Curve3D.
const DATA := "_data"
## The JSON keys of a point and the CurvePoint fields they fill.
const FIELDS := {"position": "position", "in": "handle_in", "out": "handle_out"}


## One point read from JSON, engine values ready for add_point.
class CurvePoint:
	var position: Variant
	var handle_in: Variant
	var handle_out: Variant
	var tilt: float = 0.0


## The node's curve, or null when it has none yet.
static func curve_of(path_node: Node) -> Resource:
	return path_node.get("curve") as Resource


## What an undo step puts back: every point, handle and tilt, and whether a 3D curve is closed.
static func state(curve: Resource) -> Dictionary:
	var values: Dictionary = {DATA: curve.get(DATA)}
	if curve is Curve3D:
		values["closed"] = (curve as Curve3D).closed
	return values


static func apply_state(curve: Resource, values: Dictionary) -> void:
	for name: String in values:
		curve.set(name, values[name])


static func new_curve(path_node: Node) -> Resource:
	return Curve3D.new() if path_node is Path3D else Curve2D.new()


## The points params hold (a list of objects), read for a 2D or 3D curve; INVALID_PARAMS or
## TYPE_MISMATCH naming the bad point.
static func read_points(items: Array, three_d: bool) -> Result:
	var points: Array[CurvePoint] = []
	for index: int in items.size():
		var point: Result = read_point(items[index], three_d).within("Point %d" % index)
		if point.failed():
			return point
		points.append(point.value)
	return Result.of(points)


static func read_point(json: Variant, three_d: bool) -> Result:
	if not json is Dictionary or not (json as Dictionary).has("position"):
		return Result.fail(
			"INVALID_PARAMS",
			"A point is an object with position (and optional in, out, tilt).",
			'Example: {"position": [0, 0], "out": [40, 0]}.'
		)
	var data: Dictionary = json
	var kind: int = TYPE_VECTOR3 if three_d else TYPE_VECTOR2
	var point: CurvePoint = CurvePoint.new()
	for key: String in FIELDS:
		var raw: Variant = data.get(key, [0, 0, 0] if three_d else [0, 0])
		var value: Result = Coercion.from_json(raw, kind).within(key)
		if value.failed():
			return value
		point.set(FIELDS[key], value.value)
	point.tilt = float(data.get("tilt", 0.0))
	return Result.of(point)


## Inserts point at index (-1: the end) of curve.
static func insert(curve: Resource, point: CurvePoint, index: int) -> void:
	curve.call("add_point", point.position, point.handle_in, point.handle_out, index)
	if curve is Curve3D:
		var at: int = index if index >= 0 else curve.get("point_count") - 1
		(curve as Curve3D).set_point_tilt(at, point.tilt)


## The points from offset (at most limit) as JSON rows with their index.
static func rows(curve: Resource, offset: int, limit: int) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	var count: int = point_count(curve)
	for index: int in range(clampi(offset, 0, count), mini(count, offset + maxi(limit, 1))):
		found.append(row(curve, index))
	return found


static func row(curve: Resource, index: int) -> Dictionary:
	var entry: Dictionary = {
		"index": index,
		"position": Coercion.to_json(curve.call("get_point_position", index)),
		"in": Coercion.to_json(curve.call("get_point_in", index)),
		"out": Coercion.to_json(curve.call("get_point_out", index)),
	}
	if curve is Curve3D:
		entry["tilt"] = (curve as Curve3D).get_point_tilt(index)
	return entry


static func is_closed(curve: Resource) -> bool:
	return curve is Curve3D and (curve as Curve3D).closed


static func point_count(curve: Resource) -> int:
	return int(curve.get("point_count")) if curve != null else 0


static func baked_length(curve: Resource) -> float:
	return float(curve.call("get_baked_length")) if point_count(curve) > 1 else 0.0
