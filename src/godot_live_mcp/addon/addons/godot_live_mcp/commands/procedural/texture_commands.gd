@tool
extends RefCounted
## texture.generate: a noise, gradient or checker texture saved as a project file (undoable in the
## global history). Noise and gradient textures are resources the engine draws from their settings;
## a checker is pixels (an ImageTexture in a .tres, or a .png the editor imports).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const FileImport := preload("res://addons/godot_live_mcp/authoring/file_import.gd")
const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const ResourceFile := preload("res://addons/godot_live_mcp/authoring/resource_file.gd")
const ProceduralValues := preload("res://addons/godot_live_mcp/commands/procedural/procedural_values.gd")

const GROUP := "procedural"
## The largest side, in pixels, a generated texture may have.
const MAX_SIDE := 1024
const FILLS: Array[String] = ["linear", "radial", "square"]
const DEFAULTS := {"marks": "scene_independent", "guard": ["path"]}
const COMMANDS := {
	"texture.generate":
	{
		"text":
		(
			"Generate a texture file: kind 'noise' (NoiseTexture2D), 'gradient' (GradientTexture2D) or"
			+ " 'checker' (.png or .tres); at most %d px a side. " % MAX_SIDE
			+ ProjectFiles.UNDO_TEXT
		),
		"args":
		[
			{
				"path!": "string: Where to save it: a .tres (any kind) or a .png (checker only; smaller than a .tres).",
				"kind!": "enum(noise|gradient|checker): What to draw.",
				"width": "integer[1..%d]=256: Pixels." % MAX_SIDE,
				"height": "integer[1..%d]=256: Pixels." % MAX_SIDE,
				"if_exists": "@if_exists",
			},
			{
				"noise": [{"@": "object: Noise settings (kind 'noise')."}, ProceduralValues.NOISE_ARGS],
				"seamless": "boolean=false: Kind 'noise': tile without seams.",
				"points": ProceduralValues.GRADIENT_POINTS,
				"interpolation": ProceduralValues.GRADIENT_ARGS["interpolation"],
				"fill": 'enum(linear|radial|square)="linear": Kind gradient: the shape of the fill.',
				"fill_from": "any: Kind gradient: where the fill starts, [u, v] in 0..1 (default [0, 0]).",
				"fill_to": "any: Kind gradient: where it ends, [u, v] in 0..1 (default [1, 0]).",
				"cell_size": "integer[1..%d]=32: Kind checker" % MAX_SIDE + ": pixels per square.",
				"colors": "array: Kind checker: the two colours (default white and black).",
			},
		],
		"returns":
		[
			ProjectFiles.CHANGED,
			{"status": "@create_status", "type!": "string: The texture's class.", "width!": "integer"},
			{"height!": "integer", "kind!": "string"},
		],
	},
}


static func generate(params: CommandParams) -> Result:
	var path: Result = _target(params)
	var built: Result = _build(params) if path.succeeded() else path
	var policy: Result = IfExists.read(params) if built.succeeded() else built
	if policy.failed():
		return policy
	var texture: Texture2D = built.value
	var data: Dictionary = {"path": path.value, "kind": params.text("kind"), "type": texture.get_class()}
	data.merge({"width": params.integer("width"), "height": params.integer("height")})
	var existed: bool = FileAccess.file_exists(path.value)
	if existed and policy.value != IfExists.REPLACE:
		return IfExists.answer(policy.value, "The file '%s'" % path.value, data)
	var what: String = "Generate %s texture %s" % [params.text("kind"), path.value]
	var saved: Result
	if str(path.value).get_extension() == "png":
		var png: PackedByteArray = (texture as ImageTexture).get_image().save_png_to_buffer()
		saved = await FileImport.write_imported(what, path.value, png)
	else:
		saved = await ResourceFile.save(what, texture, {}, path.value)
	if saved.failed():
		return saved
	data.merge({"status": "replaced" if existed else "created", "undoable": saved.value})
	return Result.of(data)


