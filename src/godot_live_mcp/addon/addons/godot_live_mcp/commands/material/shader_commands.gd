@tool
extends RefCounted
## shader.create, shader.check, shader.list_uniforms and material.set_shader_parameters: .gdshader
## files, their errors with line numbers (shader_checker.gd) and ShaderMaterial parameters typed
## by the shader's uniforms.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const SceneTarget := preload("res://addons/godot_live_mcp/authoring/scene_target.gd")
const NodeLookup := preload("res://addons/godot_live_mcp/authoring/node_lookup.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")
const MaterialTarget := preload("res://addons/godot_live_mcp/commands/material/material_target.gd")
const ShaderChecker := preload("res://addons/godot_live_mcp/commands/material/shader_checker.gd")
const ShaderUniforms := preload("res://addons/godot_live_mcp/commands/material/shader_uniforms.gd")

const GROUP := "material"
## The entry function each shader type starts with.
const TEMPLATES := {
	"spatial":
	(
		"shader_type spatial;\n\nuniform vec4 albedo : source_color = vec4(1.0);\n\n"
		+ "void fragment() {\n\tALBEDO = albedo.rgb;\n}\n"
	),
	"canvas_item":
	(
		"shader_type canvas_item;\n\nuniform vec4 tint : source_color = vec4(1.0);\n\n"
		+ "void fragment() {\n\tCOLOR = texture(TEXTURE, UV) * tint;\n}\n"
	),
	"particles": "shader_type particles;\n\nvoid start() {\n}\n\nvoid process() {\n}\n",
	"sky":
	(
		"shader_type sky;\n\nuniform vec3 sky_color : source_color = vec3(0.4, 0.6, 1.0);\n\n"
		+ "void sky() {\n\tCOLOR = sky_color;\n}\n"
	),
	"fog": "shader_type fog;\n\nvoid fog() {\n\tDENSITY = 1.0;\n}\n",
}
const ERRORS := {
	"@": "array: The compiler's first error.",
	"line!": "integer: 1-based.",
	"message!": "string",
	"file": "string: The #included file the error is in (absent: the checked code).",
}
const DEFAULTS := {"guard": ["path", "scene"]}
const COMMANDS := {
	"shader.create":
	{
		"text":
		"Create a .gdshader file from code, or from a small template of a shader type. " + ProjectFiles.UNDO_TEXT,
		"args":
		{
			"path!": "string: res:// path ending in .gdshader.",
			"shader_type":
			'enum(spatial|canvas_item|particles|sky|fog)="spatial": The template, when code is not given.',
			"code": "string: The full shader code (then shader_type is not used).",
			"if_exists": "@if_exists",
		},
		"returns": [ProjectFiles.CHANGED, {"status!": "@create_status"}],
		"marks": "scene_independent",
	},
	"shader.check":
	{
		"text":
		(
			"Compile a .gdshader file, or proposed code, with this engine in a separate process and report"
			+ " the first error with its line (the compiler stops there); the editor's log stays clean."
		),
		"args":
		{"path": "string: A .gdshader file (res://). Pass this or code.", "code": "string: Shader code to check."},
		"returns":
		{
			"path": "string",
			"ok!": "boolean",
			"errors!": ERRORS,
			"error_count!": "integer",
			"notes": "array<string>: Limits of this check that apply to the code.",
		},
		"marks": "read_only idempotent scene_independent",
	},
	"shader.list_uniforms":
	{
		"text":
		(
			"List a shader's uniforms with type, default and (for a ShaderMaterial) current value. path is a"
			+ " .gdshader or a ShaderMaterial file; or node_path names a node slot holding a ShaderMaterial."
		),
		"args":
		[MaterialTarget.ARGS, {"offset": PageArgs.OFFSET % "uniform", "limit": PageArgs.LIMIT_100 % "uniforms"}],
		"returns":
		[
			{"@page": "uniforms offset", "shader!": "string: The shader file ('' when built in)."},
			{
				"uniforms!":
				{
					"@": "array",
					"name!": "string",
					"type!": "string: float, int, Color, Vector3, Texture2D ...",
					"range": "string: min,max[,step] of a hint_range.",
					"default": "any: When the renderer reports it (not in a headless editor).",
					"value": "any: The material's value.",
				}
			},
		],
		"marks": "read_only idempotent",
	},
	"material.set_shader_parameters":
	{
		"text":
		(
			"Set a ShaderMaterial's shader parameters (file or node slot), each value converted to its uniform's"
			+ " type; an unknown uniform gives NOT_FOUND with the closest names. One undo step."
		),
		"args":
		[
			{
				"parameters!":
				{
					"type": "object",
					"description":
					(
						'Uniform name -> value, e.g. {"speed": 2, "tint": "#ff0000",'
						+ ' "noise": {"type": "Resource", "path": "res://n.tres"}}.'
					),
					"additionalProperties": true,
				}
			},
			MaterialTarget.ARGS,
		],
		"returns": MaterialTarget.ROW,
		"marks": "idempotent",
		"target": MaterialTarget.TARGET,
	},
}


