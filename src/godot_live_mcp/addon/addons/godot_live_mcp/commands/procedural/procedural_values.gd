@tool
extends RefCounted
## Gradient, Curve and FastNoiseLite settings as the procedural tools take and report them, turned
## into the property values of the resource (name -> engine value, applied in order).

const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")

const INTERPOLATIONS: Array[String] = ["linear", "constant", "cubic"]
const COLOR_SPACES: Array[String] = ["srgb", "linear_srgb", "oklab"]
const TANGENT_MODES: Array[String] = ["free", "linear"]
const NOISE_TYPES: Array[String] = ["simplex", "simplex_smooth", "cellular", "perlin", "value_cubic", "value"]
const FRACTAL_TYPES: Array[String] = ["none", "fbm", "ridged", "ping_pong"]
## Noise arguments that are plain numbers, by the FastNoiseLite property they set.
const NOISE_NUMBERS: Array[String] = ["seed", "frequency", "fractal_octaves", "fractal_lacunarity", "fractal_gain"]

## Schema shorthand of the settings, shared by the create, edit and texture tools.
const GRADIENT_POINTS := [
	{"@": "array: Colour stops, e.g. [{offset: 0, color: '#000000'}, {offset: 1, color: 'white'}]."},
	{
		"offset!": "number[0..1]: Where the stop sits, 0 (start) to 1 (end).",
		"color!": "any: '#rrggbb', a colour name, [r, g, b(, a)] or a tagged Color."
	},
]
const GRADIENT_ARGS := {
	"points": GRADIENT_POINTS,
	"interpolation": "enum(linear|constant|cubic): How colours blend between stops.",
	"color_space": "enum(srgb|linear_srgb|oklab): The colour space colours blend in.",
}
const CURVE_POINTS := [
	{"@": "array: Points in x order; x within the curve's domain (0..1 by default)."},
	{"x!": "number: Position along the curve.", "y!": "number: Value there, within min_value..max_value."},
	{"left_tangent": "number: Slope coming in (default 0).", "right_tangent": "number: Slope going out (default 0)."},
	{
		"left_mode": "enum(free|linear): free keeps left_tangent; linear points it at the previous point.",
		"right_mode": "enum(free|linear): free keeps right_tangent; linear points it at the next point.",
	},
]
const CURVE_ARGS := {
	"points": CURVE_POINTS,
	"min_value": "number: Lowest y the curve holds (default 0).",
	"max_value": "number: Highest y the curve holds (default 1).",
}
const NOISE_ARGS := {
	"noise_type":
	"enum(simplex|simplex_smooth|cellular|perlin|value_cubic|value): The algorithm (default simplex_smooth).",
	"seed": "integer: Random seed (default 0).",
	"frequency": "number: Feature scale; smaller is larger blobs (default 0.01).",
	"fractal_type": "enum(none|fbm|ridged|ping_pong): How layers are combined (default fbm).",
	"fractal_octaves": "integer[1..10]: Layers of detail (default 5).",
	"fractal_lacunarity": "number: Frequency factor between layers (default 2).",
	"fractal_gain": "number: Strength factor between layers (default 0.5).",
}


## Gradient property values for the settings params hold (only those given).
static func gradient(params: CommandParams) -> Result:
	var values: Dictionary = {}
	if params.has("points"):
		var points: Result = gradient_points(params.list("points"))
		if points.failed():
			return points
		values.merge(points.value)
	if params.has("interpolation"):
		values["interpolation_mode"] = INTERPOLATIONS.find(params.text("interpolation"))
	if params.has("color_space"):
		values["interpolation_color_space"] = COLOR_SPACES.find(params.text("color_space"))
	return Result.of(values)


## offsets and colors for a list of {offset, color} stops, sorted by offset.
static func gradient_points(items: Array) -> Result:
	if items.is_empty():
		return Result.fail("INVALID_PARAMS", "A gradient needs at least one point.", "Pass points: [{offset, color}].")
	var stops: Array[Array] = []
	for index: int in items.size():
		var item: Dictionary = items[index] if items[index] is Dictionary else {}
		var color: Result = Coercion.from_json(item.get("color"), TYPE_COLOR).within("Point %d color" % index)
		if color.failed():
			return color
		stops.append([float(item.get("offset", 0.0)), color.value])
	stops.sort_custom(func(a: Array, b: Array) -> bool: return float(a[0]) < float(b[0]))
	var offsets: PackedFloat32Array = PackedFloat32Array()
	var colors: PackedColorArray = PackedColorArray()
	for stop: Array in stops:
		offsets.append(stop[0])
		colors.append(stop[1])
	return Result.of({"offsets": offsets, "colors": colors})


