extends SceneTree
## Every coercion tag on the real engine: JSON in, set the property, read it back, JSON out, compare with the
## input. Prints "PASS <name>" or "FAIL <name>: …" per case and quits with 0 only when all passed.
## godot --headless --path <project with the addon in addons/godot_live_mcp> --script res://<here>/coercion_roundtrip.gd

const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Holder := preload("coercion_holder.gd")

const FIXTURE_PATH := "res://coercion_fixture.tscn"
const FIXTURE_SHAPE := "res://coercion_fixture.tscn::RectangleShape2D_x1y2z"
const FIXTURE_TEXT := """[gd_scene format=3]

[sub_resource type="RectangleShape2D" id="RectangleShape2D_x1y2z"]
size = Vector2(24, 48)

[node name="Fixture" type="Node2D"]

[node name="Shape" type="CollisionShape2D" parent="."]
shape = SubResource("RectangleShape2D_x1y2z")
"""
const TEXTURE := '{"type": "Resource", "path": "res://textures/player.png", "class": "CompressedTexture2D"}'

var _failures: int = 0
var _scene: Node2D
var _holder: Holder
var _loose_nodes: Array[Node] = []


func _initialize() -> void:
	_build_scene()
	_check("table covers the vocabulary", Coercion.missing_codecs().is_empty(), str(Coercion.missing_codecs()))
	_tag_round_trips()
	_more_round_trips()
	_plain_forms()
	_rejections()
	_json_safety()
	_scene.free()
	for node: Node in _loose_nodes:
		node.free()
	print("%d failed" % _failures)
	quit(1 if _failures > 0 else 0)


func _build_scene() -> void:
	_scene = Node2D.new()
	_scene.name = "Scene"
	_holder = Holder.new()
	_holder.name = "Holder"
	var mover: Node2D = Node2D.new()
	mover.name = "Mover"
	for child: Node in [_holder, mover]:
		_scene.add_child(child)
		child.owner = _scene
	var file: FileAccess = FileAccess.open(FIXTURE_PATH, FileAccess.WRITE)
	file.store_string(FIXTURE_TEXT)
	file.close()


## One round trip per tag of the vocabulary, on a built-in or a script property of that type.
func _tag_round_trips() -> void:
	var shape: CollisionShape2D = CollisionShape2D.new()
	_round_trip("Vector2", Node2D.new(), "position", '{"type": "Vector2", "x": 0.1, "y": -2.5}')
	_round_trip("Vector2i", _holder, "cell", '{"type": "Vector2i", "x": 3, "y": -7}')
	_round_trip("Vector3", Node3D.new(), "position", '{"type": "Vector3", "x": 1.5, "y": -0.3, "z": 0.001}')
	_round_trip("Vector3i", _holder, "cell_3d", '{"type": "Vector3i", "x": 1, "y": 2, "z": -2147483648}')
	_round_trip("Vector4", _holder, "plane_4d", '{"type": "Vector4", "x": 0.25, "y": 1, "z": -3.7, "w": 1e6}')
	_round_trip("Color", Node2D.new(), "modulate", '{"type": "Color", "r": 1, "g": 0.5, "b": 0.2, "a": 0.8}')
	_round_trip("Rect2", Sprite2D.new(), "region_rect", '{"type": "Rect2", "x": 0, "y": 4.5, "width": 10, "height": 5}')
	_round_trip("Rect2i", _holder, "area", '{"type": "Rect2i", "x": -1, "y": 2, "width": 30, "height": 40}')
	_round_trip(
		"Transform2D",
		Node2D.new(),
		"transform",
		'{"type": "Transform2D", "x": [0, 2], "y": [-2, 0], "origin": [10.5, -3.25]}'
	)
	_round_trip(
		"Transform3D",
		Node3D.new(),
		"transform",
		'{"type": "Transform3D", "x": [0, 0, -1], "y": [0, 1.5, 0], "z": [1, 0, 0], "origin": [0.1, 2, -3]}'
	)
	_round_trip(
		"NodePath", RemoteTransform2D.new(), "remote_path", '{"type": "NodePath", "path": "../Player:position"}'
	)
	_round_trip("Resource", Sprite2D.new(), "texture", TEXTURE)
	var reference: String = '{"type": "ResourceRef", "path": "%s", "class": "RectangleShape2D"}' % FIXTURE_SHAPE
	_round_trip("ResourceRef", shape, "shape", reference)
	var fixture: Node = (load(FIXTURE_PATH) as PackedScene).instantiate()
	_check("ResourceRef is the live sub-resource", shape.shape == fixture.get_node("Shape").get("shape"), "")
	fixture.free()
	var rectangle: String = '{"type": "Vector2", "x": 12, "y": 34.5}'
	var built: String = '{"type": "NewResource", "class": "RectangleShape2D", "properties": {"size": %s}}' % rectangle
	_round_trip("NewResource", shape, "shape", built)
	var polygon: Polygon2D = Polygon2D.new()
	var outline: String = '{"type": "PackedVector2Array", "values": [[0, 0], [10.5, 0], [10.5, -4.25]]}'
	_round_trip("PackedVector2Array", polygon, "polygon", outline)
	_round_trip("PackedVector3Array", _holder, "points_3d", '{"type": "PackedVector3Array", "values": [[1, 2, 3]]}')
	var colours: String = '{"type": "PackedColorArray", "values": [[1, 0, 0, 1], [0, 0.5, 1, 0.25]]}'
	_round_trip("PackedColorArray", polygon, "vertex_colors", colours)
	_round_trip("LayerMask", StaticBody2D.new(), "collision_layer", '{"type": "LayerMask", "layers": [1, 3, 32]}')


