@tool
extends RefCounted
## The changes tileset.* commands make to a TileSet and its tiles, checked before and applied inside the
## file save (TileSetFile.save), so a refused call changes nothing.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const Cells := preload("res://addons/godot_live_mcp/commands/tilemap/tile_map_cells.gd")
const TileSetLayers := preload("res://addons/godot_live_mcp/commands/tilemap/tile_set_layers.gd")
const TileSetFile := preload("res://addons/godot_live_mcp/commands/tilemap/tile_set_file.gd")

const TERRAIN_TILES := [
	{"@": "array: Tiles and their terrain."},
	{
		"atlas_coords!": "array<integer>: The tile [x, y] in the atlas.",
		"terrain!": "integer[-1..]: Its terrain (-1: none)."
	},
	{
		"peering":
		(
			'object: Peering bit -> terrain index, e.g. {"right_side": 0, "bottom_right_corner": 0}; bits:'
			+ " right_side, bottom_right_corner, bottom_side, ... (square tiles: sides and corners)."
		)
	},
]


## A terrain added to a set (a new set first when terrain_set is -1), or an existing one renamed and
## recoloured; terrain_set and terrain name where it ended up once apply has run.
class TerrainAdd:
	var tile_set: TileSet
	var terrain_set: int
	var terrain: int
	var mode: int
	var name: String
	var color: Color

	func _init(target: TileSet, params: CommandParams, existing: int) -> void:
		tile_set = target
		terrain_set = params.integer("terrain_set")
		terrain = existing
		mode = maxi(TileSetLayers.TERRAIN_MODES.find(params.text("mode")), 0)
		name = params.text("name")
		color = Color.html(params.text("color"))
		if terrain_set < 0:
			terrain_set = tile_set.get_terrain_sets_count()
		if terrain < 0:
			terrain = tile_set.get_terrains_count(terrain_set) if terrain_set < tile_set.get_terrain_sets_count() else 0

	func apply() -> void:
		if terrain_set >= tile_set.get_terrain_sets_count():
			tile_set.add_terrain_set()
			tile_set.set_terrain_set_mode(terrain_set, mode as TileSet.TerrainMode)
		if terrain >= tile_set.get_terrains_count(terrain_set):
			tile_set.add_terrain(terrain_set)
		tile_set.set_terrain_name(terrain_set, terrain, name)
		tile_set.set_terrain_color(terrain_set, terrain, color)


static func add_physics_layer(tile_set: TileSet, collision_layer: int, collision_mask: int) -> void:
	tile_set.add_physics_layer()
	var index: int = tile_set.get_physics_layers_count() - 1
	tile_set.set_physics_layer_collision_layer(index, collision_layer)
	tile_set.set_physics_layer_collision_mask(index, collision_mask)


## The polygons params name as PackedVector2Arrays (a full-tile square when absent), or INVALID_PARAMS.
static func polygons(params: CommandParams, tile_size: Vector2i) -> Result:
	if not params.has("polygons"):
		var half: Vector2 = Vector2(tile_size) / 2.0
		return Result.of([PackedVector2Array([-half, Vector2(half.x, -half.y), half, Vector2(-half.x, half.y)])])
	var found: Array[PackedVector2Array] = []
	var listed: Array = params.list("polygons")
	for index: int in listed.size():
		var points: PackedVector2Array = PackedVector2Array()
		var raw: Variant = listed[index]
		for point: Variant in raw if raw is Array else []:
			if not (point is Array and (point as Array).size() == 2):
				return Result.fail("INVALID_PARAMS", "polygons[%d] holds %s; points are [x, y]." % [index, point])
			points.append(Vector2(float(point[0]), float(point[1])))
		if points.size() < 3:
			return Result.fail("INVALID_PARAMS", "polygons[%d] needs at least 3 points." % index)
		found.append(points)
	return Result.of(found)


static func set_polygons(tiles: TileSetFile.TileSelection, layer: int, shapes: Array) -> void:
	for tile: TileData in tiles.tile_data():
		tile.set_collision_polygons_count(layer, shapes.size())
		for index: int in shapes.size():
			tile.set_collision_polygon_points(layer, index, shapes[index])


## [atlas coords, terrain, {bit: terrain}] per listed tile, every one checked, or the first failure.
static func terrain_plan(tile_set: TileSet, source: TileSetAtlasSource, terrain_set: int, tiles: Array) -> Result:
	var plan: Array[Array] = []
	var terrains: int = tile_set.get_terrains_count(terrain_set)
	for index: int in tiles.size():
		var entry: Dictionary = tiles[index] if tiles[index] is Dictionary else {}
		var place: String = "tiles[%d]" % index
		var coords: Result = Cells.coords(entry.get("atlas_coords"), place + ".atlas_coords")
		if coords.succeeded() and not source.has_tile(coords.value):
			coords = Result.fail(
				"NOT_FOUND", "%s: the atlas has no tile %s." % [place, coords.value], "tileset_get shows its grid."
			)
		if coords.failed():
			return coords
		var terrain: int = int(entry.get("terrain", -1))
		if terrain < -1 or terrain >= terrains:
			return Result.fail(
				"NOT_FOUND",
				"%s: terrain set %d has no terrain %d." % [place, terrain_set, terrain],
				"tileset_add_terrain adds one; tileset_get lists them."
			)
		var bits: Variant = entry.get("peering", {})
		var peering: Result = TileSetLayers.peering(tile_set, terrain_set, bits if bits is Dictionary else {})
		if peering.failed():
			return peering.within(place)
		plan.append([coords.value, terrain, peering.value])
	return Result.of(plan)


static func apply_terrain(tile_set: TileSet, source_id: int, plan: Array[Array], terrain_set: int) -> void:
	var source: TileSetAtlasSource = tile_set.get_source(source_id)
	for step: Array in plan:
		var tile: TileData = source.get_tile_data(step[0], 0)
		tile.terrain_set = terrain_set
		tile.terrain = step[1]
		for bit: int in TileSetLayers.PEERING_BITS.size():
			if tile.is_valid_terrain_peering_bit(bit):
				tile.set_terrain_peering_bit(bit, (step[2] as Dictionary).get(bit, -1))


static func put_custom_layer(tile_set: TileSet, index: int, name: String, type: int) -> void:
	if index >= tile_set.get_custom_data_layers_count():
		tile_set.add_custom_data_layer()
	tile_set.set_custom_data_layer_name(index, name)
	tile_set.set_custom_data_layer_type(index, type as Variant.Type)


static func set_custom(tiles: TileSetFile.TileSelection, layer: int, value: Variant) -> void:
	for tile: TileData in tiles.tile_data():
		tile.set_custom_data_by_layer_id(layer, value)
