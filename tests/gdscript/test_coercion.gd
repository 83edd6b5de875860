extends "unit_test.gd"
## Coercion of plain and tagged JSON into declared types, without properties (from_json).

const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")


func test_tagged_values_decode_at_any_depth() -> void:
	var read: Variant = value_of(Coercion.from_json({"a": [{"type": "Vector2", "x": 1, "y": 2}]}))
	equal(read, {"a": [Vector2(1, 2)]}, "nested")
	equal(value_of(Coercion.from_json({"type": "Color", "r": 1, "g": 0.5, "b": 0})), Color(1, 0.5, 0, 1), "colour")
	equal(value_of(Coercion.from_json({"type": "LayerMask", "layers": [1, 3]})), 5, "layers")


func test_plain_json_is_read_as_the_declared_type() -> void:
	equal(value_of(Coercion.from_json([1, 2], TYPE_VECTOR2)), Vector2(1, 2), "Vector2 from [x, y]")
	equal(value_of(Coercion.from_json({"x": 1, "y": 2, "z": 3}, TYPE_VECTOR3I)), Vector3i(1, 2, 3), "Vector3i")
	equal(value_of(Coercion.from_json(3.0, TYPE_INT)), 3, "a whole float as int")
	equal(value_of(Coercion.from_json("inf", TYPE_FLOAT)), INF, "inf")
	equal(value_of(Coercion.from_json("#ff0000", TYPE_COLOR)), Color(1, 0, 0), "html colour")
	equal(value_of(Coercion.from_json("Walk", TYPE_INT, PROPERTY_HINT_ENUM, "Idle,Walk:5,Run")), 5, "enum name")
	equal(value_of(Coercion.from_json("run", TYPE_INT, PROPERTY_HINT_ENUM, "Idle,Walk:5,Run")), 6, "any case")
	var packed: Variant = value_of(Coercion.from_json([1, 2, 255], TYPE_PACKED_BYTE_ARRAY))
	equal(packed, PackedByteArray([1, 2, 255]), "bytes")


func test_a_whole_vector_fits_its_integer_sibling_and_a_fraction_does_not() -> void:
	var whole: Dictionary = {"type": "Vector2", "x": 4, "y": 5}
	equal(value_of(Coercion.from_json(whole, TYPE_VECTOR2I)), Vector2i(4, 5), "lossless")
	failure_of(Coercion.from_json({"type": "Vector2", "x": 4.5, "y": 5}, TYPE_VECTOR2I), "TYPE_MISMATCH", "lossy")


func test_wrong_shapes_are_refused_with_their_codes() -> void:
	var cases: Array = [
		[{"type": "Vector9"}, TYPE_NIL, "INVALID_PARAMS", "Unknown type tag"],
		[{"type": "Vector2", "x": 1}, TYPE_NIL, "INVALID_PARAMS", "missing field 'y'"],
		[{"type": "Vector2", "x": 1, "y": 2, "q": 3}, TYPE_NIL, "INVALID_PARAMS", "unexpected field 'q'"],
		[{"type": "Vector2i", "x": 1.5, "y": 2}, TYPE_NIL, "INVALID_PARAMS", "whole number"],
		[{"type": "LayerMask", "layers": [33]}, TYPE_NIL, "INVALID_PARAMS", "1 to 32"],
		[{"type": "Transform2D", "x": [1, 0], "rotation": 1}, TYPE_NIL, "INVALID_PARAMS", "not both"],
		["high", TYPE_INT, "TYPE_MISMATCH", 'the string "high"'],
		[[1, 2, 3], TYPE_VECTOR2, "TYPE_MISMATCH", "Expected a Vector2"],
		[[1, 256], TYPE_PACKED_BYTE_ARRAY, "TYPE_MISMATCH", "[1]: "],
		[{"type": "Vector3", "x": 1, "y": 2, "z": 3}, TYPE_VECTOR2, "TYPE_MISMATCH", "got a Vector3"],
		[{"type": "Resource", "path": "res://../x.tres"}, TYPE_NIL, "PATH_DENIED", "climbs out"],
		[{"type": "Resource", "path": "res://none.tres"}, TYPE_NIL, "NOT_FOUND", "No resource file"],
		[{"type": "NewResource", "class": "Nope"}, TYPE_NIL, "NOT_FOUND", "no class 'Nope'"],
		[{"type": "NewResource", "class": "Node2D"}, TYPE_NIL, "INVALID_PARAMS", "is a Node"],
		[{"type": "NewResource", "class": "Shape2D"}, TYPE_NIL, "INVALID_PARAMS", "abstract"],
		[{"type": "NewResource", "class": "GDScript"}, TYPE_NIL, "INVALID_PARAMS", "does not build scripts"],
	]
	for case: Array in cases:
		var what: String = JSON.stringify(case[0])
		has_text(failure_of(Coercion.from_json(case[0], case[1]), case[2], what), case[3], what)


func test_a_place_is_named_once_at_each_level() -> void:
	var read: Result = Coercion.from_json([[0, 0], [1, "y"]], TYPE_PACKED_VECTOR2_ARRAY)
	var message: String = failure_of(read, "TYPE_MISMATCH", "element")
	check(message.begins_with("[1]: "), message)
	check(message.count("[1]") == 1, message)
	var transform: Dictionary = {"type": "Transform2D", "x": {"x": "a", "y": 0}, "y": [0, 1], "origin": [0, 0]}
	has_text(failure_of(Coercion.from_json(transform), "INVALID_PARAMS", "column"), "'x': 'x' must be a number", "")


func test_no_hint_cites_a_file_the_client_cannot_see() -> void:
	var failures: Array = [
		Coercion.from_json({"type": "Vector9"}),
		Coercion.from_json("left", TYPE_VECTOR2),
		Coercion.from_json({"type": "Vector2", "x": 1}),
		Coercion.from_json({"type": "NewResource"}),
		Coercion.from_json({"type": "Resource", "path": 3}),
		Coercion.from_json([1, 2, 3], TYPE_VECTOR2),
	]
	for read: Result in failures:
		check(read.failed(), "failed")
		check(not read.hint.contains(".md"), "hint cites a file: " + read.hint)
		check(read.hint.contains("node_list_properties"), "the hint names a tool: " + read.hint)


func test_every_tag_has_a_codec() -> void:
	equal(Coercion.missing_codecs(), PackedStringArray(), "missing codecs")
	check(Coercion.tags().has("Vector2") and Coercion.tags().has("NewResource"), "vocabulary")


func test_to_json_writes_tags_and_plain_values() -> void:
	equal(Coercion.to_json(Vector2(0.1, 2)), {"type": "Vector2", "x": 0.1, "y": 2.0}, "shortest decimals")
	equal(Coercion.to_json(Rect2i(1, 2, 3, 4)), {"type": "Rect2i", "x": 1, "y": 2, "width": 3, "height": 4}, "")
	equal(Coercion.to_json(5, PROPERTY_HINT_LAYERS_2D_PHYSICS), {"type": "LayerMask", "layers": [1, 3]}, "layers")
	equal(Coercion.to_json([INF, &"name", 3]), ["inf", "name", 3], "plain")
	equal(Coercion.to_json({Vector2i(1, 2): 1}).keys()[0], '{"type":"Vector2i","x":1,"y":2}', "non-string keys")
