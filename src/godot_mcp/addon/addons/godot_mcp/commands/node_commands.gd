@tool
extends RefCounted
## node.create, node.delete, node.duplicate: adding and removing nodes of an open scene, each one
## undo action in that scene's history.

const S := preload("res://addons/godot_mcp/contract/json_schema.gd")
const SceneEdit := preload("res://addons/godot_mcp/authoring/scene_edit.gd")
const SceneWalk := preload("res://addons/godot_mcp/authoring/scene_walk.gd")
const NodeLookup := preload("res://addons/godot_mcp/authoring/node_lookup.gd")
const NodeSubtree := preload("res://addons/godot_mcp/authoring/node_subtree.gd")
const NodeClasses := preload("res://addons/godot_mcp/authoring/node_classes.gd")
const NodeNames := preload("res://addons/godot_mcp/authoring/node_names.gd")
const PropertyInput := preload("res://addons/godot_mcp/authoring/property_input.gd")
const IfExists := preload("res://addons/godot_mcp/authoring/if_exists.gd")

const GROUP := "node"
const GROUP_TEXT := "Nodes of an open scene: create, delete, move, rename, duplicate, properties, groups, selection."
const KEYWORDS: Array[String] = ["node", "child", "property", "group", "selection", "reparent"]


static func register(registry: MCPToolkitCommandRegistry) -> void:
	(
		registry
		. add(
			"node.create",
			create,
			(
				options(
					(
						"Add a new node (engine class or script class_name) under a parent in an open scene, optionally"
						+ " setting properties at once (values as JSON; vectors, colors, resources as tagged objects)."
					),
					{
						"class_name": S.string("Class of the new node, e.g. 'Sprite2D', or a script class_name."),
						"parent": S.node_path("Path of the parent node ('.' is the scene root)."),
						"name": S.string("Name of the new node; defaults to its class name."),
						"properties": S.object({}, [], true),
						"if_exists": S.if_exists(),
						"scene": S.scene(),
					},
					["class_name"]
				)
				. with_output_schema(_node_schema(true))
			)
		)
	)
	registry.add(
		"node.delete",
		delete,
		(
			options(
				"Delete a node and its children from an open scene (undoable with editor_undo).",
				{"node_path": S.node_path(), "scene": S.scene()},
				["node_path"]
			)
			. with_output_schema(S.object({"scene": S.string(), "deleted": S.string()}, ["deleted"], true))
			. mark_destructive()
		)
	)
	registry.add(
		"node.duplicate",
		duplicate,
		(
			options(
				"Copy a node with its children, scripts, groups and signal connections; the copy goes right after it.",
				{
					"node_path": S.node_path(),
					"name": S.string("Name of the copy; defaults to a unique one."),
					"scene": S.scene()
				},
				["node_path"]
			)
			. with_output_schema(_node_schema(false))
		)
	)


## Options every node.* command starts from: description, input schema, group, guarded `scene`.
static func options(description: String, params: Dictionary, required: Array = []) -> MCPToolkitCommandOptions:
	return (
		MCPToolkitCommandOptions
		. new()
		. with_description(description)
		. with_input_schema(S.object(params, required))
		. with_group(GROUP, GROUP_TEXT, KEYWORDS)
		. guard_project_path("scene")
	)


## The node at path, or a failure envelope: NOT_FOUND, or INVALID_OPERATION when the node is not
## stored by this scene (it lives inside an instanced scene) and own_only is set.
static func resolve(root: Node, path: String, own_only: bool, verb: String) -> Variant:
	var node: Node = NodeLookup.find(root, path)
	if node == null:
		return NodeLookup.not_found(root, path)
	if own_only and not NodeSubtree.is_own(node, root):
		return MCPToolkitError.fail(
			"INVALID_OPERATION",
			(
				"Cannot %s '%s': it belongs to the instanced scene %s, not to %s."
				% [verb, path, node.owner.scene_file_path, root.scene_file_path]
			),
			"Open that scene with scene_open to change its structure."
		)
	var base: String = NodeSubtree.inherited_from(node, root) if own_only else ""
	if base != "":
		return MCPToolkitError.fail(
			"INVALID_OPERATION",
			"Cannot %s '%s': %s inherits it from %s." % [verb, path, root.scene_file_path, base],
			"Change the structure in %s (scene_open); here you can still set its properties." % base
		)
	return node


static func create(params: Dictionary) -> Dictionary:
	var kind: String = str(params.get("class_name", ""))
	var refused: Dictionary = NodeClasses.check(kind)
	if refused.is_empty():
		refused = NodeNames.problem(str(params.get("name", "")), "name", true)
	if refused.is_empty() and IfExists.policy(params) == "":
		refused = IfExists.invalid(params)
	if not refused.is_empty():
		return refused
	return await SceneEdit.run(params, _create_in.bind(params))


static func delete(params: Dictionary) -> Dictionary:
	return await SceneEdit.run(params, _delete_in.bind(str(params.get("node_path", ""))))


static func duplicate(params: Dictionary) -> Dictionary:
	var refused: Dictionary = NodeNames.problem(str(params.get("name", "")), "name", true)
	if not refused.is_empty():
		return refused
	return await SceneEdit.run(params, _duplicate_in.bind(params))


static func _create_in(root: Node, params: Dictionary) -> Dictionary:
	return place_new(root, params, _make_node.bind(str(params["class_name"])))


