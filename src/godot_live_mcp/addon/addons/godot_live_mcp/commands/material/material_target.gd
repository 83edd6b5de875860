@tool
extends RefCounted
## Where a material.* or shader-parameter tool acts: a material resource file (path; saved at once,
## undone in the global history) or a node's material slot in an open scene (one undo action in that
## scene's history). edit() runs one change the same way on either.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const ResourceDump := preload("res://addons/godot_live_mcp/authoring/resource_dump.gd")
const ResourceFile := preload("res://addons/godot_live_mcp/authoring/resource_file.gd")

const SLOTS: Array[String] = ["auto", "material_override", "material", "surface"]
## The target word of the tools that take a material file or a node's slot.
const TARGET := "resource:Material or node by material_create"
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


## Runs change (func(material: Material) -> Result of {property: engine value}) on the target (a file
## or a node, TARGET) and applies its values as one undoable change named "MCP: <what> on <file or node>".
static func edit(params: CommandParams, target: CommandTarget, what: String, change: Callable) -> Result:
	if target.node != null:
		return _edit_slot(target, params, what, change)
	var material: Material = target.resource
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


static func _edit_slot(target: CommandTarget, params: CommandParams, what: String, change: Callable) -> Result:
	var found: Result = slot_material(target.node, params)
	var values: Result = change.call(found.value[1]) if found.succeeded() else found
	if values.failed():
		return values
	var material: Material = found.value[1]
	var step: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin(
		"%s on %s" % [what, target.node.name], target.node
	)
	for name: String in values.value:
		step.do_property(material, name, values.value[name]).undo_property(material, name, material.get(name))
	step.commit()
	var row: Dictionary = row_of(material, PackedStringArray(values.value.keys()))
	row.merge({"node_path": target.node_path, "slot": found.value[0]})
	return Result.of(row)


## [slot property, material] of node's slot params name; NOT_FOUND when the slot is empty.
static func slot_material(node: Node, params: CommandParams) -> Result:
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
	return Result.of([slot.value, material])


## type and the JSON values of names.
static func row_of(material: Material, names: PackedStringArray) -> Dictionary:
	return {"type": material.get_class(), "properties": ResourceDump.properties(material, names)}
