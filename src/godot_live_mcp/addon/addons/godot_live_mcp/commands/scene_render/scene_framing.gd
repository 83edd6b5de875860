@tool
extends RefCounted
## How a scene rendered without playing is seen: through its own current camera, or a camera this
## adds that frames its contents (2D: what its canvas items draw, outside canvas layers; 3D: the
## boxes of its visual instances, lit by a sun when the scene has no light of its own).

const ScreenRect := preload("res://addons/godot_live_mcp/runtime/screen_rect.gd")

## Nodes looked at, at most, for the bounds of a scene's contents.
const MAX_NODES := 4096
## Room left around the framed contents.
const MARGIN := 1.1
## Where a framing camera looks from (towards the contents' centre): front, right, above.
const VIEW_DIRECTION := Vector3(0.6, 0.5, 1.0)


## Sets up the view of scene (in the tree, its viewport sized) and says how it is seen:
## {view: "camera"|"framing", camera: path of the camera from scene, "" for a framing}.
static func apply(scene: Node, framing_wanted: bool) -> Dictionary:
	var viewport: Viewport = scene.get_viewport()
	var is_3d: bool = _has_3d(scene)
	var own: Node = viewport.get_camera_3d() if is_3d else viewport.get_camera_2d()
	if own != null and not framing_wanted:
		return {"view": "camera", "camera": str(scene.get_path_to(own)) if own != scene else "."}
	if is_3d:
		_frame_3d(scene)
	else:
		_frame_2d(scene)
	return {"view": "framing", "camera": ""}


static func _has_3d(scene: Node) -> bool:
	return scene is Node3D or not scene.find_children("*", "VisualInstance3D", true, false).is_empty()


static func _frame_2d(scene: Node) -> void:
	var bounds: Rect2 = Rect2()
	for item: Node in _nodes(scene):
		if not item is CanvasItem or (item as CanvasItem).get_canvas_layer_node() != null:
			continue
		var local: Rect2 = ScreenRect.local_rect_2d(item as CanvasItem)
		if local.has_area() and (item as CanvasItem).is_visible_in_tree():
			var drawn: Rect2 = (item as CanvasItem).get_global_transform() * local
			bounds = drawn if not bounds.has_area() else bounds.merge(drawn)
	var camera: Camera2D = Camera2D.new()
	camera.process_mode = Node.PROCESS_MODE_ALWAYS  # the tree is paused: it must still follow its position
	scene.add_child(camera)
	if bounds.has_area():
		var size: Vector2 = Vector2(scene.get_viewport().get_visible_rect().size)
		var zoom: float = minf(size.x / bounds.size.x, size.y / bounds.size.y) / MARGIN
		camera.global_position = bounds.get_center()
		camera.zoom = Vector2(zoom, zoom)
	camera.make_current()


static func _frame_3d(scene: Node) -> void:
	var bounds: AABB = AABB()
	var lit: bool = false
	for node: Node in _nodes(scene):
		lit = lit or (node is Light3D and (node as Light3D).is_visible_in_tree())
		if node is VisualInstance3D and not node is Light3D and (node as VisualInstance3D).is_visible_in_tree():
			var box: AABB = (node as VisualInstance3D).global_transform * (node as VisualInstance3D).get_aabb()
			bounds = box if bounds.size == Vector3.ZERO else bounds.merge(box)
	var camera: Camera3D = Camera3D.new()
	scene.add_child(camera)
	var radius: float = maxf(bounds.size.length() / 2.0, 0.5)
	var distance: float = radius * MARGIN / sin(deg_to_rad(camera.fov) / 2.0)
	var centre: Vector3 = bounds.get_center()
	camera.look_at_from_position(centre + VIEW_DIRECTION.normalized() * distance, centre)
	camera.far = maxf(camera.far, distance + radius * 2.0)
	camera.make_current()
	if not lit:
		var sun: DirectionalLight3D = DirectionalLight3D.new()
		scene.add_child(sun)
		sun.look_at_from_position(Vector3.ZERO, Vector3(-0.4, -1.0, -0.6))


static func _nodes(scene: Node) -> Array[Node]:
	var found: Array[Node] = [scene]
	found.append_array(scene.find_children("*", "", true, false).slice(0, MAX_NODES))
	return found
