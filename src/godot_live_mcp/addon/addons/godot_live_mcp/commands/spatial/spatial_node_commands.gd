@tool
extends RefCounted
## spatial.add_mesh, add_light, add_camera: ready-made 3D nodes added to an open scene, each with
## its mesh, material or settings in the same single undo action (scene history).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const NodeNames := preload("res://addons/godot_live_mcp/authoring/node_names.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const PropertyInput := preload("res://addons/godot_live_mcp/authoring/property_input.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const NodePlacement := preload("res://addons/godot_live_mcp/authoring/node_placement.gd")

const GROUP := "spatial"
## Primitive shape -> its mesh class.
const MESHES := {
	"box": "BoxMesh",
	"sphere": "SphereMesh",
	"capsule": "CapsuleMesh",
	"cylinder": "CylinderMesh",
	"plane": "PlaneMesh",
	"prism": "PrismMesh",
	"torus": "TorusMesh",
}
const LIGHTS := {"directional": "DirectionalLight3D", "omni": "OmniLight3D", "spot": "SpotLight3D"}
## The arguments every spatial.add_* tool shares.
const PLACE := {
	"parent": "@node_path: Path of the parent node ('.' is the scene root).",
	"name": "string: Name of the new node; defaults to its class name.",
	"properties": PropertyInput.VALUES,
	"if_exists": "@if_exists",
	"scene": "@scene",
}
const ROW := [NodePlacement.NODE_ROW, {"status!": "@create_status"}]
const DEFAULTS := {"guard": ["scene", "material"], "target": "scene", "returns": ROW}
const COMMANDS := {
	"spatial.add_mesh":
	{
		"text":
		(
			"Add a MeshInstance3D with a primitive mesh (box, sphere, capsule, cylinder, plane, prism, torus),"
			+ " optionally a material (new StandardMaterial3D of a colour, or a material file), in one undo step."
		),
		"args":
		[
			{"shape!": "enum(box|sphere|capsule|cylinder|plane|prism|torus): The primitive mesh."},
			{
				"mesh_properties":
				{
					"type": "object",
					"description":
					(
						'Mesh sizes, name -> value, e.g. {"radius": 0.5, "height": 2} or'
						+ ' {"size": {"type": "Vector3", "x": 2, "y": 1, "z": 2}}.'
					),
					"additionalProperties": true,
				}
			},
			{"color": "@value: Albedo colour of a new StandardMaterial3D, e.g. '#ff8800' or a tagged Color."},
			{"material": "string: res:// path of a material file to use instead of color."},
			PLACE,
		],
	},
	"spatial.add_light":
	{
		"text": "Add a 3D light (directional, omni or spot) with colour, energy, range and shadows, in one undo step.",
		"args":
		[
			{"kind!": "enum(directional|omni|spot): DirectionalLight3D, OmniLight3D or SpotLight3D."},
			{"color": "@value: Light colour, e.g. '#fff4e0'.", "energy": "number[0..]: Light energy (default 1)."},
			{"range": "number[0..]: Reach in metres (omni and spot only).", "shadows": "boolean=false: Cast shadows."},
			PLACE,
		],
	},
	"spatial.add_camera":
	{
		"text": "Add a Camera3D at a position looking at a target point, with its field of view, in one undo step.",
		"args":
		[
			{"position": "@value: Where it stands, a tagged Vector3; default the origin."},
			{"look_at": "@value: Point it faces, a tagged Vector3 (must differ from position)."},
			{"fov": "number[1..179]: Vertical field of view in degrees (default 75)."},
			{"current": "boolean=false: Make it the scene's current camera."},
			PLACE,
		],
	},
}


static func add_mesh(params: CommandParams, target: CommandTarget) -> Result:
	var checked: Result = _common(params)
	if checked.succeeded() and params.has("color") and params.has("material"):
		checked = Result.fail("INVALID_PARAMS", "Pass color or material, not both.")
	var material: Result = _material(params) if checked.succeeded() else checked
	if material.failed():
		return material
	var mesh: PrimitiveMesh = ClassDB.instantiate(MESHES[params.text("shape")]) as PrimitiveMesh
	var sizes: Result = PropertyInput.coerce_values(mesh, params.object("mesh_properties"))
	if sizes.failed():
		return sizes.within("mesh_properties")
	for name: String in sizes.value:
		mesh.set(name, sizes.value[name])
	mesh.material = material.value
	return NodePlacement.place_new(target.root, params, _mesh_node.bind(mesh))


