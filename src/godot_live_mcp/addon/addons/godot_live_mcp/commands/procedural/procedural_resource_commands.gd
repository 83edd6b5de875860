@tool
extends RefCounted
## gradient.*, curve.*, noise.*: Gradient, Curve and FastNoiseLite resource files, created, edited and
## read in friendly shapes (colour stops, curve points, noise settings). Writes are undoable in the
## global history, as resource_set_property's are.

const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const ResourceFile := preload("res://addons/godot_live_mcp/authoring/resource_file.gd")
const ProceduralValues := preload("res://addons/godot_live_mcp/commands/procedural/procedural_values.gd")

const GROUP := "procedural"
const NEW_PATH := {"path!": "string: Where to save it (res:// path ending in .tres).", "if_exists": "@if_exists"}
const OLD_PATH := {"path!": "string: The resource file (res:// path)."}
const CREATED := {"status": "@create_status"}
const GRADIENT_ROW := {
	"path!": "string",
	"points!": [{"@": "array"}, {"offset!": "number", "color!": "string: #rrggbb or #rrggbbaa."}],
	"interpolation!": "string",
	"color_space!": "string",
}
const CURVE_ROW := {"path!": "string", "points!": "array", "min_value!": "number", "max_value!": "number"}
const NOISE_ROW := {
	"path!": "string",
	"noise_type!": "string",
	"seed!": "integer",
	"frequency!": "number",
	"fractal_type!": "string",
	"fractal_octaves!": "integer",
	"fractal_lacunarity!": "number",
	"fractal_gain!": "number",
}
const UNDO_TEXT := " Undo: editor_undo (history 'global')."
const EDIT_TEXT := " Only the settings given change." + UNDO_TEXT
const DEFAULTS := {"marks": "scene_independent", "guard": ["path"]}
const COMMANDS := {
	"gradient.create":
	{
		"run": "gradient_create",
		"text": "Create a Gradient resource file from colour stops." + UNDO_TEXT,
		"args": [NEW_PATH, ProceduralValues.GRADIENT_ARGS, {"points!": ProceduralValues.GRADIENT_POINTS}],
		"returns": [ProjectFiles.CHANGED, CREATED, GRADIENT_ROW],
	},
	"gradient.edit":
	{
		"target": "resource:Gradient by gradient_create",
		"text": "Change a Gradient resource file: its stops (all replaced), interpolation, colour space." + EDIT_TEXT,
		"args": [OLD_PATH, ProceduralValues.GRADIENT_ARGS],
		"returns": [ProjectFiles.CHANGED, GRADIENT_ROW],
		"marks": "idempotent scene_independent",
	},
	"gradient.get":
	{
		"run": "read",
		"target": "resource:Gradient by gradient_create",
		"text": "Read a Gradient resource file's colour stops, interpolation and colour space.",
		"args": OLD_PATH,
		"returns": GRADIENT_ROW,
		"marks": "read_only idempotent scene_independent",
	},
	"curve.create":
	{
		"run": "curve_create",
		"text":
		"Create a Curve resource file (a 1D curve, e.g. for particle sizes) from points with tangents." + UNDO_TEXT,
		"args": [NEW_PATH, ProceduralValues.CURVE_ARGS, {"points!": ProceduralValues.CURVE_POINTS}],
		"returns": [ProjectFiles.CHANGED, CREATED, CURVE_ROW],
	},
	"curve.edit":
	{
		"target": "resource:Curve by curve_create",
		"text": "Change a Curve resource file: its points (all replaced), min_value, max_value." + EDIT_TEXT,
		"args": [OLD_PATH, ProceduralValues.CURVE_ARGS],
		"returns": [ProjectFiles.CHANGED, CURVE_ROW],
		"marks": "idempotent scene_independent",
	},
	"curve.get":
	{
		"run": "read",
		"target": "resource:Curve by curve_create",
		"text": "Read a Curve resource file's points (x, y, tangents, tangent modes) and value range.",
		"args": OLD_PATH,
		"returns": CURVE_ROW,
		"marks": "read_only idempotent scene_independent",
	},
	"noise.create":
	{
		"run": "noise_create",
		"text": "Create a FastNoiseLite resource file (noise type, seed, frequency, fractal settings)." + UNDO_TEXT,
		"args": [NEW_PATH, ProceduralValues.NOISE_ARGS],
		"returns": [ProjectFiles.CHANGED, CREATED, NOISE_ROW],
	},
	"noise.edit":
	{
		"target": "resource:FastNoiseLite by noise_create",
		"text": "Change a FastNoiseLite resource file's settings." + EDIT_TEXT,
		"args": [OLD_PATH, ProceduralValues.NOISE_ARGS],
		"returns": [ProjectFiles.CHANGED, NOISE_ROW],
		"marks": "idempotent scene_independent",
	},
	"noise.get":
	{
		"run": "read",
		"target": "resource:FastNoiseLite by noise_create",
		"text": "Read a FastNoiseLite resource file's settings.",
		"args": OLD_PATH,
		"returns": NOISE_ROW,
		"marks": "read_only idempotent scene_independent",
	},
}


