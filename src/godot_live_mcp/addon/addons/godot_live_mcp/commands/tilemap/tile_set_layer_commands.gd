@tool
extends RefCounted
## tileset.* layers of a TileSet file and their per-tile data: physics layers and collision polygons,
## terrain sets, terrains and peering bits, custom data layers and values. Each call is saved at once
## and is one step of the global history.

const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const TileSetFile := preload("res://addons/godot_live_mcp/commands/tilemap/tile_set_file.gd")
const TileSetLayers := preload("res://addons/godot_live_mcp/commands/tilemap/tile_set_layers.gd")
const TileSetData := preload("res://addons/godot_live_mcp/commands/tilemap/tile_set_data.gd")

const GROUP := "tilemap"
const UNDO_TEXT := "Saved at once; editor_undo (global history) reverts it."
const CHANGED := {"path!": "string", "undoable": "boolean: Whether editor_undo can revert the change."}
const TILES_CHANGED := [CHANGED, {"tiles!": "integer: Tiles changed."}]
const DEFAULTS := {"marks": "scene_independent", "guard": ["path"], "target": "resource:TileSet by tileset_create"}
const COMMANDS := {
	"tileset.add_physics_layer":
	{
		"text": "Add a physics layer to a TileSet file, so its tiles can have collision polygons. " + UNDO_TEXT,
		"args":
		{
			"path!": TileSetFile.PATH,
			"collision_layer": "integer[0..]=1: Collision layer bits of the tiles' bodies.",
			"collision_mask": "integer[0..]=1: Collision mask bits.",
		},
		"returns": [CHANGED, {"physics_layer!": "integer: Index of the new layer."}],
	},
	"tileset.set_collision":
	{
		"text":
		(
			"Set the collision polygons of tiles on a physics layer (replacing theirs); a full-tile square when"
			+ " polygons is omitted, none when it is []. "
			+ UNDO_TEXT
		),
		"args":
		{
			"path!": TileSetFile.PATH,
			"source_id": TileSetFile.SOURCE_ID,
			"tiles": TileSetFile.TILES,
			"physics_layer": "integer[0..]=0: Physics layer (tileset_add_physics_layer adds one).",
			"polygons": "array<array<array<number>>>: Polygons, each [[x, y], ...] in pixels from the tile's centre.",
		},
		"returns": TILES_CHANGED,
		"marks": "scene_independent idempotent",
	},
	"tileset.add_terrain":
	{
		"text": "Add a terrain (name, colour) to a terrain set of a TileSet file, or to a new set. " + UNDO_TEXT,
		"args":
		{
			"path!": TileSetFile.PATH,
			"name!": "string: Terrain name, unique in its set.",
			"terrain_set": "integer[-1..]=-1: Terrain set to add to; -1 makes a new set.",
			"mode": 'enum(corners_and_sides|corners|sides)="corners_and_sides": Match mode of a new set.',
			"color": 'string="#4080ff": HTML colour shown in the editor.',
			"if_exists": "@if_exists",
		},
		"returns": [CHANGED, {"terrain_set!": "integer", "terrain!": "integer", "status!": "@create_status"}],
	},
	"tileset.set_terrain":
	{
		"text":
		(
			"Give tiles a terrain and peering bits (which neighbour terrain each side or corner matches), for"
			+ " tilemap_connect_terrain. Bits not named are cleared. "
			+ UNDO_TEXT
		),
		"args":
		[
			{
				"path!": TileSetFile.PATH,
				"source_id": TileSetFile.SOURCE_ID,
				"terrain_set": "integer[0..]=0: The tiles' terrain set."
			},
			{"tiles!": TileSetData.TERRAIN_TILES},
		],
		"returns": TILES_CHANGED,
		"marks": "scene_independent idempotent",
	},
	"tileset.add_custom_data_layer":
	{
		"text": "Add a custom data layer (a named, typed value every tile carries) to a TileSet file. " + UNDO_TEXT,
		"args":
		{
			"path!": TileSetFile.PATH,
			"name!": "string: Layer name, e.g. 'damage'.",
			"type!": "string: Value type: bool, int, float, String, Vector2, Color, ...",
			"if_exists": "@if_exists",
		},
		"returns": [CHANGED, {"layer!": "integer: The layer's index.", "status!": "@create_status"}],
	},
	"tileset.set_custom_data":
	{
		"text": "Set a custom data layer's value on tiles of a TileSet file. " + UNDO_TEXT,
		"args":
		{
			"path!": TileSetFile.PATH,
			"source_id": TileSetFile.SOURCE_ID,
			"tiles": TileSetFile.TILES,
			"layer!": "string: Custom data layer name (tileset_get lists them).",
			"value!": "@value",
		},
		"returns": TILES_CHANGED,
		"marks": "scene_independent idempotent",
	},
}


