@tool
extends RefCounted
## material.create, material.set, material.get: StandardMaterial3D, ORMMaterial3D, CanvasItemMaterial
## and ShaderMaterial as resource files or in a node's material slot (see material_target.gd).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const SceneEdit := preload("res://addons/godot_live_mcp/authoring/scene_edit.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const PropertyInput := preload("res://addons/godot_live_mcp/authoring/property_input.gd")
const PropertyOutput := preload("res://addons/godot_live_mcp/authoring/property_output.gd")
const ResourceDump := preload("res://addons/godot_live_mcp/authoring/resource_dump.gd")
const ResourceFile := preload("res://addons/godot_live_mcp/authoring/resource_file.gd")
const MaterialTarget := preload("res://addons/godot_live_mcp/commands/material/material_target.gd")

const GROUP := "material"
const KINDS: Array[String] = ["StandardMaterial3D", "ORMMaterial3D", "CanvasItemMaterial", "ShaderMaterial"]
const VALUES := {
	"type": "object",
	"description":
	(
		'Property values, name -> value, e.g. {"albedo_color": "#ff0000", "metallic": 0.8,'
		+ ' "roughness": 0.2, "emission_enabled": true}; material_get shows names and values.'
	),
	"additionalProperties": true,
}
const DEFAULTS := {"guard": ["path", "scene", "shader"]}
const COMMANDS := {
	"material.create":
	{
		"text":
		(
			"Create a material (StandardMaterial3D, ORMMaterial3D, CanvasItemMaterial or ShaderMaterial) with"
			+ " property values, saved as a file (path) or put in a node's material slot (node_path). Undoable."
		),
		"args":
		[
			{
				"class_name":
				(
					'enum(StandardMaterial3D|ORMMaterial3D|CanvasItemMaterial|ShaderMaterial)="StandardMaterial3D":'
					+ " The material class (CanvasItemMaterial for 2D)."
				)
			},
			{"properties": VALUES, "shader": "string: For a ShaderMaterial: res:// path of its .gdshader."},
			MaterialTarget.ARGS,
			{"if_exists": "@if_exists: When the file exists or the slot already holds a material."},
		],
		"returns": [MaterialTarget.ROW, {"status!": "@create_status"}],
	},
	"material.set":
	{
		"run": "set_properties",
		"text":
		(
			"Set properties of a material file or of the material in a node's slot (one undo step). A wrong name"
			+ " gives NOT_FOUND with the closest ones. For shader uniforms use material_set_shader_parameters."
		),
		"args":
		[
			{"properties": VALUES, "property": "string: One property to set (with value).", "value": "@value"},
			MaterialTarget.ARGS,
		],
		"returns": MaterialTarget.ROW,
		"marks": "idempotent",
		"target": MaterialTarget.TARGET,
	},
	"material.get":
	{
		"run": "get_material",
		"text": "Read a material (file or node slot): its class and the properties set away from their defaults.",
		"args": MaterialTarget.ARGS,
		"returns": [MaterialTarget.ROW, {"shader": "string: A ShaderMaterial's shader file."}],
		"marks": "read_only idempotent",
		"target": MaterialTarget.TARGET,
	},
}


static func create(params: CommandParams) -> Result:
	var one: Result = CommandTarget.either(params, "Material")
	var policy: Result = IfExists.read(params) if one.succeeded() else one
	var made: Result = _new_material(params) if policy.succeeded() else policy
	var values: Result = ResourceFile.coerce_all(made.value, params.object("properties")) if made.succeeded() else made
	if values.failed():
		return values
	var material: Material = made.value
	if params.has("node_path"):
		return await SceneEdit.edit(params.raw, _create_in_slot.bind(params, material, values.value, policy.value))
	var path: Result = ProjectFiles.guarded(params)
	var savable: Result = ResourceFile.savable_as(material, path.value) if path.succeeded() else path
	if savable.failed():
		return savable
	var existed: bool = FileAccess.file_exists(path.value)
	var row: Dictionary = MaterialTarget.row_of(material, PackedStringArray(values.value.keys()))
	row["path"] = path.value
	if existed and policy.value != IfExists.REPLACE:
		return IfExists.answer(policy.value, "The file '%s'" % path.value, row)
	var saved: Result = await ResourceFile.save("Create material %s" % path.value, material, values.value, path.value)
	if saved.failed():
		return saved
	row.merge({"status": "replaced" if existed else "created", "undoable": saved.value}, true)
	row["properties"] = ResourceDump.properties(material, PackedStringArray(values.value.keys()))
	return Result.of(row)


