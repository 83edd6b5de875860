@tool
extends RefCounted
## tilemap.*: paint, fill, connect terrain, erase and read the cells of a TileMapLayer. Each change is
## one undo step in the scene's history and is saved with the scene (scene_save).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")
const Cells := preload("res://addons/godot_live_mcp/commands/tilemap/tile_map_cells.gd")

const GROUP := "tilemap"
const TILE := {
	"source_id": "integer[0..]=0: Tile set source of the tile (tileset_get lists them).",
	"atlas_coords": "array<integer>=[0, 0]: The tile's [x, y] in its atlas.",
	"alternative": "integer[0..]=0: Alternative tile id (0: the tile itself).",
}
const CELL_ROW := {
	"@": "array",
	"coords!": Cells.COORDS,
	"source_id!": "integer",
	"atlas_coords!": "array<integer>",
	"alternative!": "integer",
}
const DEFAULTS := {"guard": ["scene"], "target": "node"}
const COMMANDS := {
	"tilemap.set_cells":
	{
		"text":
		(
			"Paint cells of a TileMapLayer. Each cell may name its own tile; the call's source_id, atlas_coords"
			+ " and alternative fill in what a cell leaves out. Assign the tile set with node_set_property."
		),
		"args":
		[
			Cells.LAYER_ARGS,
			{"cells!": [{"@": "array: Cells to paint.", "coords!": Cells.COORDS}, TILE]},
			TILE,
		],
		"returns": Cells.CHANGED,
		"marks": "idempotent",
	},
	"tilemap.fill_rect":
	{
		"products": {"rect.width rect.height": Cells.MAX_CELLS},
		"text": "Paint every cell of a rectangle of a TileMapLayer with one tile.",
		"args": [Cells.LAYER_ARGS, {"rect!": Cells.RECT}, TILE],
		"returns": Cells.CHANGED,
		"marks": "idempotent",
	},
	"tilemap.connect_terrain":
	{
		"text":
		(
			"Paint cells with a terrain, picking tiles whose peering bits match their neighbours (the editor's"
			+ " terrain tool). mode 'connect' treats cells as an area, 'path' as a line in order."
		),
		"args":
		[
			Cells.LAYER_ARGS,
			{"cells!": "array<array<integer>>: Cells [[x, y], ...]."},
			{
				"terrain_set": "integer[0..]=0: Terrain set of the tile set.",
				"terrain!": "integer[0..]: Terrain index within the set (tileset_get lists them).",
				"mode": 'enum(connect|path)="connect": connect: fill an area; path: a line through the cells in order.',
				"ignore_empty_terrains": "boolean=true: Do not match tiles without a terrain around the cells.",
			},
		],
		"returns":
		[
			Cells.CHANGED,
			{"warning": "string: Set when some cells found no matching terrain tile (cells counts those that did)."},
		],
	},
	"tilemap.erase_cells":
	{
		"products": {"rect.width rect.height": Cells.MAX_CELLS},
		"text": "Erase cells of a TileMapLayer: a list of cells, a rectangle, or all=true for every cell.",
		"args":
		[
			Cells.LAYER_ARGS,
			{"cells": "array<array<integer>>: Cells [[x, y], ...].", "rect": Cells.RECT},
			{"all": "boolean=false: Clear the whole layer."},
		],
		"returns": Cells.CHANGED,
		"marks": "destructive idempotent",
	},
	"tilemap.get_cells":
	{
		"products": {"rect.width rect.height": Cells.MAX_CELLS},
		"text": "Read the used cells of a TileMapLayer (in a rectangle, or all), row by row, with its used rect.",
		"args":
		[
			Cells.LAYER_ARGS,
			{"rect": Cells.RECT},
			{"offset": PageArgs.OFFSET % "cell", "limit": PageArgs.LIMIT_200 % "cells"},
		],
		"returns":
		[
			{"@page": "cells offset", "scene!": "string", "node_path!": "string"},
			{"used_rect!": Cells.USED_RECT, "tile_set": "string: res:// path of its tile set ('' if built in)."},
			{"cells!": CELL_ROW},
		],
		"marks": "read_only idempotent",
	},
}