static func add_physics_layer(params: CommandParams, file: CommandTarget) -> Result:
	var tile_set: TileSet = file.resource
	var index: int = tile_set.get_physics_layers_count()
	var change: Callable = TileSetData.add_physics_layer.bind(
		tile_set, params.integer("collision_layer"), params.integer("collision_mask")
	)
	var saved: Result = await TileSetFile.save("Add physics layer to %s" % tile_set.resource_path, tile_set, change)
	return _answer(saved, tile_set, {"physics_layer": index})


static func set_collision(params: CommandParams, file: CommandTarget) -> Result:
	var found: Result = TileSetFile.select(file.resource, params)
	if found.failed():
		return found
	var tiles: TileSetFile.TileSelection = found.value
	var tile_set: TileSet = tiles.tile_set
	var layer: int = params.integer("physics_layer")
	if layer >= tile_set.get_physics_layers_count():
		return Result.fail(
			"NOT_FOUND",
			"'%s' has no physics layer %d." % [tile_set.resource_path, layer],
			"tileset_add_physics_layer adds one."
		)
	var polygons: Result = TileSetData.polygons(params, tile_set.tile_size)
	if polygons.failed():
		return polygons
	var change: Callable = TileSetData.set_polygons.bind(tiles, layer, polygons.value)
	var what: String = "Set collision of %d tiles in %s" % [tiles.coords.size(), tile_set.resource_path]
	return _answer(await TileSetFile.save(what, tile_set, change), tile_set, {"tiles": tiles.coords.size()})


static func add_terrain(params: CommandParams, file: CommandTarget) -> Result:
	var policy: Result = IfExists.read(params)
	if policy.failed():
		return policy
	var tile_set: TileSet = file.resource
	var terrain_set: int = params.integer("terrain_set")
	var known: Result = _terrain_set_known(
		tile_set, terrain_set, "Pass terrain_set=-1 to make a new set; tileset_get lists the sets."
	)
	if known.failed():
		return known
	if not Color.html_is_valid(params.text("color")):
		return Result.fail("INVALID_PARAMS", "'%s' is not an HTML colour." % params.text("color"), "Use '#rrggbb'.")
	var name: String = params.text("name")
	var existing: int = TileSetLayers.terrain_index(tile_set, terrain_set, name) if terrain_set >= 0 else -1
	var found: Dictionary = {"path": tile_set.resource_path, "terrain_set": terrain_set, "terrain": existing}
	if existing >= 0 and policy.value != IfExists.REPLACE:
		return IfExists.answer(policy.value, "Terrain '%s'" % name, found)
	var adding: TileSetData.TerrainAdd = TileSetData.TerrainAdd.new(tile_set, params, existing)
	var what: String = "Add terrain '%s' to %s" % [name, tile_set.resource_path]
	var saved: Result = await TileSetFile.save(what, tile_set, adding.apply)
	var status: String = "replaced" if existing >= 0 else "created"
	return _answer(saved, tile_set, {"terrain_set": adding.terrain_set, "terrain": adding.terrain, "status": status})