static func create(params: CommandParams) -> Result:
	var path: Result = ProjectFiles.guarded(params)
	if path.succeeded() and path.value.get_extension() != "gdshader":
		path = Result.fail(
			"INVALID_PARAMS", "'%s' is not a .gdshader path." % path.value, "End the path with .gdshader."
		)
	var policy: Result = IfExists.read(params) if path.succeeded() else path
	if policy.failed():
		return policy
	var existed: bool = FileAccess.file_exists(path.value)
	var row: Dictionary = {"path": path.value}
	if existed and policy.value != IfExists.REPLACE:
		return IfExists.answer(policy.value, "The file '%s'" % path.value, row)
	var kind: String = params.text("shader_type") if params.has("shader_type") else "spatial"
	var code: String = params.text("code") if params.has("code") else TEMPLATES[kind]
	var change: Result = await ProjectFiles.apply(
		"Create shader %s" % path.value,
		ProjectFiles.with_companions(path.value),
		ProjectFiles.write_bytes.bind(path.value, code.to_utf8_buffer())
	)
	if change.failed():
		return change
	row.merge({"status": "replaced" if existed else "created", "undoable": change.value})
	return Result.of(row)


static func check(params: CommandParams) -> Result:
	if not params.has("path") and not params.has("code"):
		return Result.fail(
			"INVALID_PARAMS", "Pass path (a .gdshader file), code, or both.", "shader_create writes a file."
		)
	var path: Result = Result.of("")
	if params.has("path"):
		path = ProjectFiles.guarded(params) if params.has("code") else ProjectFiles.existing_file(params)
	var text: Result = path
	if path.succeeded():
		text = Result.of(params.text("code")) if params.has("code") else ProjectFiles.text_of(path.value)
	if text.failed():
		return text
	var checked: Result = await ShaderChecker.check(text.value, path.value)
	if checked.succeeded() and path.value != "":
		checked.value["path"] = path.value
	return checked


static func list_uniforms(params: CommandParams) -> Result:
	# Not a declared target: an unloaded .gdshader is compiled apart first (loading a broken one logs errors).
	var one: Result = CommandTarget.either(params, "Shader or ShaderMaterial")
	var compiles: Result = await _compiles_unloaded(params) if one.succeeded() else one
	var found: Result = _shader_and_material(params) if compiles.succeeded() else compiles
	if found.failed():
		return found
	var shader: Shader = found.value[0]
	var rows: Array[Dictionary] = ShaderUniforms.rows(shader, found.value[1])
	var page: Dictionary = Pagination.list_page(
		rows, params.integer("offset"), params.integer("limit"), "uniforms", "uniforms"
	)
	page["shader"] = shader.resource_path if not shader.resource_path.contains("::") else ""
	return Result.of(page)


static func set_shader_parameters(params: CommandParams, target: CommandTarget) -> Result:
	var values: Dictionary = params.object("parameters")
	if values.is_empty():
		return Result.fail("INVALID_PARAMS", "parameters is empty.", "shader_list_uniforms shows the uniforms.")
	var what: String = "Set shader parameters %s" % ", ".join(PackedStringArray(values.keys()))
	return await MaterialTarget.edit(params, target, what, _parameters_of.bind(values))


static func _parameters_of(material: Material, values: Dictionary) -> Result:
	var shader_material: ShaderMaterial = material as ShaderMaterial
	if shader_material == null or shader_material.shader == null:
		return Result.fail(
			"INVALID_PARAMS",
			"The material is a %s without a shader; it has no shader parameters." % material.get_class(),
			"material_set sets a material's own properties; material_create makes a ShaderMaterial."
		)
	return ShaderUniforms.coerce(shader_material.shader, values)


## COMPILE_ERROR for a .gdshader file the editor has not loaded yet whose code does not compile,
## found in a separate process: loading it here would print the compiler's error into the log.
static func _compiles_unloaded(params: CommandParams) -> Result:
	var path: Result = ProjectFiles.existing_file(params) if params.has("path") else Result.of("")
	if path.failed() or path.value.get_extension() != "gdshader" or ResourceLoader.has_cached(path.value):
		return Result.of()
	var text: Result = ProjectFiles.text_of(path.value)
	var checked: Result = await ShaderChecker.check(text.value, path.value) if text.succeeded() else text
	if checked.failed() or checked.value["ok"]:
		return checked
	var first: Dictionary = checked.value["errors"][0]
	return Result.fail(
		"COMPILE_ERROR",
		"'%s' does not compile: line %d: %s" % [first.get("file", path.value), first["line"], first["message"]],
		"Fix the shader (file_write), then list again; shader_check checks code before you write it."
	)


## [shader, ShaderMaterial or null] that params name: a shader file, a ShaderMaterial file or slot.
static func _shader_and_material(params: CommandParams) -> Result:
	var found: Result
	if params.has("path"):
		found = ProjectFiles.resource_at(params)
	else:
		var scene: Result = SceneTarget.require(params.text("scene"))
		var node: Result = (
			NodeLookup.require(scene.value.root, params.text("node_path")) if scene.succeeded() else scene
		)
		var slot: Result = MaterialTarget.slot_material(node.value, params) if node.succeeded() else node
		found = Result.of(slot.value[1]) if slot.succeeded() else slot
	if found.failed():
		return found
	if found.value is Shader:
		return Result.of([found.value, null])
	var material: ShaderMaterial = found.value as ShaderMaterial
	if material == null or material.shader == null:
		return Result.fail(
			"INVALID_PARAMS",
			"That is a %s, not a shader or a ShaderMaterial with a shader." % found.value.get_class(),
			"material_get reads other materials."
		)
	return Result.of([material.shader, material])