static func set_cells(params: CommandParams, target: CommandTarget) -> Result:
	return Cells.on_layer(target, _set_cells_in.bind(params))


static func fill_rect(params: CommandParams, target: CommandTarget) -> Result:
	var rectangle: Result = Cells.rect(params.object("rect"))
	if rectangle.failed():
		return rectangle
	return Cells.on_layer(target, _fill_in.bind(params, rectangle.value))


static func connect_terrain(params: CommandParams, target: CommandTarget) -> Result:
	var cells: Result = Cells.coords_list(params.list("cells"), "cells")
	if cells.failed():
		return cells
	return Cells.on_layer(target, _terrain_in.bind(params, cells.value))


static func erase_cells(params: CommandParams, target: CommandTarget) -> Result:
	var chosen: int = int(params.has("cells")) + int(params.has("rect")) + int(params.flag("all"))
	if chosen != 1:
		return Result.fail("INVALID_PARAMS", "Pass exactly one of cells, rect or all=true.")
	var cells: Result = Result.of([])
	if params.has("cells"):
		cells = Cells.coords_list(params.list("cells"), "cells")
	elif params.has("rect"):
		var rectangle: Result = Cells.rect(params.object("rect"))
		cells = Result.of(Cells.cells_of(rectangle.value)) if rectangle.succeeded() else rectangle
	if cells.failed():
		return cells
	return Cells.on_layer(target, _erase_in.bind(params, cells.value))


static func get_cells(params: CommandParams, target: CommandTarget) -> Result:
	return Cells.on_layer(target, _cells_of.bind(params))


static func _cells_of(tile_map: TileMapLayer, params: CommandParams) -> Result:
	var used: Array[Vector2i] = tile_map.get_used_cells()
	if params.has("rect"):
		var bounds: Rect2i = Cells.rect_of(params.object("rect"))
		used = used.filter(func(cell: Vector2i) -> bool: return bounds.has_point(cell))
	used.sort_custom(func(a: Vector2i, b: Vector2i) -> bool: return a.y < b.y or (a.y == b.y and a.x < b.x))
	var page: Dictionary = Pagination.list_page(
		used, params.integer("offset"), params.integer("limit"), "cells", "cells"
	)
	var rows: Array[Dictionary] = []
	for cell: Vector2i in page["cells"]:
		rows.append(Cells.cell_json(tile_map, cell))
	page["cells"] = rows
	page["used_rect"] = Cells.rect_json(tile_map.get_used_rect())
	page["tile_set"] = tile_map.tile_set.resource_path
	return Result.of(page)


static func _set_cells_in(tile_map: TileMapLayer, params: CommandParams) -> Result:
	var painted: Array[Dictionary] = []
	var cells: Array = params.list("cells")
	if cells.is_empty():
		return Result.fail("INVALID_PARAMS", "cells is empty; name at least one cell.")
	if cells.size() > Cells.MAX_CELLS:
		return Cells.too_many(cells.size())
	for index: int in cells.size():
		var entry: Dictionary = cells[index] if cells[index] is Dictionary else {}
		var tile: Result = _tile(tile_map, params.raw.merged(entry, true), "cells[%d]" % index)
		if tile.failed():
			return tile
		painted.append(tile.value)
	var before: PackedByteArray = tile_map.tile_map_data
	for tile: Dictionary in painted:
		tile_map.set_cell(tile["coords"], tile["source_id"], tile["atlas_coords"], tile["alternative"])
	Cells.record(tile_map, "Set %d cells of %s" % [painted.size(), tile_map.name], before)
	return Result.of(Cells.changed(tile_map, painted.size()))


