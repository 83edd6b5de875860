@tool
extends RefCounted
## tileset.create / add_source / get: TileSet resource files built from atlas images. Changes are saved
## to the file at once and are undoable in the global history, as resource_set_property's are.

const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const ResourceFile := preload("res://addons/godot_live_mcp/authoring/resource_file.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")
const Cells := preload("res://addons/godot_live_mcp/commands/tilemap/tile_map_cells.gd")
const TileSetFile := preload("res://addons/godot_live_mcp/commands/tilemap/tile_set_file.gd")
const TileSetLayers := preload("res://addons/godot_live_mcp/commands/tilemap/tile_set_layers.gd")

const GROUP := "tilemap"
const UNDO_TEXT := "Saved at once; editor_undo (global history) reverts it."
const ADDED := {
	"path!": "string",
	"source_id!": "integer",
	"tiles!": "integer: Tiles created (one per grid cell).",
	"grid_size!": "array<integer>: Tiles across and down [x, y].",
	"undoable!": "boolean: Whether editor_undo can revert the change.",
}
## What tileset.create returns: ADDED, or only path and status when it kept an existing file.
const CREATED := {
	"path!": "string",
	"status!": "@create_status",
	"source_id": "integer",
	"tiles": "integer: Tiles created (one per grid cell).",
	"grid_size": "array<integer>: Tiles across and down [x, y].",
	"undoable": "boolean: Whether editor_undo can revert the change.",
}
const SOURCES := {
	"@": "array",
	"source_id!": "integer",
	"type!": "string: TileSetAtlasSource or TileSetScenesCollectionSource.",
	"texture": "string",
	"tile_size": "array<integer>",
	"grid_size": "array<integer>",
	"tiles!": "integer",
}
const DEFAULTS := {"marks": "scene_independent", "guard": ["path"], "target": "resource:TileSet by tileset_create"}
const COMMANDS := {
	"tileset.create":
	{
		"text":
		(
			"Create a TileSet resource file from an atlas image: one atlas source (id 0) with a tile at every"
			+ " grid cell. Assign it to a TileMapLayer with node_set_property (tile_set). "
			+ UNDO_TEXT
		),
		"args": [{"path!": TileSetFile.PATH}, TileSetFile.ATLAS_ARGS, {"if_exists": "@if_exists"}],
		"returns": CREATED,
		"guard": ["path", "texture"],
		"target": "",
	},
	"tileset.add_source":
	{
		"text": "Add an atlas source to a TileSet file from another image, a tile at every grid cell. " + UNDO_TEXT,
		"args":
		[
			{"path!": TileSetFile.PATH},
			TileSetFile.ATLAS_ARGS,
			{"source_id": "integer[0..]: Id for the new source; the next free one when omitted."},
		],
		"returns": ADDED,
		"guard": ["path", "texture"],
	},
	"tileset.get":
	{
		"run": "read",
		"text":
		"Read a TileSet file: tile size, sources with tile counts, physics layers, terrain sets and custom data layers.",
		"args":
		[{"path!": TileSetFile.PATH}, {"offset": PageArgs.OFFSET % "source", "limit": PageArgs.LIMIT_100 % "sources"}],
		"returns":
		[
			{"@page": "sources offset", "path!": "string", "tile_size!": "array<integer>", "sources!": SOURCES},
			TileSetLayers.LAYERS,
		],
		"marks": "read_only idempotent scene_independent",
	},
	"tileset.get_tiles":
	{
		"text":
		(
			"Read the tiles of an atlas source of a TileSet file, row by row: terrain, peering bits, collision"
			+ " polygons, custom data."
		),
		"args":
		[
			{"path!": TileSetFile.PATH, "source_id": TileSetFile.SOURCE_ID},
			{"offset": PageArgs.OFFSET % "tile", "limit": PageArgs.LIMIT_200 % "tiles"},
		],
		"returns":
		[{"@page": "tiles offset", "path!": "string", "source_id!": "integer"}, {"tiles!": TileSetLayers.TILES}],
		"marks": "read_only idempotent scene_independent",
	},
}


