@tool
extends RefCounted
## spatial.set_environment: the scene's WorldEnvironment and its Environment (background, procedural
## sky colours, ambient light, fog, tonemap, glow), the node created when the scene has none. One
## undo action in the scene's history either way.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const SceneWalk := preload("res://addons/godot_live_mcp/authoring/scene_walk.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const PropertyInput := preload("res://addons/godot_live_mcp/authoring/property_input.gd")
const ResourceDump := preload("res://addons/godot_live_mcp/authoring/resource_dump.gd")
const PropertyOutput := preload("res://addons/godot_live_mcp/authoring/property_output.gd")
const NodePlacement := preload("res://addons/godot_live_mcp/authoring/node_placement.gd")

const GROUP := "spatial"
## Argument -> the Environment property it sets; an enum's value is given by its name (the engine's label,
## written as Coercion writes it: background "custom_color"), read by the property's own enum hint.
const ENVIRONMENT_ARGS := {
	"background": "background_mode",
	"background_color": "background_color",
	"ambient_source": "ambient_light_source",
	"ambient_color": "ambient_light_color",
	"ambient_energy": "ambient_light_energy",
	"fog": "fog_enabled",
	"fog_color": "fog_light_color",
	"fog_density": "fog_density",
	"tonemap": "tonemap_mode",
	"glow": "glow_enabled",
	"glow_intensity": "glow_intensity",
}
## ProceduralSkyMaterial colours, set by the arguments of the same name.
const SKY_ARGS: Array[String] = ["sky_top_color", "sky_horizon_color", "ground_bottom_color", "ground_horizon_color"]
const COLOR := "@value: A colour, e.g. '#87ceeb' or a tagged Color."
const DEFAULTS := {"guard": ["scene"], "target": "scene"}
const COMMANDS := {
	"spatial.get_environment":
	{
		"text":
		"Read the scene's WorldEnvironment: its Environment's and procedural sky's properties set away from defaults.",
		"args": {"scene": "@scene"},
		"returns":
		{
			"scene": "string",
			"node_path!": "string",
			"environment!": "object: Changed Environment properties as JSON.",
			"sky": "object: Changed ProceduralSkyMaterial properties as JSON, when the sky is one.",
		},
		"marks": "read_only idempotent",
	},
	"spatial.set_environment":
	{
		"text":
		(
			"Set the scene's WorldEnvironment (created under the root when missing): background, procedural sky"
			+ " colours, ambient light, fog, tonemap, glow, or any Environment property. One undo step."
		),
		"args":
		[
			{"background": "enum(sky|custom_color|clear_color): sky makes a ProceduralSkyMaterial sky when none."},
			{"background_color": COLOR},
			{"sky_top_color": COLOR, "sky_horizon_color": COLOR},
			{"ground_bottom_color": COLOR, "ground_horizon_color": COLOR},
			{
				"ambient_source": "enum(background|disabled|color|sky): Where ambient light comes from.",
				"ambient_color": COLOR
			},
			{
				"ambient_energy": "number[0..16]: Ambient light strength.",
				"fog": "boolean: Fog on or off.",
				"fog_color": COLOR
			},
			{
				"fog_density": "number[0..]: Exponential fog density.",
				"tonemap": "enum(linear|reinhard|filmic|aces|agx): Tonemapping curve."
			},
			{"glow": "boolean: Glow on or off.", "glow_intensity": "number[0..]: Glow strength."},
			{
				"properties":
				{
					"type": "object",
					"description": "Other Environment properties, name -> value (e.g. ssao_enabled).",
					"additionalProperties": true,
				}
			},
			{"scene": "@scene"},
		],
		"returns":
		{
			"scene": "string",
			"node_path!": "string: The WorldEnvironment node.",
			"status!": "enum(created|updated): Whether the node was created.",
			"environment!": "object: The Environment's changed properties as JSON.",
		},
		"marks": "idempotent",
	},
}


static func get_environment(_params: CommandParams, target: CommandTarget) -> Result:
	var node: WorldEnvironment = _find(target.root)
	if node == null or node.environment == null:
		return Result.fail(
			"NOT_FOUND",
			"'%s' has no WorldEnvironment with an Environment." % target.scene_path,
			"spatial_set_environment adds one."
		)
	var result: Dictionary = {"node_path": NodeLookup.path_of(target.root, node)}
	result["environment"] = _changed(node.environment)
	var sky: ProceduralSkyMaterial = (
		node.environment.sky.sky_material as ProceduralSkyMaterial if node.environment.sky != null else null
	)
	if sky != null:
		result["sky"] = _changed(sky)
	return Result.of(result)


