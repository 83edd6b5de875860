@tool
extends RefCounted
## path.* commands: the points of a Path2D/Path3D's curve. Each change is one undo step in the
## scene's history; a path without a curve gets a new one (undo takes it away again).

const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")
const PathPoints := preload("res://addons/godot_live_mcp/commands/path/path_points.gd")

const GROUP := "path"
const TARGET := {"scene": "@scene", "node_path!": "@node_path: The Path2D or Path3D."}
const POINT := {
	"position!": "any: Where the point is, [x, y] (2D) or [x, y, z] (3D), in the path's own space.",
	"in": "any: Handle towards the previous point, relative to position; default none.",
	"out": "any: Handle towards the next point, relative to position; default none.",
	"tilt": "number: Path3D only: the roll around the curve in radians (default 0).",
}
const POINT_ROWS := {
	"@": "array", "index!": "integer", "position!": "object", "in!": "object", "out!": "object", "tilt": "number"
}
## What every change reports: the curve after it.
const CHANGED := {
	"scene!": "string",
	"node_path!": "string",
	"point_count!": "integer",
	"baked_length!": "number: Length of the curve in the path's units.",
}
const DEFAULTS := {"guard": ["scene"], "target": "node:Path2D|Path3D"}
const COMMANDS := {
	"path.get_points":
	{
		"text": "Read the points (position, in/out handles, 3D tilt) of a Path2D/Path3D's curve and its length.",
		"args": [TARGET, {"offset": PageArgs.OFFSET % "point", "limit": PageArgs.LIMIT_200 % "points"}],
		"returns":
		[
			{"@page": "points offset", "scene!": "string", "node_path!": "string", "points!": POINT_ROWS},
			{"baked_length!": "number", "has_curve!": "boolean: False when the path has no curve yet."},
			{"closed!": "boolean: A Path3D curve joins its last point to the first."},
		],
		"marks": "read_only idempotent",
	},
	"path.set_points":
	{
		"text": "Replace all points of a Path2D/Path3D's curve (created when missing). One undo step.",
		"args":
		[
			TARGET,
			{"points!": [{"@": "array: The points in order."}, POINT]},
			{"closed": "boolean: Path3D only: join the last point to the first (unchanged when omitted)."},
		],
		"returns": CHANGED,
		"marks": "idempotent",
	},
	"path.add_point":
	{
		"text": "Add one point to a Path2D/Path3D's curve (created when missing), at the end or at an index.",
		"args": [TARGET, POINT, {"index": "integer[-1..]=-1: Where to insert it; -1 appends."}],
		"returns": [CHANGED, {"index!": "integer: Where the point now is."}],
	},
	"path.remove_point":
	{
		"text": "Remove one point of a Path2D/Path3D's curve by index (path_get_points lists them).",
		"args": [TARGET, {"index!": "integer[0..]: The point to remove."}],
		"returns": CHANGED,
		"marks": "destructive",
	},
	"path.clear":
	{
		"text": "Remove every point of a Path2D/Path3D's curve (the curve stays, empty).",
		"args": TARGET,
		"returns": CHANGED,
		"marks": "destructive idempotent",
	},
}


static func get_points(params: CommandParams, target: CommandTarget) -> Result:
	var curve: Resource = PathPoints.curve_of(target.node)
	var offset: int = params.integer("offset")
	var limit: int = params.integer("limit")
	var total: int = PathPoints.point_count(curve)
	var listed: Array[Dictionary] = PathPoints.rows(curve, offset, limit)
	var page: Dictionary = Pagination.build(
		"points", total, listed.size(), clampi(offset, 0, total) + listed.size(), "offset"
	)
	page.merge({"node_path": target.node_path, "points": listed})
	page.merge({"baked_length": PathPoints.baked_length(curve), "has_curve": curve != null})
	page["closed"] = PathPoints.is_closed(curve)
	return Result.of(page)


static func set_points(params: CommandParams, target: CommandTarget) -> Result:
	return _change(target, params, "Set points of", _replace_all)


static func add_point(params: CommandParams, target: CommandTarget) -> Result:
	return _change(target, params, "Add a point to", _add_one)


static func remove_point(params: CommandParams, target: CommandTarget) -> Result:
	return _change(target, params, "Remove a point of", _remove_one)


static func clear(params: CommandParams, target: CommandTarget) -> Result:
	return _change(target, params, "Clear", _clear_all)


## Lets change (func(curve, params, three_d) -> Result) edit the target path's curve (a new one when
## it has none), and records the before and after curve data as one undo step.
static func _change(target: CommandTarget, params: CommandParams, verb: String, change: Callable) -> Result:
	var node: Node = target.node
	var existing: Resource = PathPoints.curve_of(node)
	var curve: Resource = existing if existing != null else PathPoints.new_curve(node)
	var before: Dictionary = PathPoints.state(curve)
	var changed: Result = change.call(curve, params, node is Path3D)
	if changed.failed():
		PathPoints.apply_state(curve, before)
		return changed
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("%s path '%s'" % [verb, node.name], node)
	if existing == null:
		node.set("curve", curve)
		action.do_property(node, "curve", curve).undo_property(node, "curve", null).do_reference(curve)
	action.do_method(PathPoints.apply_state.bind(curve, PathPoints.state(curve)))
	action.undo_method(PathPoints.apply_state.bind(curve, before))
	action.commit_recorded()
	var data: Dictionary = changed.value
	data.merge({"node_path": target.node_path, "point_count": PathPoints.point_count(curve)})
	data["baked_length"] = PathPoints.baked_length(curve)
	return Result.of(data)


static func _replace_all(curve: Resource, params: CommandParams, three_d: bool) -> Result:
	var points: Result = PathPoints.read_points(params.list("points"), three_d)
	if points.succeeded() and params.has("closed") and not three_d:
		points = Result.fail("INVALID_PARAMS", "closed applies to a Path3D only.", "Leave closed out for a Path2D.")
	if points.failed():
		return points
	if params.has("closed"):
		(curve as Curve3D).closed = params.flag("closed")
	curve.call("clear_points")
	for point: PathPoints.CurvePoint in points.value:
		PathPoints.insert(curve, point, -1)
	return Result.of({})


static func _add_one(curve: Resource, params: CommandParams, three_d: bool) -> Result:
	var point: Result = PathPoints.read_point(params.raw, three_d)
	var index: int = params.integer("index")
	var count: int = PathPoints.point_count(curve)
	if point.succeeded() and index > count:
		point = _bad_index(index, count, count)
	if point.failed():
		return point
	PathPoints.insert(curve, point.value, index)
	return Result.of({"index": index if index >= 0 else count})


static func _remove_one(curve: Resource, params: CommandParams, _three_d: bool) -> Result:
	var index: int = params.integer("index")
	var count: int = PathPoints.point_count(curve)
	if index >= count:
		return _bad_index(index, count, count - 1)
	curve.call("remove_point", index)
	return Result.of({})


static func _clear_all(curve: Resource, _params: CommandParams, _three_d: bool) -> Result:
	curve.call("clear_points")
	return Result.of({})


static func _bad_index(index: int, count: int, highest: int) -> Result:
	return Result.fail(
		"INVALID_PARAMS",
		"Index %d is out of range: the curve has %d points." % [index, count],
		"Use an index from 0 to %d (path_get_points lists the points)." % maxi(highest, 0)
	)