func _more_round_trips() -> void:
	var stats: String = '{"max_health": 7, "tint": {"type": "Color", "r": 0.25, "g": 0.5, "b": 1, "a": 1}}'
	var script_class: String = '{"type": "NewResource", "class": "PlayerStats", "properties": %s}' % stats
	_round_trip("NewResource of a script class", _holder, "stats", script_class)
	var region: String = '{"type": "Rect2", "x": 0, "y": 0, "width": 16, "height": 8}'
	var atlas: String = '{"type": "NewResource", "class": "AtlasTexture", "properties": {"atlas": %s, "region": %s}}'
	_round_trip("NewResource holding a Resource", Sprite2D.new(), "texture", atlas % [TEXTURE, region])
	_round_trip("Node property by NodePath", _holder, "target", '{"type": "NodePath", "path": "Mover"}')
	_check("node resolved in the scene", _holder.target == _scene.get_node("Mover"), str(_holder.target))
	_round_trip("non-finite float", Node2D.new(), "rotation", '"inf"')
	_round_trip("Variant property keeps plain JSON", _holder, "anything", '{"a": [1, "b", null]}')


## Plain JSON read by the declared type: compares the value set, not the JSON.
func _plain_forms() -> void:
	var texture: Texture2D = load("res://textures/player.png")
	_plain("Vector2 from [x, y]", Node2D.new(), "position", "[1, 2]", Vector2(1, 2))
	_plain("Vector2 from {x, y}", Node2D.new(), "position", '{"x": 1, "y": 2}', Vector2(1, 2))
	_plain("Vector2i from a whole Vector2", _holder, "cell", '{"type": "Vector2", "x": 4, "y": 5}', Vector2i(4, 5))
	_plain("int from a JSON number", Node.new(), "process_priority", "3", 3)
	_plain("StringName from a string", Node.new(), "name", '"Hero"', &"Hero")
	_plain("Color from #rrggbb", Node2D.new(), "modulate", '"#ff8000"', Color("#ff8000"))
	_plain("enum from its name", _holder, "mode", '"Walk"', 5)
	_plain("layers from a list", StaticBody2D.new(), "collision_mask", "[2, 4]", 10)
	_plain("Array[Vector2] typed", _holder, "waypoints", '[[1, 2], {"x": 3, "y": 4}]', [Vector2(1, 2), Vector2(3, 4)])
	_check("Array[Vector2] is typed", _holder.waypoints.get_typed_builtin() == TYPE_VECTOR2, "")
	_plain("Dictionary[String, int] typed", _holder, "amounts", '{"a": 1, "b": 2}', {"a": 1, "b": 2})
	_plain("Resource from a res:// string", Sprite2D.new(), "texture", '"res://textures/player.png"', texture)
	_plain("Node from a path string", _holder, "target", '"Mover"', _scene.get_node("Mover"))
	_plain("Array[Texture2D] from paths", _holder, "textures", '["res://textures/player.png"]', [texture])
	_plain("Dictionary[int, Vector2] from string keys", _holder, "by_id", '{"3": [1, 2]}', {3: Vector2(1, 2)})
	_plain("Quaternion from Godot text", _holder, "turn", '"Quaternion(0, 0.6, 0, 0.8)"', Quaternion(0, 0.6, 0, 0.8))
	var uid: String = ResourceUID.id_to_text(ResourceLoader.get_resource_uid("res://textures/player.png"))
	_plain(
		"Resource from a uid:// path", Sprite2D.new(), "texture", '{"type": "Resource", "path": "%s"}' % uid, texture
	)
	var typed: Result = Coercion.from_json(JSON.parse_string('{"a": {"type": "Vector2", "x": 1, "y": 2}}'))
	_check("tags decode inside plain JSON", typed.succeeded() and typed.value == {"a": Vector2(1, 2)}, _text(typed))
	var kept: Result = Coercion.from_json(JSON.parse_string('{"kind": "x"}'), TYPE_DICTIONARY)
	_check("a Dictionary without type passes through", kept.succeeded() and kept.value == {"kind": "x"}, _text(kept))