static func add_light(params: CommandParams, target: CommandTarget) -> Result:
	var checked: Result = _common(params)
	if checked.succeeded() and params.has("range") and params.text("kind") == "directional":
		checked = Result.fail(
			"INVALID_PARAMS", "A directional light has no range.", "Leave range out, or use kind omni or spot."
		)
	var kind: String = LIGHTS[params.text("kind")]
	var values: Dictionary = {"shadow_enabled": params.flag("shadows")}
	if params.has("color"):
		values["light_color"] = params.value("color")
	if params.has("energy"):
		values["light_energy"] = params.number("energy")
	if params.has("range"):
		values["omni_range" if kind == "OmniLight3D" else "spot_range"] = params.number("range")
	var coerced: Result = _coerced(kind, values) if checked.succeeded() else checked
	if coerced.failed():
		return coerced
	return NodePlacement.place_new(target.root, params, _built.bind(kind, coerced.value))


static func add_camera(params: CommandParams, target: CommandTarget) -> Result:
	var checked: Result = _common(params)
	var spot: Result = _vector(params, "position", Vector3.ZERO) if checked.succeeded() else checked
	var aim: Result = _vector(params, "look_at", Vector3.FORWARD) if spot.succeeded() else spot
	if aim.succeeded() and params.has("look_at") and (aim.value - spot.value).is_zero_approx():
		aim = Result.fail("INVALID_PARAMS", "look_at is the camera's own position.", "Pick another point.")
	if aim.failed():
		return aim
	var placed: Transform3D = Transform3D(Basis(), spot.value)
	if params.has("look_at"):
		placed = placed.looking_at(aim.value, _up(aim.value - spot.value))
	var values: Dictionary = {"transform": placed, "current": params.flag("current")}
	if params.has("fov"):
		values["fov"] = params.number("fov")
	return NodePlacement.place_new(target.root, params, _built.bind("Camera3D", values))


static func _common(params: CommandParams) -> Result:
	var checked: Result = NodeNames.check(params.text("name"), "name", true)
	return IfExists.read(params) if checked.succeeded() else checked


## The mesh's material: a new StandardMaterial3D of params.color, the file params.material names, or null.
static func _material(params: CommandParams) -> Result:
	if params.has("color"):
		var made: StandardMaterial3D = StandardMaterial3D.new()
		var colour: Result = Coercion.property_from_json(made, "albedo_color", params.value("color"))
		if colour.failed():
			return colour.within("color")
		made.albedo_color = colour.value
		return Result.of(made)
	if not params.has("material"):
		return Result.of(null)
	return ProjectFiles.resource_at(params, PackedStringArray(["Material"]), "material_create", "material")


## The values coerced for a node of class kind (checked on a throw-away instance), or the first failure.
static func _coerced(kind: String, values: Dictionary) -> Result:
	var probe: Node = ClassDB.instantiate(kind) as Node
	var coerced: Result = PropertyInput.coerce_values(probe, values)
	probe.free()
	return coerced


static func _vector(params: CommandParams, name: String, fallback: Vector3) -> Result:
	if not params.has(name):
		return Result.of(fallback)
	return Coercion.from_json(params.value(name), TYPE_VECTOR3).within(name)


## An up vector not parallel to the view direction (looking straight down or up).
static func _up(direction: Vector3) -> Vector3:
	return Vector3.UP if absf(direction.normalized().dot(Vector3.UP)) < 0.999 else Vector3.FORWARD


static func _mesh_node(mesh: PrimitiveMesh) -> Node:
	var node: MeshInstance3D = MeshInstance3D.new()
	node.mesh = mesh
	node.name = "MeshInstance3D"
	return node


## A new node of class kind with values set, named after its class.
static func _built(kind: String, values: Dictionary) -> Node:
	var node: Node = ClassDB.instantiate(kind) as Node
	for name: String in values:
		node.set(name, values[name])
	node.name = kind
	return node
