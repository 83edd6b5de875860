@tool
extends RefCounted
## particles.add, particles.set, particles.get: particle emitters from presets (particle_presets.gd),
## their settings and their ParticleProcessMaterial, each change one undo action in the scene history.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const NodeNames := preload("res://addons/godot_live_mcp/authoring/node_names.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const PropertyInput := preload("res://addons/godot_live_mcp/authoring/property_input.gd")
const PropertyOutput := preload("res://addons/godot_live_mcp/authoring/property_output.gd")
const NodePlacement := preload("res://addons/godot_live_mcp/authoring/node_placement.gd")
const ResourceFile := preload("res://addons/godot_live_mcp/authoring/resource_file.gd")
const ParticlePresets := preload("res://addons/godot_live_mcp/commands/particles/particle_presets.gd")

const GROUP := "particles"
const VALUES := {"type": "object", "additionalProperties": true}
const SETTINGS := "object: Properties set away from their defaults, as JSON (resources left out)."
## A node of one of ParticlePresets.TYPES.
const PARTICLES := "node:GPUParticles2D|GPUParticles3D|CPUParticles2D|CPUParticles3D by particles_add"
const DEFAULTS := {"guard": ["scene"], "target": PARTICLES}
const COMMANDS := {
	"particles.add":
	{
		"text":
		(
			"Add a particle emitter configured from a preset (fire, smoke, sparks, rain, snow, explosion, magic,"
			+ " dust): amount, lifetime, direction, spread, gravity, velocity, scale and a colour ramp. One undo step."
		),
		"args":
		[
			{"preset!": "enum(fire|smoke|sparks|rain|snow|explosion|magic|dust): The look to start from."},
			{
				"type":
				(
					"enum(GPUParticles2D|GPUParticles3D|CPUParticles2D|CPUParticles3D): The node class;"
					+ " default GPUParticles3D under a 3D parent, else GPUParticles2D."
				),
			},
			{"parent": "@node_path: Path of the parent node ('.' is the scene root)."},
			{"name": "string: Name of the new node; defaults to its class name."},
			{"properties": PropertyInput.VALUES, "if_exists": "@if_exists", "scene": "@scene"},
		],
		"returns": [NodePlacement.NODE_ROW, {"status!": "@create_status"}],
		"target": "scene",
	},
	"particles.set":
	{
		"run": "set_settings",
		"text":
		(
			"Change a particle node's settings (amount, lifetime, one_shot, emitting, explosiveness, ...) and its"
			+ " ParticleProcessMaterial's properties (GPU nodes) in one undo step."
		),
		"args":
		[
			{"node_path!": "@node_path", "scene": "@scene"},
			{"properties": [VALUES, {"description": 'Node properties, name -> value, e.g. {"amount": 64}.'}]},
			{
				"process":
				[
					VALUES,
					{
						"description":
						'ParticleProcessMaterial properties, e.g. {"spread": 30, "gravity": {"type": "Vector3", ...}}.'
					},
				]
			},
		],
		"returns": {"scene": "string", "node_path!": "string", "settings!": SETTINGS, "process": SETTINGS},
		"marks": "idempotent",
	},
	"particles.get":
	{
		"run": "get_settings",
		"text": "Read a particle node's settings and its process material's properties (those away from defaults).",
		"args": {"node_path!": "@node_path", "scene": "@scene"},
		"returns":
		{"scene": "string", "node_path!": "string", "type!": "string", "settings!": SETTINGS, "process": SETTINGS},
		"marks": "read_only idempotent",
	},
}


static func add(params: CommandParams, target: CommandTarget) -> Result:
	var checked: Result = NodeNames.check(params.text("name"), "name", true)
	if checked.succeeded():
		checked = IfExists.read(params)
	if checked.failed():
		return checked
	var root: Node = target.root
	var type: String = params.text("type")
	if type == "":
		var parent: Node = NodeLookup.find(root, params.text("parent") if params.has("parent") else ".")
		type = "GPUParticles3D" if parent is Node3D else "GPUParticles2D"
	return NodePlacement.place_new(root, params, ParticlePresets.build.bind(type, params.text("preset")))


static func get_settings(_params: CommandParams, target: CommandTarget) -> Result:
	var node: Node = target.node
	var result: Dictionary = {"node_path": target.node_path, "type": node.get_class(), "settings": _changed(node)}
	var process: Material = _process_of(node)
	if process != null:
		result["process"] = _changed(process)
	return Result.of(result)


static func set_settings(params: CommandParams, target: CommandTarget) -> Result:
	if params.object("properties").is_empty() and params.object("process").is_empty():
		return Result.fail("INVALID_PARAMS", "Nothing to set.", "Pass properties (node) or process (its material).")
	var node: Node = target.node
	var process: Material = _process_of(node)
	if not params.object("process").is_empty() and process == null:
		return Result.fail(
			"INVALID_PARAMS",
			"'%s' (%s) has no ParticleProcessMaterial." % [params.text("node_path"), node.get_class()],
			"CPU particles keep these settings on the node: pass them in properties."
		)
	var own: Result = PropertyInput.coerce_values(node, params.object("properties"))
	if own.failed():
		return own
	var material: Result = (
		ResourceFile.coerce_all(process, params.object("process")) if process != null else Result.of({})
	)
	if material.failed():
		return material
	var step: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("Set particles of %s" % node.name, node)
	_record(step, node, own.value)
	if process != null:
		_record(step, process, material.value)
	step.commit()
	var result: Dictionary = {"node_path": target.node_path, "settings": _json(node, own.value.keys())}
	if process != null:
		result["process"] = _json(process, material.value.keys())
	return Result.of(result)


static func _process_of(node: Node) -> Material:
	return node.get("process_material") as Material if node.get_class().begins_with("GPU") else null


static func _record(step: MCPToolkitUndoRedoAction, object: Object, values: Dictionary) -> void:
	for name: String in values:
		step.do_property(object, name, values[name]).undo_property(object, name, object.get(name))


static func _json(object: Object, names: Array) -> Dictionary:
	var values: Dictionary = {}
	for name: Variant in names:
		values[str(name)] = Coercion.property_to_json(object, str(name))
	return values


## The class's own stored properties (not inherited from Node2D/Node3D) away from their defaults, as
## JSON; resources are left out. The instance's list is asked, not the class's: it leaves out
## properties not in use (draw passes past draw_passes), whose getters would log errors.
static func _changed(object: Object) -> Dictionary:
	var own: Dictionary = {}
	for property: Dictionary in ClassDB.class_get_property_list(object.get_class(), true):
		own[property["name"]] = true
	var names: Array = []
	for property: Dictionary in object.get_property_list():
		var name: String = property["name"]
		var stored: bool = int(property["usage"]) & PROPERTY_USAGE_STORAGE != 0
		if own.has(name) and stored and not object.get(name) is Object and not PropertyOutput.is_default(object, name):
			names.append(name)
	return _json(object, names)
