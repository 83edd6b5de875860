@tool
extends RefCounted
## The particle presets as data, and the one builder that turns a preset into a configured
## GPUParticles2D/3D (with a ParticleProcessMaterial) or CPUParticles2D/3D. Preset vectors are in
## 3D metres with +y up; 2D nodes get them in pixels with y flipped (PIXELS_PER_METRE).

## direction, gravity: [x, y, z]; velocity, scale: [min, max]; colors: the colour ramp, start to
## end ('#rrggbbaa'); box: half extents of the emission box (absent: a point). A preset omits what
## PRESET_DEFAULTS gives.
const PRESET_DEFAULTS := {"one_shot": false, "explosiveness": 0.0, "direction": [0, 1, 0]}
const PRESETS := {
	"fire":
	{
		"amount": 40,
		"lifetime": 1.0,
		"spread": 20.0,
		"gravity": [0, 2, 0],
		"velocity": [1.0, 2.0],
		"scale": [0.5, 1.0],
		"colors": ["#ffdd55ff", "#ff6a00ff", "#5a1a0000"],
	},
	"smoke":
	{
		"amount": 30,
		"lifetime": 3.0,
		"spread": 25.0,
		"gravity": [0, 0.5, 0],
		"velocity": [0.5, 1.0],
		"scale": [1.0, 2.0],
		"colors": ["#777777cc", "#44444400"],
	},
	"sparks":
	{
		"amount": 60,
		"lifetime": 0.6,
		"explosiveness": 0.3,
		"spread": 60.0,
		"gravity": [0, -9.8, 0],
		"velocity": [4.0, 8.0],
		"scale": [0.1, 0.2],
		"colors": ["#fff6b0ff", "#ff9900ff", "#ff330000"],
	},
	"rain":
	{
		"amount": 300,
		"lifetime": 1.5,
		"direction": [0, -1, 0],
		"spread": 3.0,
		"gravity": [0, -20, 0],
		"velocity": [8.0, 10.0],
		"scale": [0.1, 0.15],
		"colors": ["#a8c8ffaa", "#a8c8ff55"],
		"box": [5, 0.1, 5],
	},
	"snow":
	{
		"amount": 200,
		"lifetime": 6.0,
		"direction": [0, -1, 0],
		"spread": 15.0,
		"gravity": [0, -0.5, 0],
		"velocity": [0.3, 0.6],
		"scale": [0.2, 0.4],
		"colors": ["#ffffffff", "#ffffffaa"],
		"box": [5, 0.1, 5],
	},
	"explosion":
	{
		"amount": 80,
		"lifetime": 0.8,
		"one_shot": true,
		"explosiveness": 1.0,
		"spread": 180.0,
		"gravity": [0, -4, 0],
		"velocity": [4.0, 9.0],
		"scale": [0.5, 1.5],
		"colors": ["#ffffffff", "#ffb300ff", "#ff3d00ff", "#30303000"],
	},
	"magic":
	{
		"amount": 50,
		"lifetime": 1.5,
		"spread": 180.0,
		"gravity": [0, 0.5, 0],
		"velocity": [0.3, 1.0],
		"scale": [0.2, 0.5],
		"colors": ["#c77dffff", "#7b2ff7ff", "#4cc9f000"],
	},
	"dust":
	{
		"amount": 20,
		"lifetime": 2.5,
		"spread": 90.0,
		"gravity": [0, 0.1, 0],
		"velocity": [0.1, 0.4],
		"scale": [0.3, 0.8],
		"colors": ["#c2a47866", "#c2a47800"],
		"box": [0.5, 0.05, 0.5],
	},
}
const TYPES: Array[String] = ["GPUParticles2D", "GPUParticles3D", "CPUParticles2D", "CPUParticles3D"]
const PIXELS_PER_METRE := 100.0
## Size of a 3D particle's quad, in metres, before its scale.
const QUAD_SIZE := 0.2
## The emission shape "box" of ParticleProcessMaterial and CPUParticles3D, "rectangle" of CPUParticles2D.
const EMISSION_BOX := 3


## A new node of type (one of TYPES) configured as preset names, named after its type.
static func build(type: String, preset: String) -> Node:
	var data: Dictionary = PRESET_DEFAULTS.merged(PRESETS[preset], true)
	var node: Node = ClassDB.instantiate(type) as Node
	node.name = type
	for name: String in ["amount", "lifetime", "one_shot", "explosiveness"]:
		node.set(name, data[name])
	var flat: bool = type.ends_with("2D")
	var motion: Object = node
	if type.begins_with("GPU"):
		motion = ParticleProcessMaterial.new()
		node.set("process_material", motion)
	_set_motion(motion, data, flat, motion is ParticleProcessMaterial)
	if not flat:
		node.set("draw_pass_1" if type.begins_with("GPU") else "mesh", _quad())
	return node


## Direction, spread, gravity, velocity, scale, colour ramp and emission box on a process material
## or a CPU particles node.
static func _set_motion(target: Object, data: Dictionary, flat: bool, is_material: bool) -> void:
	var scale: float = PIXELS_PER_METRE if flat else 1.0
	target.set("direction", _vector(data["direction"], flat and not is_material, flat, 1.0))
	target.set("gravity", _vector(data["gravity"], flat and not is_material, flat, scale))
	target.set("spread", data["spread"])
	target.set("initial_velocity_min", data["velocity"][0] * scale)
	target.set("initial_velocity_max", data["velocity"][1] * scale)
	var scale_prefix: String = "scale_" if is_material else "scale_amount_"
	target.set(scale_prefix + "min", data["scale"][0])
	target.set(scale_prefix + "max", data["scale"][1])
	var ramp: Gradient = _gradient(data["colors"])
	if is_material:
		var texture: GradientTexture1D = GradientTexture1D.new()
		texture.gradient = ramp
		target.set("color_ramp", texture)
	else:
		target.set("color_ramp", ramp)
	if data.has("box"):
		target.set("emission_shape", EMISSION_BOX)
		var extents: Variant = _vector(data["box"], flat and not is_material, flat, scale)
		target.set("emission_rect_extents" if extents is Vector2 else "emission_box_extents", extents)


## xyz as a Vector2 (2D nodes) or Vector3; flip turns +y up into the 2D y-down axis.
static func _vector(xyz: Array, as_2d: bool, flip: bool, scale: float) -> Variant:
	var y: float = -float(xyz[1]) if flip else float(xyz[1])
	if as_2d:
		return Vector2(xyz[0], y) * scale
	return Vector3(xyz[0], y, xyz[2]) * scale


static func _gradient(colors: Array) -> Gradient:
	var ramp: Gradient = Gradient.new()
	var offsets: PackedFloat32Array = PackedFloat32Array()
	var stops: PackedColorArray = PackedColorArray()
	for index: int in colors.size():
		offsets.append(float(index) / float(colors.size() - 1))
		stops.append(Color.html(colors[index]))
	ramp.offsets = offsets
	ramp.colors = stops
	return ramp


## A camera-facing quad that shows each particle's colour.
static func _quad() -> QuadMesh:
	var look: StandardMaterial3D = StandardMaterial3D.new()
	look.billboard_mode = BaseMaterial3D.BILLBOARD_PARTICLES
	look.vertex_color_use_as_albedo = true
	look.shading_mode = BaseMaterial3D.SHADING_MODE_UNSHADED
	look.transparency = BaseMaterial3D.TRANSPARENCY_ALPHA
	var quad: QuadMesh = QuadMesh.new()
	quad.size = Vector2(QUAD_SIZE, QUAD_SIZE)
	quad.material = look
	return quad