static func set_environment(params: CommandParams, target: CommandTarget) -> Result:
	var root: Node = target.root
	var node: WorldEnvironment = _find(root)
	var environment: Environment = node.environment if node != null and node.environment != null else Environment.new()
	var wanted: Result = _environment_values(environment, params)
	var sky: Result = _sky_change(environment, params, wanted.value) if wanted.succeeded() else wanted
	if sky.failed():
		return sky
	var values: Dictionary = wanted.value
	var changed: PackedStringArray = PackedStringArray(values.keys())
	if node == null:
		_assign(environment, values)
		_assign(sky.value[0], sky.value[1])
		var placed: Result = NodePlacement.place_new(root, CommandParams.new({}), _world.bind(environment))
		if placed.failed():
			return placed
		return _answer(placed.value["node_path"], "created", environment, changed)
	var step: MCPToolkitUndoRedoAction = MCPToolkitUndoRedoAction.begin("set environment", node)
	if node.environment == null:
		_assign(environment, values)
		_assign(sky.value[0], sky.value[1])
		_record(step, node, {"environment": environment})
	else:
		_record(step, environment, values)
		_record(step, sky.value[0], sky.value[1])
	step.commit()
	return _answer(NodeLookup.path_of(root, node), "updated", environment, changed)


## The first WorldEnvironment of the scene, or null.
static func _find(root: Node) -> WorldEnvironment:
	for entry: Dictionary in SceneWalk.nodes(root, root):
		if entry["node"] is WorldEnvironment:
			return entry["node"]
	return null


## Environment property -> coerced value for the arguments given, or the first failure.
static func _environment_values(environment: Environment, params: CommandParams) -> Result:
	var raw: Dictionary = params.object("properties").duplicate()
	for arg: String in ENVIRONMENT_ARGS:
		if params.has(arg):
			raw[ENVIRONMENT_ARGS[arg]] = params.value(arg)
	if raw.is_empty() and not SKY_ARGS.any(params.has):
		return Result.fail(
			"INVALID_PARAMS",
			"Nothing to set.",
			"Pass background, sky colours, ambient, fog, tonemap, glow or properties."
		)
	return PropertyInput.coerce_values(environment, raw)


## [object, {property: value}] for the sky colours: the ProceduralSkyMaterial of the sky (the one in
## values when properties set one), or a new Sky assigned to the environment (its change added to
## values) when the sky is wanted and missing; INVALID_OPERATION for colours on another sky material.
static func _sky_change(environment: Environment, params: CommandParams, values: Dictionary) -> Result:
	var raw: Dictionary = {}
	for arg: String in SKY_ARGS:
		if params.has(arg):
			raw[arg] = params.value(arg)
	var material: ProceduralSkyMaterial = null
	var sky_now: Sky = values["sky"] if values.has("sky") else environment.sky
	var has_sky: bool = sky_now != null and sky_now.sky_material != null
	if has_sky:
		material = sky_now.sky_material as ProceduralSkyMaterial
		if material == null and not raw.is_empty():
			return Result.fail(
				"INVALID_OPERATION",
				(
					"The sky is a %s; the sky colour arguments set a ProceduralSkyMaterial."
					% sky_now.sky_material.get_class()
				),
				'Leave the sky colours out, or add properties {"sky": null} to replace it with a procedural sky.'
			)
	var fresh: bool = not has_sky and (not raw.is_empty() or params.text("background") == "sky")
	if fresh:
		material = ProceduralSkyMaterial.new()
	if material == null:
		return Result.of([environment, {}])
	var coerced: Result = PropertyInput.coerce_values(material, raw)
	if coerced.failed():
		return coerced
	if not fresh:
		return Result.of([material, coerced.value])
	_assign(material, coerced.value)
	var sky: Sky = Sky.new()
	sky.sky_material = material
	values["sky"] = sky
	return Result.of([environment, {}])


static func _assign(object: Object, values: Dictionary) -> void:
	for name: String in values:
		object.set(name, values[name])


static func _record(step: MCPToolkitUndoRedoAction, object: Object, values: Dictionary) -> void:
	for name: String in values:
		step.do_property(object, name, values[name])
		step.undo_property(object, name, object.get(name))


static func _world(environment: Environment) -> Node:
	var node: WorldEnvironment = WorldEnvironment.new()
	node.environment = environment
	node.name = "WorldEnvironment"
	return node


static func _answer(node_path: String, status: String, environment: Environment, changed: PackedStringArray) -> Result:
	var shown: PackedStringArray = PackedStringArray()
	for name: String in changed:
		if name != "sky":
			shown.append(name)
	return Result.of(
		{"node_path": node_path, "status": status, "environment": ResourceDump.properties(environment, shown)}
	)


## The stored properties of resource that differ from their defaults, as JSON (sub-resources left out).
static func _changed(resource: Resource) -> Dictionary:
	var names: PackedStringArray = PackedStringArray()
	for name: String in ResourceDump.stored_names(resource):
		if not resource.get(name) is Object and not PropertyOutput.is_default(resource, name):
			names.append(name)
	return ResourceDump.properties(resource, names)
