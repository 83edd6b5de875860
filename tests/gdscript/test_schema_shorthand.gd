extends "unit_test.gd"
## The schema shorthand commands are declared in, expanded into JSON Schema.

const Shorthand := preload("res://addons/godot_live_mcp/contract/schema_shorthand.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")


func test_a_field_is_type_range_default_and_description() -> void:
	equal(Shorthand.field("string: A name."), {"type": "string", "description": "A name."}, "string")
	var depth: Dictionary = {"type": "integer", "minimum": 1, "maximum": 10, "default": 3, "description": "How deep."}
	equal(Shorthand.field("integer[1..10]=3: How deep."), depth, "bounded integer")
	equal(Shorthand.field("number[0.5..]"), {"type": "number", "minimum": 0.5}, "open range")
	equal(Shorthand.field("boolean=false"), {"type": "boolean", "default": false}, "bare default")
	equal(Shorthand.field("any: Anything."), {"description": "Anything."}, "any")
	equal(Shorthand.field("object"), {"type": "object"}, "object")


func test_enums_arrays_and_defaults_with_separators() -> void:
	var mode: Dictionary = {"type": "string", "enum": ["a", "b=c"], "default": "a", "description": "Mode: x."}
	equal(Shorthand.field('enum(a|b=c)="a": Mode: x.'), mode, "enum with = and : inside")
	equal(Shorthand.field("array<integer[0..]>"), {"type": "array", "items": {"type": "integer", "minimum": 0}}, "")
	equal(Shorthand.field('array<string>=["x"]')["default"], ["x"], "array default")


func test_fragments_are_shared_and_may_change_their_description() -> void:
	var scene: Dictionary = Shorthand.field("@scene")
	equal(scene["type"], "string", "type")
	has_text(scene["description"], "open scene", "fragment text")
	equal(Shorthand.field("@scene: Where to look.")["description"], "Where to look.", "own text")
	equal(Shorthand.field("@if_exists")["default"], "return", "fragment default")


func test_input_is_closed_with_its_required_fields() -> void:
	var schema: Dictionary = Shorthand.input({"path!": "string: P.", "depth": "integer"})
	equal(schema["required"], ["path"], "required")
	equal(schema["additionalProperties"], false, "closed")
	equal(schema["properties"].keys(), ["path", "depth"], "order")
	equal(Shorthand.input({}), {"type": "object", "properties": {}, "additionalProperties": false}, "no args")


func test_field_lists_merge_in_order() -> void:
	var shared: Dictionary = {"scene": "@scene", "node_path!": "@node_path"}
	var schema: Dictionary = Shorthand.input([shared, {"depth": "integer", "scene": "string: Mine."}])
	equal(schema["properties"].keys(), ["scene", "node_path", "depth"], "keys")
	equal(schema["properties"]["scene"]["description"], "Mine.", "a later field wins")


func test_output_is_open_and_pages_carry_the_pagination_fields() -> void:
	equal(Shorthand.output({}), {}, "nothing to describe")
	var page: Dictionary = Shorthand.output({"@page": "nodes offset", "nodes!": "array: The nodes."})
	equal(page["additionalProperties"], true, "open")
	for key: String in Pagination.fields("nodes", "offset"):
		check(page["properties"].has(key), "page field %s" % key)
	for key: String in Pagination.required_fields("nodes") + ["nodes"]:
		check(key in page["required"], "required %s" % key)


func test_nested_objects_and_arrays_of_objects() -> void:
	var spec: Dictionary = {"@": "array: The rows.", "name!": "string", "size": "integer"}
	var rows: Dictionary = Shorthand.field(spec)
	equal([rows["type"], rows["description"], rows["items"]["type"]], ["array", "The rows.", "object"], "array")
	equal(rows["items"]["required"], ["name"], "item required")
	var box: Dictionary = Shorthand.field({"@": "object: A box.", "w": "number"})
	equal([box["type"], box["description"], box["properties"].keys()], ["object", "A box.", ["w"]], "object")
	var literal: Dictionary = {"type": "string", "format": "uri"}
	equal(Shorthand.field(literal), literal, "a Dictionary without @ is JSON Schema as it is")
