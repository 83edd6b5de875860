@tool
extends RefCounted
## physics.fit_shape: a collision shape sized from a sprite or mesh, added under a physics body as one
## undo step in the scene's history.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const NodeNames := preload("res://addons/godot_live_mcp/authoring/node_names.gd")
const NodeSubtree := preload("res://addons/godot_live_mcp/authoring/node_subtree.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const ShapeFit := preload("res://addons/godot_live_mcp/commands/physics/shape_fit.gd")

const GROUP := "physics"
const DEFAULTS := {"guard": ["scene"]}
const COMMANDS := {
	"physics.fit_shape":
	{
		"text":
		(
			"Add a CollisionShape2D/3D sized to a Sprite2D/AnimatedSprite2D's rect (texture, frames, scale)"
			+ " or a MeshInstance3D's bounds, under a physics body (the sprite's parent by default)."
		),
		"args":
		[
			{
				"scene": "@scene",
				"source!": "@node_path: The Sprite2D, AnimatedSprite2D or MeshInstance3D to fit.",
				"body": "@node_path: The CollisionObject2D/3D that gets the shape; the source's parent when omitted.",
			},
			{
				"shape":
				(
					"enum(rectangle|circle|capsule|box|sphere|convex|trimesh): 2D: rectangle (default), circle"
					+ " (fits the shorter side), capsule; 3D: box (default), sphere, capsule, convex, trimesh."
				),
				"name": "string: Name of the new shape node; CollisionShape2D/3D when omitted.",
				"if_exists": "@if_exists",
			},
		],
		"returns":
		[
			{"scene!": "string", "node_path!": "string: The shape node.", "shape!": "string: The Shape class."},
			{"size!": "object: The shape's size properties (size, radius, height) as typed JSON."},
			{"status!": "@create_status"},
		],
		"target": "scene",
	},
}
const SIZE_PROPERTIES: Array[String] = ["size", "radius", "height"]


static func fit_shape(params: CommandParams, target: CommandTarget) -> Result:
	var root: Node = target.root
	var policy: Result = IfExists.read(params)
	var found: Result = NodeLookup.require(root, params.text("source")) if policy.succeeded() else policy
	if found.failed():
		return found
	var source: Node = found.value
	var is_2d: bool = source is Sprite2D or source is AnimatedSprite2D
	if not is_2d and not source is MeshInstance3D:
		return Result.fail(
			"INVALID_PARAMS",
			(
				"'%s' is a %s; a shape is fitted to a Sprite2D, AnimatedSprite2D or MeshInstance3D."
				% [params.text("source"), source.get_class()]
			),
			"Pass the sprite or mesh node as source, or add a shape with node_create."
		)
	var body: Result = _body(root, params, source, is_2d)
	var made: Result = _shape_node(params.text("shape"), source, body.value, is_2d) if body.succeeded() else body
	if made.failed():
		return made
	return _place(root, body.value, made.value, params, policy.value)


## The body params name (or the source's parent), which must be a CollisionObject of the source's dimension.
static func _body(root: Node, params: CommandParams, source: Node, is_2d: bool) -> Result:
	var body: Node = source.get_parent()
	if params.has("body"):
		var found: Result = NodeLookup.require(root, params.text("body"), true, "add a shape under")
		if found.failed():
			return found
		body = found.value
	var fits: bool = body is CollisionObject2D if is_2d else body is CollisionObject3D
	if fits:
		return Result.of(body)
	var wanted: String = "CollisionObject2D (StaticBody2D, Area2D...)" if is_2d else "CollisionObject3D"
	var named: String = params.text("body") if params.has("body") else "the source's parent"
	return Result.fail(
		"INVALID_PARAMS",
		"%s is not a %s." % [named, wanted],
		"Pass body: the path of the physics body that gets the shape (node_create adds one)."
	)


static func _shape_node(kind: String, source: Node, body: Node, is_2d: bool) -> Result:
	var allowed: Array[String] = ShapeFit.SHAPES_2D if is_2d else ShapeFit.SHAPES_3D
	if kind == "":
		kind = allowed[0]
	if not kind in allowed:
		return Result.fail(
			"INVALID_PARAMS",
			"Shape '%s' does not fit a %s node." % [kind, "2D" if is_2d else "3D"],
			"Use one of: %s." % ", ".join(allowed)
		)
	if not is_2d:
		return ShapeFit.shape_3d(kind, source, body)
	var rect: Result = ShapeFit.sprite_rect(source)
	if rect.failed():
		return rect
	return Result.of(ShapeFit.shape_2d(kind, source, rect.value, body))


## Adds shape under body (replacing a same-named child when asked) as one undo action.
static func _place(root: Node, body: Node, shape: Node, params: CommandParams, policy: String) -> Result:
	var wanted: String = params.text("name") if params.has("name") else shape.get_class()
	var checked: Result = NodeNames.check(wanted, "name")
	if checked.failed():
		shape.free()
		return checked
	shape.name = wanted
	var existing: Node = NodeNames.taken_under(body, wanted)
	if existing != null and policy != IfExists.REPLACE:
		shape.free()
		return IfExists.answer(policy, "A node '%s' under '%s'" % [wanted, body.name], _row(root, existing, "returned"))
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(
		"Fit %s to '%s'" % [wanted, params.text("source").get_file()], body
	)
	var index: int = existing.get_index() if existing != null else body.get_child_count()
	if existing != null:
		action.do_method(body.remove_child.bind(existing))
	NodeSubtree.record_add(action, body, shape, index, root, [shape])
	if existing != null:
		NodeSubtree.undo_remove(action, body, existing, index, root, NodeSubtree.owned(existing, root))
	action.commit()
	return Result.of(_row(root, shape, "replaced" if existing != null else "created"))


static func _row(root: Node, node: Node, status: String) -> Dictionary:
	var shape: Resource = node.get("shape") as Resource
	var size: Dictionary = {}
	for property: String in SIZE_PROPERTIES:
		if shape != null and property in shape:
			size[property] = Coercion.to_json(shape.get(property))
	return {
		"node_path": NodeLookup.path_of(root, node),
		"shape": shape.get_class() if shape != null else "",
		"size": size,
		"status": status,
	}