static func gradient_create(params: CommandParams) -> Result:
	return await _create(params, "Gradient")


static func curve_create(params: CommandParams) -> Result:
	return await _create(params, "Curve")


static func noise_create(params: CommandParams) -> Result:
	return await _create(params, "FastNoiseLite")


static func _create(params: CommandParams, type: String) -> Result:
	var path: Result = ProjectFiles.guarded(params)
	var resource: Resource = ClassDB.instantiate(type)
	var checked: Result = ResourceFile.savable_as(resource, path.value) if path.succeeded() else path
	var values: Result = _values(params, resource) if checked.succeeded() else checked
	var policy: Result = IfExists.read(params) if values.succeeded() else values
	if policy.failed():
		return policy
	var existed: bool = FileAccess.file_exists(path.value)
	if existed and policy.value != IfExists.REPLACE:
		var kept: Result = ProjectFiles.load_resource(path.value, PackedStringArray([type]))
		if kept.failed():
			return kept
		var row: Dictionary = _json(kept.value)
		row["path"] = path.value
		return IfExists.answer(policy.value, "The file '%s'" % path.value, row)
	var saved: Result = await ResourceFile.save("Create %s %s" % [type, path.value], resource, values.value, path.value)
	if saved.failed():
		return saved
	var data: Dictionary = _json(resource)
	data.merge({"path": path.value, "status": "replaced" if existed else "created", "undoable": saved.value})
	return Result.of(data)


## gradient.edit, curve.edit, noise.edit: the file's class tells which.
static func edit(params: CommandParams, file: CommandTarget) -> Result:
	var values: Result = _values(params, file.resource)
	if values.failed():
		return values
	if (values.value as Dictionary).is_empty():
		return Result.fail("INVALID_PARAMS", "Nothing to change.", "Pass at least one setting to change.")
	var saved: Result = await ResourceFile.save(
		"Edit %s %s" % [file.resource.get_class(), file.path], file.resource, values.value, file.path
	)
	if saved.failed():
		return saved
	var data: Dictionary = _json(file.resource)
	data.merge({"path": file.path, "undoable": saved.value})
	return Result.of(data)


## gradient.get, curve.get, noise.get.
static func read(_params: CommandParams, file: CommandTarget) -> Result:
	var data: Dictionary = _json(file.resource)
	data["path"] = file.path
	return Result.of(data)


static func _values(params: CommandParams, resource: Resource) -> Result:
	if resource is Gradient:
		return ProceduralValues.gradient(params)
	if resource is Curve:
		return ProceduralValues.curve(params, resource)
	return Result.of(ProceduralValues.noise(params.raw))


static func _json(resource: Resource) -> Dictionary:
	if resource is Gradient:
		return ProceduralValues.gradient_json(resource)
	if resource is Curve:
		return ProceduralValues.curve_json(resource)
	return ProceduralValues.noise_json(resource)
