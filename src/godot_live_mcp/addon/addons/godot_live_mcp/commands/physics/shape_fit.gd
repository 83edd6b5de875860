@tool
extends RefCounted
## Collision shapes sized from what a node shows: a sprite's rect (2D) or a mesh's bounding box (3D),
## placed in the coordinates of the body the shape goes under. Scale is baked into the shape's size
## (physics dislikes scaled shapes), except for convex and trimesh shapes, which keep the mesh's transform.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

const SHAPES_2D: Array[String] = ["rectangle", "circle", "capsule"]
const SHAPES_3D: Array[String] = ["box", "sphere", "capsule", "convex", "trimesh"]


## The visible rect of a Sprite2D or AnimatedSprite2D in its own coordinates; INVALID_STATE without a texture.
static func sprite_rect(sprite: Node2D) -> Result:
	if sprite is Sprite2D:
		var still: Sprite2D = sprite
		if still.texture == null:
			return _no_picture(sprite, "texture")
		return Result.of(still.get_rect())
	var animated: AnimatedSprite2D = sprite
	var frames: SpriteFrames = animated.sprite_frames
	var texture: Texture2D = null
	if frames != null and frames.has_animation(animated.animation):
		if animated.frame < frames.get_frame_count(animated.animation):
			texture = frames.get_frame_texture(animated.animation, animated.frame)
	if texture == null:
		return _no_picture(sprite, "sprite_frames")
	var size: Vector2 = texture.get_size()
	var corner: Vector2 = animated.offset - (size / 2.0 if animated.centered else Vector2.ZERO)
	return Result.of(Rect2(corner, size))


## A CollisionShape2D covering rect (in sprite's coordinates), placed relative to body.
static func shape_2d(kind: String, sprite: Node2D, rect: Rect2, body: Node2D) -> CollisionShape2D:
	var relative: Transform2D = body.global_transform.affine_inverse() * sprite.global_transform
	var scale: Vector2 = relative.get_scale().abs()
	var size: Vector2 = rect.size * scale
	var node: CollisionShape2D = CollisionShape2D.new()
	node.position = relative * rect.get_center()
	node.rotation = relative.get_rotation()
	match kind:
		"circle":
			var circle: CircleShape2D = CircleShape2D.new()
			circle.radius = minf(size.x, size.y) / 2.0
			node.shape = circle
		"capsule":
			var capsule: CapsuleShape2D = CapsuleShape2D.new()
			capsule.radius = minf(size.x, size.y) / 2.0
			capsule.height = maxf(size.x, size.y)
			node.shape = capsule
			if size.x > size.y:
				node.rotation += PI / 2.0  # a capsule stands upright; lay it down along the wider side
		_:
			var rectangle: RectangleShape2D = RectangleShape2D.new()
			rectangle.size = size
			node.shape = rectangle
	return node


## A CollisionShape3D fitted to the mesh of mesh_node, placed relative to body; INVALID_STATE without a mesh.
static func shape_3d(kind: String, mesh_node: MeshInstance3D, body: Node3D) -> Result:
	var mesh: Mesh = mesh_node.mesh
	if mesh == null:
		return _no_picture(mesh_node, "mesh")
	var relative: Transform3D = body.global_transform.affine_inverse() * mesh_node.global_transform
	var node: CollisionShape3D = CollisionShape3D.new()
	if kind == "convex" or kind == "trimesh":
		node.shape = mesh.create_convex_shape(true, false) if kind == "convex" else mesh.create_trimesh_shape()
		node.transform = relative
		return Result.of(node)
	var box: AABB = mesh.get_aabb()
	var size: Vector3 = box.size * relative.basis.get_scale().abs()
	node.transform = Transform3D(relative.basis.orthonormalized(), relative * box.get_center())
	node.shape = _primitive_3d(kind, size)
	return Result.of(node)


static func _primitive_3d(kind: String, size: Vector3) -> Shape3D:
	match kind:
		"sphere":
			var sphere: SphereShape3D = SphereShape3D.new()
			sphere.radius = maxf(size.x, maxf(size.y, size.z)) / 2.0
			return sphere
		"capsule":
			var capsule: CapsuleShape3D = CapsuleShape3D.new()
			capsule.radius = maxf(size.x, size.z) / 2.0
			capsule.height = maxf(size.y, capsule.radius * 2.0)
			return capsule
	var box: BoxShape3D = BoxShape3D.new()
	box.size = size
	return box


static func _no_picture(node: Node, property: String) -> Result:
	return Result.fail(
		"INVALID_STATE",
		"'%s' (%s) has no %s to size a shape from." % [node.name, node.get_class(), property],
		"Set its %s first (node_set_property), or add the shape with node_create." % property
	)