static func create(params: CommandParams) -> Result:
	var path: Result = ProjectFiles.guarded(params)
	var policy: Result = IfExists.read(params) if path.succeeded() else path
	if policy.failed():
		return policy
	var existed: bool = FileAccess.file_exists(path.value)
	if existed and policy.value != IfExists.REPLACE:
		return IfExists.answer(policy.value, "The file '%s'" % path.value, {"path": path.value})
	var tile_set: TileSet = TileSet.new()
	var size: Result = Cells.coords(params.value("tile_size"), "tile_size") if params.has("tile_size") else null
	if size != null and size.failed():
		return size
	tile_set.tile_size = size.value if size != null else Vector2i(16, 16)
	var made: Result = TileSetFile.atlas_from(params, tile_set.tile_size)
	var checked: Result = ResourceFile.savable_as(tile_set, path.value) if made.succeeded() else made
	if checked.failed():
		return checked
	tile_set.add_source(made.value, 0)
	var saved: Result = await ResourceFile.save("Create tile set %s" % path.value, tile_set, {}, path.value)
	if saved.failed():
		return saved
	TileSetFile.mark_saved(tile_set)
	var result: Dictionary = _added(path.value, 0, made.value, saved.value)
	result["status"] = "replaced" if existed else "created"
	return Result.of(result)


static func add_source(params: CommandParams, file: CommandTarget) -> Result:
	var tile_set: TileSet = file.resource
	var source_id: int = params.integer("source_id") if params.has("source_id") else tile_set.get_next_source_id()
	if tile_set.has_source(source_id):
		return Result.fail(
			"ALREADY_EXISTS",
			"'%s' already has a source %d." % [tile_set.resource_path, source_id],
			"Omit source_id to take the next free one."
		)
	var made: Result = TileSetFile.atlas_from(params, tile_set.tile_size)
	if made.failed():
		return made
	var what: String = "Add source %d to %s" % [source_id, tile_set.resource_path]
	var saved: Result = await TileSetFile.save(what, tile_set, tile_set.add_source.bind(made.value, source_id))
	if saved.failed():
		return saved
	return Result.of(_added(tile_set.resource_path, source_id, made.value, saved.value))


static func read(params: CommandParams, file: CommandTarget) -> Result:
	var tile_set: TileSet = file.resource
	var sources: Array[Dictionary] = []
	for index: int in tile_set.get_source_count():
		sources.append(_source_row(tile_set, tile_set.get_source_id(index)))
	var page: Dictionary = Pagination.list_page(
		sources, params.integer("offset"), params.integer("limit"), "sources", "sources"
	)
	page["path"] = tile_set.resource_path
	page["tile_size"] = [tile_set.tile_size.x, tile_set.tile_size.y]
	page.merge(TileSetLayers.describe(tile_set))
	return Result.of(page)


static func get_tiles(params: CommandParams, file: CommandTarget) -> Result:
	var source: Result = TileSetFile.atlas(file.resource, params.integer("source_id"))
	if source.failed():
		return source
	var atlas: TileSetAtlasSource = source.value
	var coords: Array[Vector2i] = []
	for index: int in atlas.get_tiles_count():
		coords.append(atlas.get_tile_id(index))
	coords.sort_custom(func(a: Vector2i, b: Vector2i) -> bool: return a.y < b.y or (a.y == b.y and a.x < b.x))
	var page: Dictionary = Pagination.list_page(
		coords, params.integer("offset"), params.integer("limit"), "tiles", "tiles"
	)
	var rows: Array[Dictionary] = []
	for tile: Vector2i in page["tiles"]:
		rows.append(TileSetLayers.describe_tile(file.resource, tile, atlas.get_tile_data(tile, 0)))
	page["tiles"] = rows
	page.merge({"path": file.path, "source_id": params.integer("source_id")})
	return Result.of(page)


static func _added(path: String, source_id: int, source: TileSetAtlasSource, undoable: bool) -> Dictionary:
	var grid: Vector2i = source.get_atlas_grid_size()
	return {
		"path": path,
		"source_id": source_id,
		"tiles": source.get_tiles_count(),
		"grid_size": [grid.x, grid.y],
		"undoable": undoable,
	}


static func _source_row(tile_set: TileSet, source_id: int) -> Dictionary:
	var source: TileSetSource = tile_set.get_source(source_id)
	var row: Dictionary = {"source_id": source_id, "type": source.get_class(), "tiles": source.get_tiles_count()}
	if source is TileSetAtlasSource:
		var atlas: TileSetAtlasSource = source
		var grid: Vector2i = atlas.get_atlas_grid_size()
		row["texture"] = atlas.texture.resource_path if atlas.texture != null else ""
		row["tile_size"] = [atlas.texture_region_size.x, atlas.texture_region_size.y]
		row["grid_size"] = [grid.x, grid.y]
	return row