## Adds a node made by make (a Callable returning a fresh Node with its default name) under
## params.parent, honouring params.name, if_exists and properties, as one undo action; editable
## marks an instanced scene's children editable. Nothing is left behind when it refuses.
static func place_new(root: Node, params: Dictionary, make: Callable, editable: bool = false) -> Dictionary:
	var parent_path: String = str(params.get("parent", "."))
	var found: Variant = resolve(root, parent_path, false, "add a child to")
	if found is Dictionary:
		return found
	var parent: Node = found
	if not SceneWalk.shows(root, parent):
		return _hidden_parent(root, parent_path)
	var wanted: String = str(params.get("name", ""))
	var existing: Node = NodeNames.taken_under(parent, wanted) if wanted != "" else null
	var policy: String = IfExists.policy(params)
	if existing != null and policy != IfExists.REPLACE:
		return IfExists.existing(policy, "A node '%s' under '%s'" % [wanted, parent_path], _row(root, existing))
	var node: Node = make.call()
	if wanted != "":
		node.name = wanted
	var values: Dictionary = PropertyInput.coerce_all(node, params.get("properties", {}))
	if not values["ok"]:
		node.free()
		return values["error"]
	var action: MCPToolkitUndoRedoAction = _record_create(root, parent, node, existing, values["values"])
	if editable:
		action.do_method(root.set_editable_instance.bind(node, true))
		action.undo_method(root.set_editable_instance.bind(node, false))
	action.commit()
	var row: Dictionary = _row(root, node)
	row["status"] = "replaced" if existing != null else "created"
	return MCPToolkitSuccess.ok(row)


static func _make_node(kind: String) -> Node:
	var node: Node = NodeClasses.instantiate(kind)
	node.name = kind.validate_node_name()
	return node


## The create action, not yet committed: replace the node in the way (if any), add node at its
## place, set the coerced values; undo reverses it in the opposite order.
static func _record_create(
	root: Node, parent: Node, node: Node, existing: Node, values: Dictionary
) -> MCPToolkitUndoRedoAction:
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("create %s" % node.name, parent)
	var index: int = existing.get_index() if existing != null else parent.get_child_count()
	var replaced: Array[Node] = []
	if existing != null:
		replaced = NodeSubtree.owned(existing, root)
		action.do_method(parent.remove_child.bind(existing))
	NodeSubtree.do_add(action, parent, node, index, root, [node])
	for property: String in values:
		action.do_property(node, property, values[property])
	action.undo_method(parent.remove_child.bind(node))
	if existing != null:
		NodeSubtree.undo_remove(action, parent, existing, index, root, replaced)
	return action


static func _delete_in(root: Node, node_path: String) -> Dictionary:
	var found: Variant = resolve(root, node_path, true, "delete")
	if found is Dictionary:
		return found
	var node: Node = found
	if node == root:
		return MCPToolkitError.fail(
			"INVALID_OPERATION", "Cannot delete the scene's root node.", "Close the scene with scene_close instead."
		)
	var parent: Node = node.get_parent()
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("delete %s" % node.name, parent)
	NodeSubtree.record_remove(action, parent, node, node.get_index(), root, NodeSubtree.owned(node, root))
	var deleted: String = NodeLookup.path_of(root, node)
	action.commit()
	return MCPToolkitSuccess.ok({"deleted": deleted})


static func _duplicate_in(root: Node, params: Dictionary) -> Dictionary:
	var node_path: String = str(params.get("node_path", ""))
	var found: Variant = resolve(root, node_path, true, "duplicate")
	if found is Dictionary:
		return found
	var node: Node = found
	if node == root:
		return MCPToolkitError.fail("INVALID_OPERATION", "Cannot duplicate the scene's root node: it has no siblings.")
	var parent: Node = node.get_parent()
	var wanted: String = str(params.get("name", ""))
	if wanted != "" and NodeNames.taken_under(parent, wanted) != null:
		return MCPToolkitError.fail(
			"ALREADY_EXISTS", "'%s' already has a child named '%s'." % [NodeLookup.path_of(root, parent), wanted]
		)
	var copy: Node = node.duplicate()
	copy.name = wanted if wanted != "" else str(node.name)
	var action: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("duplicate %s" % node.name, parent)
	NodeSubtree.record_add(action, parent, copy, node.get_index() + 1, root, _copied_own_nodes(node, copy, root))
	action.commit()
	return MCPToolkitSuccess.ok(_row(root, copy))


## The nodes of copy that correspond to the nodes of original the scene stores (same relative paths).
static func _copied_own_nodes(original: Node, copy: Node, root: Node) -> Array[Node]:
	var nodes: Array[Node] = [copy]
	for own: Node in NodeSubtree.owned(original, root).slice(1):
		var twin: Node = copy.get_node_or_null(original.get_path_to(own))
		if twin != null:
			nodes.append(twin)
	return nodes


static func _hidden_parent(root: Node, parent_path: String) -> Dictionary:
	return MCPToolkitError.fail(
		"INVALID_OPERATION",
		(
			"'%s' is inside an instanced scene of %s whose children are not editable."
			% [parent_path, root.scene_file_path]
		),
		"Add the node to that scene instead (scene_open), or instance it with editable_children."
	)


static func _row(root: Node, node: Node) -> Dictionary:
	return {"node_path": NodeLookup.path_of(root, node), "name": str(node.name), "type": node.get_class()}


static func _node_schema(with_status: bool) -> Dictionary:
	var fields: Dictionary = {
		"scene": S.string("The scene the node is in."),
		"node_path": S.string("Path of the node relative to the scene root."),
		"name": S.string(),
		"type": S.string(),
	}
	if with_status:
		fields["status"] = S.create_status()
	return S.object(fields, ["node_path", "status"] if with_status else ["node_path"], true)
