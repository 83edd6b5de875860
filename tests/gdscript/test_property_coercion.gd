extends "unit_test.gd"
## Coercion into the declared type of an object's property (property_from_json).

const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")

const MATERIAL_PATH := "res://unit_tmp/flash_mat.tres"


func test_a_property_with_several_resource_classes_takes_any_of_them() -> void:
	DirAccess.make_dir_recursive_absolute("res://unit_tmp")
	ResourceSaver.save(ShaderMaterial.new(), MATERIAL_PATH)
	var sprite: Sprite2D = made(Sprite2D.new())
	var saved: Variant = value_of(
		Coercion.property_from_json(sprite, "material", {"type": "Resource", "path": MATERIAL_PATH})
	)
	check(saved is ShaderMaterial, "a saved ShaderMaterial, got %s" % [saved])
	var inline: Variant = value_of(
		Coercion.property_from_json(sprite, "material", {"type": "NewResource", "class": "ShaderMaterial"})
	)
	check(inline is ShaderMaterial, "a new ShaderMaterial")
	var canvas: Variant = value_of(
		Coercion.property_from_json(sprite, "material", {"type": "NewResource", "class": "CanvasItemMaterial"})
	)
	check(canvas is CanvasItemMaterial, "a new CanvasItemMaterial")
	var particles: GPUParticles2D = made(GPUParticles2D.new())
	var process: Variant = value_of(
		Coercion.property_from_json(particles, "process_material", {"type": "Resource", "path": MATERIAL_PATH})
	)
	check(process is ShaderMaterial, "process_material")
	DirAccess.remove_absolute(MATERIAL_PATH)


func test_a_class_outside_the_list_is_refused_naming_each_class() -> void:
	var sprite: Sprite2D = made(Sprite2D.new())
	var wrong: Dictionary = {"type": "NewResource", "class": "StandardMaterial3D"}
	var message: String = failure_of(Coercion.property_from_json(sprite, "material", wrong), "TYPE_MISMATCH", "3D")
	has_text(message, "Expected a CanvasItemMaterial or ShaderMaterial, got a StandardMaterial3D", "message")


func test_a_failure_names_its_property_once() -> void:
	var node: Node2D = made(Node2D.new())
	var read: Result = Coercion.property_from_json(node, "position", "left")
	var message: String = failure_of(read, "TYPE_MISMATCH", "position")
	check(message.begins_with("Property 'position': "), message)
	equal(message.count("'position'"), 1, "named once: " + message)
	equal(read.within("Property 'position'").message, message, "a caller's place is not added again")


func test_a_nested_failure_names_each_level_once() -> void:
	var shape: CollisionShape2D = made(CollisionShape2D.new())
	var json: Dictionary = {"type": "NewResource", "class": "RectangleShape2D", "properties": {"size": "big"}}
	var message: String = failure_of(Coercion.property_from_json(shape, "shape", json), "TYPE_MISMATCH", "")
	equal(message.count("Property 'shape'"), 1, message)
	equal(message.count("Property 'size'"), 1, message)
	has_text(message, "NewResource RectangleShape2D", "the resource level")


func test_an_unknown_property_is_not_found_with_a_hint() -> void:
	var node: Node2D = made(Node2D.new())
	var read: Result = Coercion.property_from_json(node, "speed", 1)
	failure_of(read, "NOT_FOUND", "speed")
	has_text(read.hint, "node_list_properties", "hint")


func test_nodes_are_read_by_path_in_their_scene() -> void:
	var root: Node2D = made(Node2D.new())
	var camera: RemoteTransform2D = RemoteTransform2D.new()
	var target: Node2D = Node2D.new()
	target.name = "Target"
	for child: Node in [camera, target]:
		root.add_child(child)
		child.owner = root
	equal(value_of(Coercion.property_from_json(camera, "remote_path", "../Target")), NodePath("../Target"), "NodePath")
	var missing: Result = Coercion.from_json("Target", TYPE_OBJECT, PROPERTY_HINT_NODE_TYPE, "Node2D")
	has_text(failure_of(missing, "TYPE_MISMATCH", "no base"), "is a node", "without a node to read it in")


func test_a_typed_array_property_keeps_its_type() -> void:
	var line: Line2D = made(Line2D.new())
	var points: Variant = value_of(Coercion.property_from_json(line, "points", [[0, 0], {"x": 3, "y": 4}]))
	equal(points, PackedVector2Array([Vector2(0, 0), Vector2(3, 4)]), "points")


func test_read_back_as_json() -> void:
	var body: StaticBody2D = made(StaticBody2D.new())
	body.collision_layer = 5
	equal(Coercion.property_to_json(body, "collision_layer"), {"type": "LayerMask", "layers": [1, 3]}, "layers")
	var sprite: Sprite2D = made(Sprite2D.new())
	sprite.material = ShaderMaterial.new()
	var written: Dictionary = Coercion.property_to_json(sprite, "material")
	equal([written["type"], written["class"]], ["NewResource", "ShaderMaterial"], "an inline material")
