@tool
extends RefCounted
## Where a node of the running game shows on screen, in pixels of the root viewport's image
## (export-clean): a Control's rectangle, a 2D node's drawn rectangle (sprites, shapes, polygons),
## a 3D node's box as the camera sees it; a node without one of its own covers its children's.

## Descendants looked at, at most, for a node without a rectangle of its own.
const MAX_NODES := 256


## The node's rectangle on screen (no area when it has none that shows).
static func of(node: Node) -> Rect2:
	var budget: Array[int] = [MAX_NODES]
	return _covering(node, budget)


static func _covering(node: Node, budget: Array[int]) -> Rect2:
	budget[0] -= 1
	var own: Rect2 = _own(node)
	if own.has_area() or budget[0] <= 0:
		return own
	var covered: Rect2 = Rect2()
	for child: Node in node.get_children():
		if budget[0] <= 0:
			break
		var part: Rect2 = _covering(child, budget)
		if part.has_area():
			covered = part if not covered.has_area() else covered.merge(part)
	return covered


static func _own(node: Node) -> Rect2:
	if node is CanvasItem:
		var item: CanvasItem = node as CanvasItem
		var local: Rect2 = local_rect_2d(item) if item.is_visible_in_tree() else Rect2()
		if not local.has_area():
			return Rect2()
		return item.get_viewport().get_final_transform() * item.get_global_transform_with_canvas() * local
	if node is VisualInstance3D:
		return _projected(node as VisualInstance3D)
	return Rect2()


## The rectangle a 2D node draws in its own coordinates.
static func local_rect_2d(item: CanvasItem) -> Rect2:
	if item is Control:
		return Rect2(Vector2.ZERO, (item as Control).size)
	if item is CollisionShape2D and (item as CollisionShape2D).shape != null:
		return (item as CollisionShape2D).shape.get_rect()
	if item is Polygon2D and not (item as Polygon2D).polygon.is_empty():
		return _bounds((item as Polygon2D).polygon)
	if item.has_method("get_rect"):  # Sprite2D, and any node that says what it draws
		var drawn: Variant = item.call("get_rect")
		return drawn if drawn is Rect2 else Rect2()
	return Rect2()


static func _bounds(points: PackedVector2Array) -> Rect2:
	var box: Rect2 = Rect2(points[0], Vector2.ZERO)
	for point: Vector2 in points:
		box = box.expand(point)
	return box


## The screen rectangle of a 3D node's box, when the current camera sees all of it in front.
static func _projected(visual: VisualInstance3D) -> Rect2:
	var camera: Camera3D = visual.get_viewport().get_camera_3d()
	if camera == null:
		return Rect2()
	var box: AABB = visual.global_transform * visual.get_aabb()
	var points: PackedVector2Array = PackedVector2Array()
	for corner: int in 8:
		var point: Vector3 = box.get_endpoint(corner)
		if camera.is_position_behind(point):
			return Rect2()
		points.append(camera.unproject_position(point))
	return visual.get_viewport().get_final_transform() * _bounds(points)
