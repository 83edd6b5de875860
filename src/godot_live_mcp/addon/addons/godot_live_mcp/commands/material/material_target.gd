@tool
extends RefCounted
## Where a material.* or shader-parameter tool acts: a material resource file (path; saved at once,
## undone in the global history) or a node's material slot in an open scene (one undo action in that
## scene's history). edit() runs one change the same way on either.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const SceneEdit := preload("res://addons/godot_live_mcp/authoring/scene_edit.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const ResourceDump := preload("res://addons/godot_live_mcp/authoring/resource_dump.gd")
const ResourceFile := preload("res://addons/godot_live_mcp/authoring/resource_file.gd")

const SLOTS: Array[String] = ["auto", "material_override", "material", "surface"]
## The arguments that name the material: a file, or a node's slot.
const ARGS := {
	"path": "string: A material resource file (res://, .tres). Pass this or node_path.",
	"node_path": "@node_path: A node whose material slot to use instead of a file.",
	"slot":
	(
		'enum(auto|material_override|material|surface)="auto": The node\'s slot: auto is material_override'
		+ " for 3D geometry, material for 2D and UI nodes; surface is a mesh surface override."
	),
	"surface": "integer[0..]=0: Surface index, for slot surface.",
	"scene": "@scene: res:// path of the open scene of node_path; the active scene when omitted.",
}
## What the tools report about the material.
const ROW := {
	"path": "string: The material file, when path was given.",
	"node_path": "string: The node, when node_path was given.",
	"slot": "string: The node's slot property, e.g. material_override or surface_material_override/0.",
	"type!": "string: The material's class.",
	"properties!": "object: Changed properties as JSON.",
	"undoable": "boolean: For files: whether editor_undo (global) reverts it.",
}


## INVALID_PARAMS unless exactly one of path and node_path is given.
static func require_one(params: CommandParams) -> Result:
	if params.has("path") == params.has("node_path"):
		return Result.fail(
			"INVALID_PARAMS",
			"Pass either path (a material file) or node_path (a node's material slot).",
			"material_get reads either."
		)
	return Result.of()


## The slot property of node params.slot names: material_override, material or
## surface_material_override/<n>; INVALID_PARAMS when the node has no such slot.
static func slot_of(node: Node, params: CommandParams) -> Result:
	var slot: String = params.text("slot") if params.has("slot") else "auto"
	if slot == "auto":
		slot = "material_override" if node is GeometryInstance3D else "material"
	var fits: bool = (
		(slot == "material_override" and node is GeometryInstance3D)
		or (slot == "material" and node is CanvasItem)
		or (slot == "surface" and node is MeshInstance3D)
	)
	if not fits:
		return Result.fail(
			"INVALID_PARAMS",
			"A %s has no '%s' material slot." % [node.get_class(), slot],
			"3D geometry: material_override or surface (MeshInstance3D); 2D and UI nodes: material."
		)
	if slot != "surface":
		return Result.of(slot)
	var count: int = (node as MeshInstance3D).get_surface_override_material_count()
	if params.integer("surface") >= count:
		return Result.fail(
			"INVALID_PARAMS",
			"Surface %d is out of range: the mesh has %d surface(s)." % [params.integer("surface"), count],
			"Give the MeshInstance3D a mesh first (spatial_add_mesh), or use slot material_override."
		)
	return Result.of("surface_material_override/%d" % params.integer("surface"))


## The material file at params.path, or INVALID_PARAMS / NOT_FOUND / LOAD_FAILED.
static func file_material(params: CommandParams) -> Result:
	return ProjectFiles.resource_at(params, PackedStringArray(["Material"]), "material_create")


## Runs change (func(material: Material) -> Result of {property: engine value}) on the target and
## applies its values as one undoable change named "MCP: <what> on <file or node>".
static func edit(params: CommandParams, what: String, change: Callable) -> Result:
	var one: Result = require_one(params)
	if one.failed():
		return one
	if params.has("node_path"):
		return await SceneEdit.edit(params.raw, _edit_slot.bind(params, what, change))
	var found: Result = file_material(params)
	if found.failed():
		return found
	var material: Material = found.value
	var values: Result = change.call(material)
	if values.failed():
		return values
	var saved: Result = await ResourceFile.save(
		"%s on %s" % [what, material.resource_path], material, values.value, material.resource_path
	)
	if saved.failed():
		return saved
	var row: Dictionary = row_of(material, PackedStringArray(values.value.keys()))
	row.merge({"path": material.resource_path, "undoable": saved.value})
	return Result.of(row)


static func _edit_slot(root: Node, params: CommandParams, what: String, change: Callable) -> Result:
	var found: Result = slot_material(root, params)
	if found.failed():
		return found
	var node: Node = found.value[0]
	var material: Material = found.value[2]
	var values: Result = change.call(material)
	if values.failed():
		return values
	var step: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("%s on %s" % [what, node.name], node)
	for name: String in values.value:
		step.do_property(material, name, values.value[name])
		step.undo_property(material, name, material.get(name))
	step.commit()
	var row: Dictionary = row_of(material, PackedStringArray(values.value.keys()))
	row.merge({"node_path": NodeLookup.path_of(root, node), "slot": found.value[1]})
	return Result.of(row)


## [node, slot property, material] for params' node slot; NOT_FOUND when the slot is empty.
static func slot_material(root: Node, params: CommandParams) -> Result:
	var found: Result = NodeLookup.require(root, params.text("node_path"))
	if found.failed():
		return found
	var node: Node = found.value
	var slot: Result = slot_of(node, params)
	if slot.failed():
		return slot
	var material: Material = node.get(slot.value) as Material
	if material == null:
		return Result.fail(
			"NOT_FOUND",
			"'%s' has no material in its %s slot." % [params.text("node_path"), slot.value],
			"material_create with node_path gives it one."
		)
	return Result.of([node, slot.value, material])


## type and the JSON values of names.
static func row_of(material: Material, names: PackedStringArray) -> Dictionary:
	return {"type": material.get_class(), "properties": ResourceDump.properties(material, names)}