static func set_properties(params: CommandParams, target: CommandTarget) -> Result:
	var requested: Dictionary = PropertyInput.requested(params.raw)
	if requested.is_empty():
		return Result.fail("INVALID_PARAMS", "Pass property and value, or properties (a name -> value map).")
	var what: String = "Set %s" % ", ".join(PackedStringArray(requested.keys()))
	return await MaterialTarget.edit(params, target, what, ResourceFile.coerce_all.bind(requested))


static func get_material(params: CommandParams, target: CommandTarget) -> Result:
	if target.node == null:
		var row: Dictionary = _described(target.resource)
		row["path"] = target.path
		return Result.of(row)
	var slot: Result = MaterialTarget.slot_material(target.node, params)
	if slot.failed():
		return slot
	var described: Dictionary = _described(slot.value[1])
	described.merge({"node_path": target.node_path, "slot": slot.value[0]})
	return Result.of(described)


## A new material of params.class_name (with params.shader for a ShaderMaterial), or the failure.
static func _new_material(params: CommandParams) -> Result:
	var kind: String = params.text("class_name") if params.has("class_name") else "StandardMaterial3D"
	if not kind in KINDS:
		return Result.fail(
			"INVALID_PARAMS",
			"class_name '%s' is not one of %s." % [kind, ", ".join(KINDS)],
			NameSuggestions.did_you_mean(kind, KINDS) + "resource_create makes other resource classes."
		)
	var material: Material = ClassDB.instantiate(kind) as Material
	if not params.has("shader"):
		return Result.of(material)
	if not material is ShaderMaterial:
		return Result.fail("INVALID_PARAMS", "Only a ShaderMaterial takes a shader.", "Pass class_name ShaderMaterial.")
	var shader: Result = ProjectFiles.resource_at(params, PackedStringArray(["Shader"]), "shader_create", "shader")
	if shader.failed():
		return shader
	(material as ShaderMaterial).shader = shader.value
	return Result.of(material)


static func _create_in_slot(
	root: Node, params: CommandParams, material: Material, values: Dictionary, policy: String
) -> Result:
	var found: Result = NodeLookup.require(root, params.text("node_path"))
	var slot: Result = MaterialTarget.slot_of(found.value, params) if found.succeeded() else found
	if slot.failed():
		return slot
	var node: Node = found.value
	var existing: Material = node.get(slot.value) as Material
	var row: Dictionary = {"node_path": NodeLookup.path_of(root, node), "slot": slot.value}
	if existing != null and policy != IfExists.REPLACE:
		row.merge(_described(existing))
		return IfExists.answer(policy, "A material in %s of '%s'" % [slot.value, row["node_path"]], row)
	for name: String in values:
		material.set(name, values[name])
	var step: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("Create %s" % material.get_class(), node)
	step.do_property(node, slot.value, material).undo_property(node, slot.value, existing).do_reference(material)
	step.commit()
	row.merge(MaterialTarget.row_of(material, PackedStringArray(values.keys())))
	row["status"] = "replaced" if existing != null else "created"
	return Result.of(row)


## type, the properties away from their defaults, and a ShaderMaterial's shader file.
static func _described(material: Material) -> Dictionary:
	var names: PackedStringArray = PackedStringArray()
	for name: String in ResourceDump.stored_names(material):
		if not PropertyOutput.is_default(material, name) and name != "shader":
			names.append(name)
	var row: Dictionary = MaterialTarget.row_of(material, names)
	var shader_material: ShaderMaterial = material as ShaderMaterial
	if shader_material != null and shader_material.shader != null:
		row["shader"] = shader_material.shader.resource_path
	return row
