extends "unit_test.gd"
## The engine's own check of a command's argument bounds, and of the property values that size what it
## allocates.

const ArgumentBounds := preload("res://addons/godot_live_mcp/dispatch/argument_bounds.gd")
const PropertyBounds := preload("res://addons/godot_live_mcp/contract/property_bounds.gd")
const Shorthand := preload("res://addons/godot_live_mcp/contract/schema_shorthand.gd")

var schema: Dictionary = (
	Shorthand
	. input(
		{
			"width": "integer[1..1024]",
			"name": "@glob",
			"sizes": "array<integer[0..10]>[..3]",
			"rect": {"@": "object", "width": "integer[1..]", "height": "integer[1..]"},
		}
	)
)


func test_values_inside_their_bounds_pass() -> void:
	var fine: Dictionary = {"width": 1024, "name": "C*", "sizes": [0, 10], "rect": {"width": 2, "height": 3}}
	check(ArgumentBounds.check(fine, schema).succeeded(), "within")


func test_values_outside_are_refused_naming_the_bound() -> void:
	has_text(failure_of(ArgumentBounds.check({"width": 2000000000}, schema), "INVALID_PARAMS"), "from 1 to 1024")
	has_text(failure_of(ArgumentBounds.check({"name": "*".repeat(5000)}, schema), "INVALID_PARAMS"), "256")
	has_text(failure_of(ArgumentBounds.check({"sizes": [1, 2, 3, 4]}, schema), "INVALID_PARAMS"), "at most 3")
	has_text(failure_of(ArgumentBounds.check({"sizes": [11]}, schema), "INVALID_PARAMS"), "/sizes/0")


func test_a_product_of_arguments_is_bounded() -> void:
	var products: Dictionary = {"rect.width rect.height": 100}
	check(ArgumentBounds.check({"rect": {"width": 10, "height": 10}}, schema, products).succeeded(), "100")
	var over: Result = ArgumentBounds.check({"rect": {"width": 10, "height": 11}}, schema, products)
	has_text(failure_of(over, "INVALID_PARAMS"), "rect.width x rect.height is 110; the most is 100")


func test_a_property_keeps_within_its_range_hint() -> void:
	var amount: Dictionary = {"name": "amount", "hint": PROPERTY_HINT_RANGE, "hint_string": "1,1000000,1,exp"}
	check(PropertyBounds.check_value(amount, 64).succeeded(), "64")
	has_text(failure_of(PropertyBounds.check_value(amount, 2000000000), "INVALID_PARAMS"), "1 to 1000000")
	var rings: Dictionary = {"name": "rings", "hint": PROPERTY_HINT_RANGE, "hint_string": "1,100,1,or_greater"}
	check(PropertyBounds.check_value(rings, 65536).succeeded(), "the product bounds it")
	has_text(failure_of(PropertyBounds.check_value(rings, 100000), "INVALID_PARAMS"), "1 to 1600")
	var frame: Dictionary = {"name": "frame", "hint": PROPERTY_HINT_RANGE, "hint_string": "0,0,1"}
	check(PropertyBounds.check_value(frame, 3).succeeded(), "a small index past a range that follows state")
	var count: Dictionary = {"name": "point_count", "usage": PROPERTY_USAGE_ARRAY}
	has_text(failure_of(PropertyBounds.check_value(count, 1 << 30), "INVALID_PARAMS"), "0 to 65536")


func test_a_mesh_bounds_the_product_of_its_segments() -> void:
	var sphere: SphereMesh = SphereMesh.new()
	check(PropertyBounds.check_product(sphere, {"rings": 512, "radial_segments": 512}).succeeded(), "512 x 512")
	var over: Result = PropertyBounds.check_product(sphere, {"rings": 1024, "radial_segments": 512})
	has_text(failure_of(over, "INVALID_PARAMS"), "the most is 262144")