static func _fill_in(tile_map: TileMapLayer, params: CommandParams, rectangle: Rect2i) -> Result:
	var tile: Result = _tile(tile_map, params.raw.merged({"coords": [0, 0]}, true), "the tile")
	if tile.failed():
		return tile
	var before: PackedByteArray = tile_map.tile_map_data
	var cells: Array[Vector2i] = Cells.cells_of(rectangle)
	for cell: Vector2i in cells:
		tile_map.set_cell(cell, tile.value["source_id"], tile.value["atlas_coords"], tile.value["alternative"])
	Cells.record(tile_map, "Fill %s of %s" % [rectangle, tile_map.name], before)
	return Result.of(Cells.changed(tile_map, cells.size()))


static func _terrain_in(tile_map: TileMapLayer, params: CommandParams, cells: Array[Vector2i]) -> Result:
	var terrain_set: int = params.integer("terrain_set")
	var terrain: int = params.integer("terrain")
	var tile_set: TileSet = tile_map.tile_set
	if terrain_set >= tile_set.get_terrain_sets_count() or terrain >= tile_set.get_terrains_count(terrain_set):
		return Result.fail(
			"NOT_FOUND",
			"The tile set of '%s' has no terrain %d in terrain set %d." % [tile_map.name, terrain, terrain_set],
			"tileset_get lists its terrain sets; tileset_add_terrain adds one."
		)
	var before: PackedByteArray = tile_map.tile_map_data
	var ignore_empty: bool = params.flag("ignore_empty_terrains")
	if params.text("mode") == "path":
		tile_map.set_cells_terrain_path(cells, terrain_set, terrain, ignore_empty)
	else:
		tile_map.set_cells_terrain_connect(cells, terrain_set, terrain, ignore_empty)
	Cells.record(tile_map, "Paint terrain %d on %d cells of %s" % [terrain, cells.size(), tile_map.name], before)
	var matched: int = cells.filter(_has_terrain.bind(tile_map, terrain_set, terrain)).size()
	var result: Dictionary = Cells.changed(tile_map, matched)
	if matched < cells.size():
		result["warning"] = (
			"%d of %d cells found no tile whose peering bits fit; give more tiles this terrain (tileset_set_terrain)."
			% [cells.size() - matched, cells.size()]
		)
	return Result.of(result)


static func _has_terrain(cell: Vector2i, tile_map: TileMapLayer, terrain_set: int, terrain: int) -> bool:
	var data: TileData = tile_map.get_cell_tile_data(cell)
	return data != null and data.terrain_set == terrain_set and data.terrain == terrain


static func _erase_in(tile_map: TileMapLayer, params: CommandParams, cells: Array) -> Result:
	var before: PackedByteArray = tile_map.tile_map_data
	var erased: int = 0
	if params.flag("all"):
		erased = tile_map.get_used_cells().size()
		tile_map.clear()
	else:
		for cell: Vector2i in cells:
			erased += int(tile_map.get_cell_source_id(cell) != -1)
			tile_map.erase_cell(cell)
	Cells.record(tile_map, "Erase %d cells of %s" % [erased, tile_map.name], before)
	return Result.of(Cells.changed(tile_map, erased))


## {coords, source_id, atlas_coords, alternative} from one cell's fields, checked against the tile set.
static func _tile(tile_map: TileMapLayer, fields: Dictionary, place: String) -> Result:
	var cell: Result = Cells.coords(fields.get("coords"), place + ".coords")
	var atlas: Result = Cells.coords(fields.get("atlas_coords", [0, 0]), place + ".atlas_coords")
	for part: Result in [cell, atlas]:
		if part.failed():
			return part
	var source_id: int = int(fields.get("source_id", 0))
	var alternative: int = int(fields.get("alternative", 0))
	var known: Result = Cells.check_tile(tile_map, source_id, atlas.value, alternative)
	if known.failed():
		return known.within(place)
	return Result.of(
		{"coords": cell.value, "source_id": source_id, "atlas_coords": atlas.value, "alternative": alternative}
	)