func _rejections() -> void:
	var node: Node2D = _track(Node2D.new())
	_reject("reject unknown tag", node, "position", '{"type": "Vector9", "x": 1, "y": 2}', "INVALID_PARAMS")
	var thing: Result = Coercion.from_json(JSON.parse_string('{"type": "Thing"}'), TYPE_DICTIONARY)
	_check("reject unknown tag where a Dictionary is expected", thing.code == "INVALID_PARAMS", _text(thing))
	_reject("reject missing field", node, "position", '{"type": "Vector2", "x": 1}', "INVALID_PARAMS")
	_reject("reject extra field", node, "position", '{"type": "Vector2", "x": 1, "y": 2, "z": 3}', "INVALID_PARAMS")
	_reject("reject fractional Vector2i", _holder, "cell", '{"type": "Vector2i", "x": 1.5, "y": 2}', "INVALID_PARAMS")
	_reject(
		"reject layer 33",
		StaticBody2D.new(),
		"collision_layer",
		'{"type": "LayerMask", "layers": [33]}',
		"INVALID_PARAMS"
	)
	_reject(
		"reject mixed transform",
		node,
		"transform",
		'{"type": "Transform2D", "x": [1, 0], "rotation": 1}',
		"INVALID_PARAMS"
	)
	_reject("reject wrong type", node, "position", '{"type": "Vector3", "x": 1, "y": 2, "z": 3}', "TYPE_MISMATCH")
	_reject("reject string for int", node, "z_index", '"high"', "TYPE_MISMATCH")
	_reject("reject three numbers for Vector2", node, "position", "[1, 2, 3]", "TYPE_MISMATCH")
	var square: String = '{"type": "NewResource", "class": "RectangleShape2D"}'
	_reject("reject wrong resource class", Sprite2D.new(), "texture", square, "TYPE_MISMATCH")
	var circle: String = '{"type": "ResourceRef", "path": "%s", "class": "CircleShape2D"}' % FIXTURE_SHAPE
	_reject("reject wrong ResourceRef class", CollisionShape2D.new(), "shape", circle, "TYPE_MISMATCH")
	var escape: String = '{"type": "Resource", "path": "res://../../etc/passwd"}'
	_reject("reject path escape in Resource", Sprite2D.new(), "texture", escape, "PATH_DENIED")
	var absolute: String = '{"type": "Resource", "path": "/etc/passwd"}'
	_reject("reject absolute path in Resource", Sprite2D.new(), "texture", absolute, "PATH_DENIED")
	var addon: String = '{"type": "Resource", "path": "res://addons/godot_live_mcp/plugin.cfg"}'
	_reject("reject the addon folder", Sprite2D.new(), "texture", addon, "PATH_DENIED")
	var missing: String = '{"type": "Resource", "path": "res://textures/none.png"}'
	_reject("reject missing file", Sprite2D.new(), "texture", missing, "NOT_FOUND")
	var lost: String = '{"type": "ResourceRef", "path": "%s::Nope_1", "class": "Shape2D"}' % FIXTURE_PATH
	_reject("reject missing sub-resource", CollisionShape2D.new(), "shape", lost, "NOT_FOUND")
	_reject(
		"reject non-resource class in NewResource",
		null,
		"",
		'{"type": "NewResource", "class": "Node2D"}',
		"INVALID_PARAMS"
	)
	_reject(
		"reject abstract class in NewResource",
		null,
		"",
		'{"type": "NewResource", "class": "Shape2D"}',
		"INVALID_PARAMS"
	)
	var interface: String = '{"type": "NewResource", "class": "Texture2D"}'
	_reject("reject interface class in NewResource", Sprite2D.new(), "texture", interface, "INVALID_PARAMS")
	_reject("reject unknown class in NewResource", null, "", '{"type": "NewResource", "class": "Nope"}', "NOT_FOUND")
	_reject(
		"reject a script in NewResource", null, "", '{"type": "NewResource", "class": "GDScript"}', "INVALID_PARAMS"
	)
	var unknown: String = '{"type": "NewResource", "class": "RectangleShape2D", "properties": {"radius": 2}}'
	_reject("reject unknown property in NewResource", null, "", unknown, "NOT_FOUND")
	_reject("reject unknown property", node, "speed", "1", "NOT_FOUND")
	var answer: Result = Coercion.property_from_json(node, "speed", 1)
	_check(
		"unknown property hint names node_list_properties", answer.hint.contains("node_list_properties"), _text(answer)
	)
	var vector3: Variant = JSON.parse_string('{"type": "Vector3", "x": 1, "y": 2, "z": 3}')
	answer = Coercion.property_from_json(node, "position", vector3)
	var message: String = answer.message
	_check("mismatch names both types", message.contains("Vector2") and message.contains("Vector3"), message)