static func gradient_json(resource: Gradient) -> Dictionary:
	var points: Array[Dictionary] = []
	for index: int in resource.get_point_count():
		var color: Color = resource.get_color(index)
		points.append({"offset": resource.get_offset(index), "color": "#" + color.to_html(color.a < 1.0)})
	return {
		"points": points,
		"interpolation": INTERPOLATIONS[resource.interpolation_mode],
		"color_space": COLOR_SPACES[resource.interpolation_color_space],
	}


## Curve property values: limits first (in an order the engine accepts), then the points.
static func curve(params: CommandParams, current: Curve) -> Result:
	var values: Dictionary = {}
	var low: float = params.number("min_value") if params.has("min_value") else current.min_value
	var high: float = params.number("max_value") if params.has("max_value") else current.max_value
	if low >= high:
		return Result.fail(
			"INVALID_PARAMS", "min_value %s is not below max_value %s." % [low, high], "Pass min_value < max_value."
		)
	# The engine keeps min below max at every step: move the limit that makes room first.
	if low >= current.max_value:
		values.merge({"max_value": high, "min_value": low})
	else:
		values.merge({"min_value": low, "max_value": high})
	if params.has("points"):
		var points: Result = curve_points(params.list("points"))
		if points.failed():
			return points
		values["_data"] = points.value
	return Result.of(values)


## The Curve's stored point data for a list of point objects.
static func curve_points(items: Array) -> Result:
	var data: Array = []
	var sorted: Array = items.duplicate()
	sorted.sort_custom(func(a: Variant, b: Variant) -> bool: return _x_of(a) < _x_of(b))
	for item: Variant in sorted:
		var point: Dictionary = item if item is Dictionary else {}
		if not point.has("x") or not point.has("y"):
			return Result.fail("INVALID_PARAMS", "A curve point needs x and y.", 'Example: {"x": 0.5, "y": 1}.')
		var position: Vector2 = Vector2(float(point["x"]), float(point["y"]))
		var left: int = TANGENT_MODES.find(str(point.get("left_mode", "free")))
		var right: int = TANGENT_MODES.find(str(point.get("right_mode", "free")))
		data.append_array([position, float(point.get("left_tangent", 0.0)), float(point.get("right_tangent", 0.0))])
		data.append_array([maxi(left, 0), maxi(right, 0)])
	return Result.of(data)


static func curve_json(resource: Curve) -> Dictionary:
	var points: Array[Dictionary] = []
	for index: int in resource.point_count:
		var position: Vector2 = resource.get_point_position(index)
		var point: Dictionary = {
			"x": position.x,
			"y": position.y,
			"left_tangent": resource.get_point_left_tangent(index),
			"right_tangent": resource.get_point_right_tangent(index),
			"left_mode": TANGENT_MODES[resource.get_point_left_mode(index)],
			"right_mode": TANGENT_MODES[resource.get_point_right_mode(index)],
		}
		points.append(point)
	return {"points": points, "min_value": resource.min_value, "max_value": resource.max_value}


## FastNoiseLite property values for the settings given (a params object or a nested settings object).
static func noise(settings: Dictionary) -> Dictionary:
	var values: Dictionary = {}
	if settings.has("noise_type"):
		values["noise_type"] = NOISE_TYPES.find(str(settings["noise_type"]))
	if settings.has("fractal_type"):
		values["fractal_type"] = FRACTAL_TYPES.find(str(settings["fractal_type"]))
	for name: String in NOISE_NUMBERS:
		if settings.has(name) and settings[name] != null:
			values[name] = settings[name]
	return values


static func noise_json(resource: FastNoiseLite) -> Dictionary:
	var data: Dictionary = {
		"noise_type": NOISE_TYPES[resource.noise_type], "fractal_type": FRACTAL_TYPES[resource.fractal_type]
	}
	for name: String in NOISE_NUMBERS:
		data[name] = resource.get(name)
	return data


static func _x_of(item: Variant) -> float:
	return float((item as Dictionary).get("x", 0.0)) if item is Dictionary else 0.0
