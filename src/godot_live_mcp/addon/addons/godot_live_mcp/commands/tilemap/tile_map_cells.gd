@tool
extends RefCounted
## The TileMapLayer a tilemap.* command edits, the cells and rectangles its arguments name, and the one
## undo step a change of cells makes (the layer's tile_map_data before and after, in the scene's history).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")

## Above this many cells a call is refused, so one request cannot stall the editor.
const MAX_CELLS := 65536
const COORDS := "array<integer>: Cell coordinates [x, y]."
const RECT := {
	"@": "object: A rectangle of cells.",
	"x!": "integer: Column of its top-left cell.",
	"y!": "integer: Row of its top-left cell.",
	"width!": "integer[1..%d]: Cells across." % MAX_CELLS,
	"height!": "integer[1..%d]: Cells down." % MAX_CELLS,
}
const USED_RECT := {
	"@": "object: The rectangle the layer's cells cover.",
	"x!": "integer",
	"y!": "integer",
	"width!": "integer",
	"height!": "integer",
}
const LAYER_ARGS := {"scene": "@scene", "node_path!": "@node_path: The TileMapLayer."}
const CHANGED := {
	"scene!": "string",
	"node_path!": "string",
	"cells!": "integer: How many cells the call changed.",
	"used_rect!": USED_RECT,
}


## work(layer: TileMapLayer) -> Result run on the TileMapLayer the target is (with a tile set), its
## result naming the layer; INVALID_OPERATION / INVALID_STATE for another node or no tile set.
static func on_layer(target: CommandTarget, work: Callable) -> Result:
	var found: Result = layer(target.node, target.node_path)
	var done: Result = work.call(found.value) if found.succeeded() else found
	if done.succeeded():
		done.value["node_path"] = target.node_path
	return done


## node (at node_path) as a TileMapLayer with a tile set, or INVALID_OPERATION / INVALID_STATE.
static func layer(node: Node, node_path: String) -> Result:
	if node.get_class() == "TileMap":
		return Result.fail(
			"INVALID_OPERATION",
			"'%s' is a TileMap, deprecated since Godot 4.3; these tools edit TileMapLayer nodes." % node_path,
			"Replace it with one TileMapLayer per layer (the editor's TileMap panel can extract them), then retry."
		)
	if not node is TileMapLayer:
		return Result.fail(
			"INVALID_OPERATION",
			"'%s' is a %s, not a TileMapLayer." % [node_path, node.get_class()],
			"Pass the path of a TileMapLayer (scene_get_tree lists the nodes), or add one with node_create."
		)
	var tile_map: TileMapLayer = node
	if tile_map.tile_set == null:
		return Result.fail(
			"INVALID_STATE",
			"TileMapLayer '%s' has no tile set." % node_path,
			"Assign one with node_set_property (property tile_set, a TileSet file made by tileset_create)."
		)
	return Result.of(tile_map)


## Vector2i of [x, y] (or {"x", "y"}), or INVALID_PARAMS naming where it came from.
static func coords(value: Variant, place: String) -> Result:
	if value is Array and (value as Array).size() == 2:
		var pair: Array = value
		if _is_integral(pair[0]) and _is_integral(pair[1]):
			return Result.of(Vector2i(int(pair[0]), int(pair[1])))
	if value is Dictionary and _is_integral(value.get("x")) and _is_integral(value.get("y")):
		return Result.of(Vector2i(int(value["x"]), int(value["y"])))
	return Result.fail("INVALID_PARAMS", "%s must be [x, y] integers, not %s." % [place, JSON.stringify(value)])


## The coordinates of a list of [x, y], or the first bad one's failure.
static func coords_list(values: Array, place: String) -> Result:
	if values.size() > MAX_CELLS:
		return too_many(values.size())
	var found: Array[Vector2i] = []
	for index: int in values.size():
		var one: Result = coords(values[index], "%s[%d]" % [place, index])
		if one.failed():
			return one
		found.append(one.value)
	return Result.of(found)


## The Rect2i of a {x, y, width, height} argument, or INVALID_PARAMS / LIMIT_EXCEEDED.
static func rect(value: Dictionary) -> Result:
	var rectangle: Rect2i = rect_of(value)
	if rectangle.size.x < 1 or rectangle.size.y < 1:
		return Result.fail("INVALID_PARAMS", "rect needs width and height of at least 1.")
	if rectangle.get_area() > MAX_CELLS:
		return too_many(rectangle.get_area())
	return Result.of(rectangle)


## The Rect2i of a {x, y, width, height} argument as given (0 for a missing field), unchecked.
static func rect_of(value: Dictionary) -> Rect2i:
	return Rect2i(
		int(value.get("x", 0)), int(value.get("y", 0)), int(value.get("width", 0)), int(value.get("height", 0))
	)


static func too_many(count: int) -> Result:
	return Result.fail(
		"LIMIT_EXCEEDED", "%d cells in one call; at most %d." % [count, MAX_CELLS], "Split the work into several calls."
	)


## Every cell of a rectangle, row by row.
static func cells_of(rectangle: Rect2i) -> Array[Vector2i]:
	var cells: Array[Vector2i] = []
	for y: int in range(rectangle.position.y, rectangle.end.y):
		for x: int in range(rectangle.position.x, rectangle.end.x):
			cells.append(Vector2i(x, y))
	return cells


## NOT_FOUND unless the layer's tile set has that tile (source, atlas coordinates, alternative).
static func check_tile(tile_map: TileMapLayer, source_id: int, atlas: Vector2i, alternative: int) -> Result:
	var tile_set: TileSet = tile_map.tile_set
	var known: bool = tile_set.has_source(source_id)
	var source: TileSetSource = tile_set.get_source(source_id) if known else null
	if known and source.has_tile(atlas) and source.has_alternative_tile(atlas, alternative):
		return Result.of()
	var what: String = "tile %s (alternative %d) in source %d" % [atlas, alternative, source_id]
	if not known:
		what = "source %d" % source_id
	return Result.fail(
		"NOT_FOUND",
		"The tile set of '%s' has no %s." % [tile_map.name, what],
		(
			"tileset_get lists the tile set's sources and their tiles (tile_set.resource_path: %s)."
			% tile_map.tile_set.resource_path
		)
	)


## Records a change already made to the layer's cells as one undo step in its scene's history.
static func record(tile_map: TileMapLayer, what: String, before: PackedByteArray) -> void:
	var step: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(what, tile_map)
	step.do_property(tile_map, "tile_map_data", tile_map.tile_map_data).undo_property(tile_map, "tile_map_data", before)
	step.commit_recorded()


## What every cell-changing command returns.
static func changed(tile_map: TileMapLayer, count: int) -> Dictionary:
	return {"cells": count, "used_rect": rect_json(tile_map.get_used_rect())}


static func rect_json(rectangle: Rect2i) -> Dictionary:
	return {"x": rectangle.position.x, "y": rectangle.position.y, "width": rectangle.size.x, "height": rectangle.size.y}


## One cell as tilemap.get_cells reports it.
static func cell_json(tile_map: TileMapLayer, cell: Vector2i) -> Dictionary:
	var atlas: Vector2i = tile_map.get_cell_atlas_coords(cell)
	return {
		"coords": [cell.x, cell.y],
		"source_id": tile_map.get_cell_source_id(cell),
		"atlas_coords": [atlas.x, atlas.y],
		"alternative": tile_map.get_cell_alternative_tile(cell),
	}


static func _is_integral(value: Variant) -> bool:
	return (value is int) or (value is float and is_equal_approx(value, roundf(value)))