## to_json of every Variant type, and of awkward values, is JSON-safe and does not crash.
func _json_safety() -> void:
	var values: Array = []
	for kind: int in TYPE_MAX:
		values.append(type_convert(null, kind))
	var gone: Object = Object.new()
	gone.free()
	var plain: Object = Object.new()
	var looped: Array = [1]
	looped.append(looped)  # cut short at Coercion.MAX_DEPTH
	values.append_array([gone, plain, _holder, looped, {Vector2(1, 2): 3, 4: "four"}, INF, -INF, NAN, _initialize])
	values.append_array([PackedVector4Array([Vector4(1, 2, 3, 4)]), PackedFloat32Array([0.1]), Vector4i(1, 2, 3, 4)])
	var unsafe: PackedStringArray = []
	for value: Variant in values:
		var encoded: Variant = Coercion.to_json(value)
		if not _json_safe(encoded):
			unsafe.append("%s -> %s" % [type_string(typeof(value)), str(encoded)])
	looped.clear()
	plain.free()
	_check("to_json is JSON-safe for every Variant type", unsafe.is_empty(), "; ".join(unsafe))


func _round_trip(name: String, target: Object, property: String, text: String) -> void:
	var json: Variant = JSON.parse_string(text)
	var read: Result = Coercion.property_from_json(_track(target), property, json)
	if read.failed():
		_check(name, false, _text(read))
		return
	target.set(property, read.value)
	var back: Variant = JSON.parse_string(JSON.stringify(Coercion.property_to_json(target, property)))
	_check(name, _same(back, json), "sent %s, read back %s" % [text, JSON.stringify(back)])


func _plain(name: String, target: Object, property: String, text: String, expected: Variant) -> void:
	var read: Result = Coercion.property_from_json(_track(target), property, JSON.parse_string(text))
	if read.succeeded():
		target.set(property, read.value)
	var value: Variant = target.get(property)
	var fits: bool = read.succeeded() and typeof(value) == typeof(expected) and value == expected
	_check(name, fits, "got %s (%s)" % [str(value), _text(read)])


func _reject(name: String, target: Object, property: String, text: String, code: String) -> void:
	var json: Variant = JSON.parse_string(text)
	var read: Result = Coercion.from_json(json)
	if target != null:
		read = Coercion.property_from_json(_track(target), property, json)
	_check(name, read.code == code and read.message != "", _text(read))


func _text(read: Result) -> String:
	return "%s: %s" % [read.code, read.message] if read.failed() else "success " + str(read.value)


## Nodes made for one case and left outside the scene are freed at the end.
func _track(target: Object) -> Object:
	var node: Node = target as Node
	if node != null and node.get_parent() == null and node != _scene and not _loose_nodes.has(node):
		_loose_nodes.append(node)
	return target


func _check(name: String, passed: bool, detail: String) -> void:
	if passed:
		print("PASS ", name)
	else:
		_failures += 1
		print("FAIL %s: %s" % [name, detail])


## Equal as JSON: numbers by value (1 == 1.0), objects by keys, arrays in order.
func _same(first: Variant, second: Variant) -> bool:
	if (first is int or first is float) and (second is int or second is float):
		return float(first) == float(second)
	if typeof(first) != typeof(second):
		return false
	if first is Array:
		var items: Array = first
		var others: Array = second
		return (
			items.size() == others.size()
			and range(items.size()).all(func(i: int) -> bool: return _same(items[i], others[i]))
		)
	if first is Dictionary:
		var entries: Dictionary = first
		var others: Dictionary = second
		return (
			entries.size() == others.size()
			and entries.keys().all(func(k: Variant) -> bool: return others.has(k) and _same(entries[k], others[k]))
		)
	return first == second


func _json_safe(value: Variant) -> bool:
	if value is Array:
		return (value as Array).all(_json_safe)
	if value is Dictionary:
		var entries: Dictionary = value
		return entries.keys().all(func(k: Variant) -> bool: return k is String and _json_safe(entries[k]))
	if value is float:
		return is_finite(value)
	return typeof(value) in [TYPE_NIL, TYPE_BOOL, TYPE_INT, TYPE_STRING]
