@tool
extends RefCounted
## Bounds on property values that size what the engine allocates, checked before a value is set
## (export-clean). A whole-number property keeps within its range hint; an open end ("or_greater")
## allows contract.json's open_range_factor times the hinted maximum; an array's count property stays
## under max_property_count; and the classes below bound the product of their size properties
## (a sphere's radial segments x rings), which no single range can. Values up to max_property_count
## always pass the single-value check.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")

## Class -> [the contract.json limit, the properties whose product it bounds].
const PRODUCTS := {
	"SphereMesh": ["max_mesh_cells", ["radial_segments", "rings"]],
	"CapsuleMesh": ["max_mesh_cells", ["radial_segments", "rings"]],
	"CylinderMesh": ["max_mesh_cells", ["radial_segments", "rings"]],
	"TorusMesh": ["max_mesh_cells", ["rings", "ring_segments"]],
	"PlaneMesh": ["max_mesh_cells", ["subdivide_width", "subdivide_depth"]],
	"BoxMesh": ["max_mesh_cells", ["subdivide_width", "subdivide_height", "subdivide_depth"]],
	"PrismMesh": ["max_mesh_cells", ["subdivide_width", "subdivide_height", "subdivide_depth"]],
	"HeightMapShape3D": ["max_mesh_cells", ["map_width", "map_depth"]],
	"NoiseTexture2D": ["max_texture_pixels", ["width", "height"]],
	"NoiseTexture3D": ["max_texture_pixels", ["width", "height", "depth"]],
	"GradientTexture2D": ["max_texture_pixels", ["width", "height"]],
	"SubViewport": ["max_texture_pixels", ["size"]],
}
const HINT := "Pass a smaller value; the engine would allocate for every unit of it."


## INVALID_PARAMS when value, about to be set as the property info describes, is over its bound: above
## its range (an open end widened) and above max_property_count, which is also an array count's bound.
## Smaller values pass whatever the hint says: a frame index's range follows its sheet, set in the same call.
static func check_value(info: Dictionary, value: Variant) -> Result:
	if not value is int:
		return Result.of()
	var floor_count: int = ContractData.limit("max_property_count")
	var high: float = INF
	var low: float = -INF
	if int(info.get("hint", 0)) == PROPERTY_HINT_RANGE:
		var ends: PackedFloat64Array = _range_of(str(info.get("hint_string", "")))
		low = ends[0]
		high = ends[1]
	if int(info.get("usage", 0)) & PROPERTY_USAGE_ARRAY != 0:
		low = 0.0
		high = floor_count
	if value > high and value > floor_count:
		var allowed: String = _allowed(low, high)
		return Result.fail("INVALID_PARAMS", "%d is out of range (allowed: %s)." % [value, allowed], HINT)
	return Result.of()


## INVALID_PARAMS when target, with changes (name -> value) applied, would be over its class's product
## bound (its current values count for the properties changes leaves out).
static func check_product(target: Object, changes: Dictionary = {}) -> Result:
	var entry: Array = _product_entry(target)
	if entry.is_empty():
		return Result.of()
	var most: int = ContractData.limit(entry[0])
	var total: float = 1.0
	for name: String in entry[1]:
		total *= _size_of(changes.get(name, target.get(name)))
	if total <= most:
		return Result.of()
	var names: String = " x ".join(PackedStringArray(entry[1]))
	return Result.fail(
		"INVALID_PARAMS",
		"%s of a %s is %s; the most is %d." % [names, target.get_class(), _shown(total), most],
		"Pass smaller values: the engine builds every one of them."
	)


static func _product_entry(target: Object) -> Array:
	for name: String in PRODUCTS:
		if target != null and target.is_class(name):
			return PRODUCTS[name]
	return []


## Whole numbers count as they are (at least 1: a subdivision of 0 is one cell); sizes as their area.
static func _size_of(value: Variant) -> float:
	if value is Vector2i or value is Vector2:
		return maxf(absf(value.x), 1.0) * maxf(absf(value.y), 1.0)
	if value is Vector3i or value is Vector3:
		return maxf(absf(value.x), 1.0) * maxf(absf(value.y), 1.0) * maxf(absf(value.z), 1.0)
	return maxf(absf(float(value)), 1.0) if value is int or value is float else 1.0


## [low, high] of a range hint "min,max[,step][,or_greater][,or_less]...", open ends widened.
static func _range_of(hint_string: String) -> PackedFloat64Array:
	var parts: PackedStringArray = hint_string.split(",")
	var low: float = parts[0].to_float() if parts.size() > 0 and parts[0].is_valid_float() else -INF
	var high: float = parts[1].to_float() if parts.size() > 1 and parts[1].is_valid_float() else INF
	if parts.has("or_less"):
		low = -INF
	if parts.has("or_greater"):
		high = high * ContractData.limit("open_range_factor") if high > 0 else INF
	return PackedFloat64Array([low, high])


static func _allowed(low: float, high: float) -> String:
	if is_inf(low):
		return "at most %s" % _shown(high)
	return "at least %s" % _shown(low) if is_inf(high) else "%s to %s" % [_shown(low), _shown(high)]


static func _shown(number: float) -> String:
	return str(int(number)) if absf(number) < 1e15 else str(number)