static func set_terrain(params: CommandParams, file: CommandTarget) -> Result:
	var source: Result = TileSetFile.atlas(file.resource, params.integer("source_id"))
	if source.failed():
		return source
	var tile_set: TileSet = file.resource
	var terrain_set: int = params.integer("terrain_set")
	var known: Result = _terrain_set_known(tile_set, terrain_set, "tileset_add_terrain adds one.")
	if known.failed():
		return known
	var plan: Result = TileSetData.terrain_plan(tile_set, source.value, terrain_set, params.list("tiles"))
	if plan.failed():
		return plan
	var source_id: int = params.integer("source_id")
	var change: Callable = TileSetData.apply_terrain.bind(tile_set, source_id, plan.value, terrain_set)
	var what: String = "Set terrain of %d tiles in %s" % [plan.value.size(), tile_set.resource_path]
	return _answer(await TileSetFile.save(what, tile_set, change), tile_set, {"tiles": plan.value.size()})


static func add_custom_data_layer(params: CommandParams, file: CommandTarget) -> Result:
	var policy: Result = IfExists.read(params)
	var type: Result = TileSetLayers.variant_type(params.text("type")) if policy.succeeded() else policy
	if type.failed():
		return type
	var tile_set: TileSet = file.resource
	var name: String = params.text("name")
	var existing: int = tile_set.get_custom_data_layer_by_name(name)
	var found: Dictionary = {"path": tile_set.resource_path, "layer": existing}
	if existing >= 0 and policy.value != IfExists.REPLACE:
		return IfExists.answer(policy.value, "Custom data layer '%s'" % name, found)
	var index: int = existing if existing >= 0 else tile_set.get_custom_data_layers_count()
	var change: Callable = TileSetData.put_custom_layer.bind(tile_set, index, name, int(type.value))
	var what: String = "Add custom data layer '%s' to %s" % [name, tile_set.resource_path]
	var saved: Result = await TileSetFile.save(what, tile_set, change)
	return _answer(saved, tile_set, {"layer": index, "status": "replaced" if existing >= 0 else "created"})


static func set_custom_data(params: CommandParams, file: CommandTarget) -> Result:
	var found: Result = TileSetFile.select(file.resource, params)
	if found.failed():
		return found
	var tiles: TileSetFile.TileSelection = found.value
	var tile_set: TileSet = tiles.tile_set
	var layer: int = tile_set.get_custom_data_layer_by_name(params.text("layer"))
	if layer < 0:
		return Result.fail(
			"NOT_FOUND",
			"'%s' has no custom data layer '%s'." % [tile_set.resource_path, params.text("layer")],
			"tileset_get lists them; tileset_add_custom_data_layer adds one."
		)
	var value: Result = Coercion.from_json(params.value("value"), tile_set.get_custom_data_layer_type(layer))
	if value.failed():
		return value.within("value")
	var change: Callable = TileSetData.set_custom.bind(tiles, layer, value.value)
	var what: String = (
		"Set '%s' of %d tiles in %s" % [params.text("layer"), tiles.coords.size(), tile_set.resource_path]
	)
	return _answer(await TileSetFile.save(what, tile_set, change), tile_set, {"tiles": tiles.coords.size()})


static func _answer(saved: Result, tile_set: TileSet, fields: Dictionary) -> Result:
	if saved.failed():
		return saved
	var result: Dictionary = {"path": tile_set.resource_path, "undoable": saved.value}
	result.merge(fields)
	return Result.of(result)


## NOT_FOUND (with hint, the next step) when tile_set has no terrain set terrain_set.
static func _terrain_set_known(tile_set: TileSet, terrain_set: int, hint: String) -> Result:
	if terrain_set < tile_set.get_terrain_sets_count():
		return Result.of()
	return Result.fail("NOT_FOUND", "'%s' has no terrain set %d." % [tile_set.resource_path, terrain_set], hint)
