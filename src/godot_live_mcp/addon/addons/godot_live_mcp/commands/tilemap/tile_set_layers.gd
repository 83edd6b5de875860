@tool
extends RefCounted
## The layers of a TileSet as tileset_get reports them (physics, terrain sets, custom data), and the names
## the tileset.* arguments use for terrain modes, peering bits and custom data types.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")

const TERRAIN_MODES: Array[String] = ["corners_and_sides", "corners", "sides"]
## TileSet.CellNeighbor by index, lower-case without the CELL_NEIGHBOR_ prefix.
const PEERING_BITS: Array[String] = [
	"right_side",
	"right_corner",
	"bottom_right_side",
	"bottom_right_corner",
	"bottom_side",
	"bottom_corner",
	"bottom_left_side",
	"bottom_left_corner",
	"left_side",
	"left_corner",
	"top_left_side",
	"top_left_corner",
	"top_side",
	"top_corner",
	"top_right_side",
	"top_right_corner",
]
const SQUARE_SIDES: Array[String] = ["right_side", "bottom_side", "left_side", "top_side"]
const SQUARE_CORNERS: Array[String] = [
	"bottom_right_corner", "bottom_left_corner", "top_left_corner", "top_right_corner"
]
const ISOMETRIC_SIDES: Array[String] = ["bottom_right_side", "bottom_left_side", "top_left_side", "top_right_side"]
const ISOMETRIC_CORNERS: Array[String] = ["right_corner", "bottom_corner", "left_corner", "top_corner"]
const LAYERS := {
	"physics_layers!": {"@": "array", "index!": "integer", "collision_layer!": "integer", "collision_mask!": "integer"},
	"terrain_sets!":
	{
		"@": "array",
		"index!": "integer",
		"mode!": "string",
		"terrains!": {"@": "array", "index!": "integer", "name!": "string", "color!": "string: HTML colour."},
	},
	"custom_data_layers!": {"@": "array", "index!": "integer", "name!": "string", "type!": "string"},
}

const TILES := {
	"@": "array",
	"atlas_coords!": "array<integer>",
	"terrain_set!": "integer: -1 when the tile has no terrain.",
	"terrain!": "integer",
	"peering!": "object: Peering bit -> terrain, for the bits set.",
	"collision!": "object: Physics layer index -> polygons, each [[x, y], ...], for layers with polygons.",
	"custom_data!": "object: Custom data layer name -> value as JSON.",
}


## physics_layers, terrain_sets and custom_data_layers of a tile set.
static func describe(tile_set: TileSet) -> Dictionary:
	var physics: Array[Dictionary] = []
	for index: int in tile_set.get_physics_layers_count():
		var layer_bits: int = tile_set.get_physics_layer_collision_layer(index)
		var mask_bits: int = tile_set.get_physics_layer_collision_mask(index)
		physics.append({"index": index, "collision_layer": layer_bits, "collision_mask": mask_bits})
	var terrain_sets: Array[Dictionary] = []
	for index: int in tile_set.get_terrain_sets_count():
		var mode: String = TERRAIN_MODES[tile_set.get_terrain_set_mode(index)]
		terrain_sets.append({"index": index, "mode": mode, "terrains": _terrains(tile_set, index)})
	var custom: Array[Dictionary] = []
	for index: int in tile_set.get_custom_data_layers_count():
		var type: int = tile_set.get_custom_data_layer_type(index)
		custom.append({"index": index, "name": tile_set.get_custom_data_layer_name(index), "type": type_string(type)})
	return {"physics_layers": physics, "terrain_sets": terrain_sets, "custom_data_layers": custom}


static func _terrains(tile_set: TileSet, terrain_set: int) -> Array[Dictionary]:
	var terrains: Array[Dictionary] = []
	for index: int in tile_set.get_terrains_count(terrain_set):
		var color: Color = tile_set.get_terrain_color(terrain_set, index)
		terrains.append(
			{"index": index, "name": tile_set.get_terrain_name(terrain_set, index), "color": "#" + color.to_html()}
		)
	return terrains