## The guarded path, checked against the size limit and the kinds a .png can hold.
static func _target(params: CommandParams) -> Result:
	var path: Result = ProjectFiles.guarded(params)
	if path.failed():
		return path
	var width: int = params.integer("width")
	var height: int = params.integer("height")
	if width > MAX_SIDE or height > MAX_SIDE:
		return Result.fail(
			"LIMIT_EXCEEDED",
			"%dx%d is larger than %d px a side." % [width, height, MAX_SIDE],
			"Pass width and height up to %d; a texture can repeat (texture_repeat) to cover more." % MAX_SIDE
		)
	var extension: String = str(path.value).get_extension()
	if extension == "png" and params.text("kind") != "checker":
		return Result.fail(
			"INVALID_PARAMS",
			"A %s texture is saved as a .tres, not a .png." % params.text("kind"),
			"Use a path ending in .tres (the engine draws it from its settings)."
		)
	if not extension in ["png", "tres", "res"]:
		return Result.fail("INVALID_PARAMS", "'%s' is not a .tres or .png path." % path.value, "End it in .tres.")
	return path


static func _build(params: CommandParams) -> Result:
	match params.text("kind"):
		"noise":
			return _noise_texture(params)
		"gradient":
			return _gradient_texture(params)
	return _checker_texture(params)


static func _noise_texture(params: CommandParams) -> Result:
	var noise: FastNoiseLite = FastNoiseLite.new()
	var settings: Dictionary = ProceduralValues.noise(params.object("noise"))
	for name: String in settings:
		noise.set(name, settings[name])
	var texture: NoiseTexture2D = NoiseTexture2D.new()
	texture.width = params.integer("width")
	texture.height = params.integer("height")
	texture.seamless = params.flag("seamless")
	texture.noise = noise
	if params.has("points"):
		var ramp: Result = _gradient(params)
		if ramp.failed():
			return ramp
		texture.color_ramp = ramp.value
	return Result.of(texture)


static func _gradient_texture(params: CommandParams) -> Result:
	var gradient: Result = _gradient(params)
	var from: Result = _uv(params, "fill_from", Vector2(0, 0)) if gradient.succeeded() else gradient
	var to: Result = _uv(params, "fill_to", Vector2(1, 0)) if from.succeeded() else from
	if to.failed():
		return to
	var texture: GradientTexture2D = GradientTexture2D.new()
	texture.width = params.integer("width")
	texture.height = params.integer("height")
	texture.gradient = gradient.value
	texture.fill = FILLS.find(params.text("fill")) as GradientTexture2D.Fill
	texture.fill_from = from.value
	texture.fill_to = to.value
	return Result.of(texture)


static func _checker_texture(params: CommandParams) -> Result:
	var colors: Array = params.list("colors") if params.has("colors") else ["white", "black"]
	if colors.size() != 2:
		return Result.fail("INVALID_PARAMS", "colors holds two colours.", "Example: colors: ['#ffffff', '#808080'].")
	var pair: Array[Color] = []
	for index: int in 2:
		var color: Result = Coercion.from_json(colors[index], TYPE_COLOR).within("colors[%d]" % index)
		if color.failed():
			return color
		pair.append(color.value)
	var width: int = params.integer("width")
	var height: int = params.integer("height")
	var cell: int = maxi(params.integer("cell_size"), 1)
	var image: Image = Image.create_empty(width, height, false, Image.FORMAT_RGBA8)
	image.fill(pair[0])
	for row: int in ceili(float(height) / cell):
		for column: int in ceili(float(width) / cell):
			if (row + column) % 2 == 1:
				image.fill_rect(Rect2i(column * cell, row * cell, cell, cell), pair[1])
	return Result.of(ImageTexture.create_from_image(image))


## A Gradient of params' points (default black to white) and interpolation.
static func _gradient(params: CommandParams) -> Result:
	var gradient: Gradient = Gradient.new()
	var values: Result = ProceduralValues.gradient(params)
	if values.failed():
		return values
	for name: String in values.value:
		gradient.set(name, values.value[name])
	return Result.of(gradient)


static func _uv(params: CommandParams, name: String, fallback: Vector2) -> Result:
	return (
		Coercion.from_json(params.value(name), TYPE_VECTOR2).within(name) if params.has(name) else Result.of(fallback)
	)
