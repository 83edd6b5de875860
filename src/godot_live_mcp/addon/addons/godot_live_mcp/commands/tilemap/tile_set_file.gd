@tool
extends RefCounted
## A TileSet resource file the tileset.* commands read and change: loading it (the editor's copy), finding
## its atlas sources and tiles, building an atlas source from a texture, and saving a change as one step of
## the global history (ProjectFiles.apply, as resource_set_property does).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const Cells := preload("res://addons/godot_live_mcp/commands/tilemap/tile_map_cells.gd")

const PATH := "string: The TileSet resource file (res:// path, .tres)."
const SOURCE_ID := "integer[0..]=0: The atlas source (tileset_get lists them)."
const TILES := (
	"array<array<integer>>: Atlas coordinates [[x, y], ...] of the tiles;" + " every tile of the source when omitted."
)
const ATLAS_ARGS := {
	"texture!": "string: res:// path of the atlas image (imported; editor_wait_for_idle waits for a new one).",
	"tile_size": "array<integer[1..4096]>[2..2]: Tile size [w, h] in pixels; the tile set's own when omitted.",
	"separation": "array<integer[0..4096]>[2..2]=[0, 0]: Pixels between tiles [x, y].",
	"margins": "array<integer[0..4096]>[2..2]=[0, 0]: Pixels before the first tile [left, top].",
}


## Tiles of one atlas source of a tile set, as a tileset.* call names them.
class TileSelection:
	var tile_set: TileSet
	var source_id: int
	var coords: Array[Vector2i]

	## Their TileData, looked up when a change runs: a reload of the file while the editor settles
	## replaces them, so none is kept from before.
	func tile_data() -> Array[TileData]:
		var source: TileSetAtlasSource = tile_set.get_source(source_id)
		var found: Array[TileData] = []
		for tile: Vector2i in coords:
			found.append(source.get_tile_data(tile, 0))
		return found


## Runs change (func() -> void) on the tile set and saves it to its file, as one global undo step; the
## value is whether editor_undo can revert it.
static func save(what: String, tile_set: TileSet, change: Callable) -> Result:
	var path: String = tile_set.resource_path
	return await ProjectFiles.apply(what, PackedStringArray([path]), _change_and_save.bind(tile_set, change, path))


static func _change_and_save(tile_set: TileSet, change: Callable, path: String) -> Error:
	change.call()
	var err: Error = ResourceSaver.save(tile_set, path)
	if err == OK:
		mark_saved(tile_set)
	return err


## Clears the editor's "edited" mark of the tile set's sources, which the save leaves on new ones: the
## editor would otherwise write the file again with the next scene save (failing once it is gone).
static func mark_saved(tile_set: TileSet) -> void:
	EditorInterface.set_object_edited(tile_set, false)
	for index: int in tile_set.get_source_count():
		EditorInterface.set_object_edited(tile_set.get_source(tile_set.get_source_id(index)), false)


## The atlas source source_id of the tile set, or NOT_FOUND / INVALID_OPERATION.
static func atlas(tile_set: TileSet, source_id: int) -> Result:
	if not tile_set.has_source(source_id):
		return Result.fail(
			"NOT_FOUND",
			"'%s' has no source %d." % [tile_set.resource_path, source_id],
			"tileset_get lists its sources; tileset_add_source adds one."
		)
	var source: TileSetSource = tile_set.get_source(source_id)
	if not source is TileSetAtlasSource:
		return Result.fail(
			"INVALID_OPERATION",
			"Source %d of '%s' is a %s, not an atlas." % [source_id, tile_set.resource_path, source.get_class()],
			"Pass the id of an atlas source (tileset_get lists them)."
		)
	return Result.of(source)


## The tiles of tile_set params name (source_id, tiles: every tile of the source when omitted), or the failure.
static func select(tile_set: TileSet, params: CommandParams) -> Result:
	var source: Result = atlas(tile_set, params.integer("source_id"))
	var coords: Result = tile_coords(source.value, params.list("tiles")) if source.succeeded() else source
	if coords.failed():
		return coords
	var selection: TileSelection = TileSelection.new()
	selection.tile_set = tile_set
	selection.source_id = params.integer("source_id")
	selection.coords = coords.value
	return Result.of(selection)


## The atlas coordinates of the named tiles of an atlas source (every tile when tiles is empty), or the
## first unknown tile's NOT_FOUND.
static func tile_coords(source: TileSetAtlasSource, tiles: Array) -> Result:
	var coords: Result = Cells.coords_list(tiles, "tiles")
	if coords.failed():
		return coords
	var wanted: Array[Vector2i] = coords.value
	if tiles.is_empty():
		for index: int in source.get_tiles_count():
			wanted.append(source.get_tile_id(index))
	for tile: Vector2i in wanted:
		if not source.has_tile(tile):
			return Result.fail(
				"NOT_FOUND",
				"The atlas has no tile at %s (its grid is %s)." % [tile, source.get_atlas_grid_size()],
				"tileset_get shows each source's grid size; coordinates count tiles, not pixels."
			)
	return Result.of(wanted)


## A new atlas source over the whole texture (a tile at every grid position), or the failure of a
## missing texture or a grid that holds no tile.
static func atlas_from(params: CommandParams, default_size: Vector2i) -> Result:
	var texture_path: String = params.text("texture")
	if not ResourceLoader.exists(texture_path, "Texture2D"):
		return Result.fail(
			"NOT_FOUND",
			"No imported texture at '%s'." % texture_path,
			"Check the path with file_list; for a new image run editor_wait_for_idle with scan=true first."
		)
	var sizes: Array[Vector2i] = []
	for name: String in ["tile_size", "separation", "margins"]:
		var fallback: Vector2i = default_size if name == "tile_size" else Vector2i.ZERO
		var pair: Result = Cells.coords(params.value(name), name) if params.has(name) else Result.of(fallback)
		if pair.failed():
			return pair
		sizes.append(pair.value)
	var source: TileSetAtlasSource = TileSetAtlasSource.new()
	source.texture = load(texture_path)
	source.texture_region_size = sizes[0]
	source.separation = sizes[1]
	source.margins = sizes[2]
	var grid: Vector2i = source.get_atlas_grid_size()
	if sizes[0].x < 1 or sizes[0].y < 1 or grid.x < 1 or grid.y < 1:
		return Result.fail(
			"INVALID_PARAMS",
			"Tiles of %s do not fit in '%s' (%s pixels)." % [sizes[0], texture_path, source.texture.get_size()],
			"Pass a tile_size (and separation, margins) that fits the image."
		)
	if grid.x * grid.y > Cells.MAX_CELLS:
		return Result.fail(
			"LIMIT_EXCEEDED",
			"%d tiles in one atlas; at most %d." % [grid.x * grid.y, Cells.MAX_CELLS],
			"Pass a larger tile_size."
		)
	for y: int in grid.y:
		for x: int in grid.x:
			source.create_tile(Vector2i(x, y))
	return Result.of(source)