## The index of a terrain of a set by name, or -1.
static func terrain_index(tile_set: TileSet, terrain_set: int, name: String) -> int:
	for index: int in tile_set.get_terrains_count(terrain_set):
		if tile_set.get_terrain_name(terrain_set, index) == name:
			return index
	return -1


## The Variant type a name such as "int", "String" or "Vector2" stands for, or INVALID_PARAMS.
static func variant_type(name: String) -> Result:
	for type: int in TYPE_MAX:
		if type != TYPE_NIL and type_string(type).to_lower() == name.to_lower():
			return Result.of(type)
	return Result.fail(
		"INVALID_PARAMS",
		"'%s' is not a Variant type name." % name,
		"Use one such as bool, int, float, String, Vector2, Vector2i, Color, Array or Dictionary."
	)


## TileSet.CellNeighbor -> terrain for the named peering bits (name -> terrain index), or INVALID_PARAMS
## for a bit the terrain set's mode and tile shape do not use, or a terrain the set lacks.
static func peering(tile_set: TileSet, terrain_set: int, bits: Dictionary) -> Result:
	var valid: Array[String] = valid_bits(tile_set, terrain_set)
	var chosen: Dictionary = {}
	for name: Variant in bits:
		if not str(name) in valid:
			return Result.fail(
				"INVALID_PARAMS",
				"'%s' is not a peering bit of terrain set %d." % [name, terrain_set],
				"Its bits: %s (the set's mode and the tile shape decide them)." % ", ".join(valid)
			)
		var terrain: int = int(bits[name])
		if terrain < -1 or terrain >= tile_set.get_terrains_count(terrain_set):
			return Result.fail(
				"NOT_FOUND",
				"Terrain set %d has no terrain %d (peering bit '%s')." % [terrain_set, terrain, name],
				"tileset_get lists the terrains; -1 means no terrain."
			)
		chosen[PEERING_BITS.find(str(name))] = terrain
	return Result.of(chosen)


## The peering bits a terrain set uses on square and isometric tiles (the other shapes take all).
static func valid_bits(tile_set: TileSet, terrain_set: int) -> Array[String]:
	var mode: int = tile_set.get_terrain_set_mode(terrain_set)
	var square: bool = tile_set.tile_shape == TileSet.TILE_SHAPE_SQUARE
	if not square and tile_set.tile_shape != TileSet.TILE_SHAPE_ISOMETRIC:
		return PEERING_BITS.duplicate()
	var sides: Array[String] = SQUARE_SIDES if square else ISOMETRIC_SIDES
	var corners: Array[String] = SQUARE_CORNERS if square else ISOMETRIC_CORNERS
	var valid: Array[String] = []
	if mode != TileSet.TERRAIN_MODE_MATCH_CORNERS:
		valid.append_array(sides)
	if mode != TileSet.TERRAIN_MODE_MATCH_SIDES:
		valid.append_array(corners)
	return valid


## One tile of an atlas as tileset_get_tiles reports it (TILES).
static func describe_tile(tile_set: TileSet, coords: Vector2i, tile: TileData) -> Dictionary:
	var peering: Dictionary = {}
	for bit: int in PEERING_BITS.size():
		if tile.terrain_set >= 0 and tile.is_valid_terrain_peering_bit(bit) and tile.get_terrain_peering_bit(bit) >= 0:
			peering[PEERING_BITS[bit]] = tile.get_terrain_peering_bit(bit)
	var collision: Dictionary = {}
	for layer: int in tile_set.get_physics_layers_count():
		var polygons: Array = []
		for index: int in tile.get_collision_polygons_count(layer):
			var points: Array = []
			for point: Vector2 in tile.get_collision_polygon_points(layer, index):
				points.append([point.x, point.y])
			polygons.append(points)
		if not polygons.is_empty():
			collision[str(layer)] = polygons
	var custom: Dictionary = {}
	for layer: int in tile_set.get_custom_data_layers_count():
		custom[tile_set.get_custom_data_layer_name(layer)] = Coercion.to_json(tile.get_custom_data_by_layer_id(layer))
	return {
		"atlas_coords": [coords.x, coords.y],
		"terrain_set": tile.terrain_set,
		"terrain": tile.terrain,
		"peering": peering,
		"collision": collision,
		"custom_data": custom,
	}
