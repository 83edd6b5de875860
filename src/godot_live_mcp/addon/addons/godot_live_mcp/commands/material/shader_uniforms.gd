@tool
extends RefCounted
## A shader's uniforms as the engine compiles them (the editor's headless renderer compiles shader
## code too): rows for listing, and JSON parameter values typed by their uniform.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const Coercion := preload("res://addons/godot_live_mcp/contract/coercion.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")

## What a ShaderMaterial stores a parameter's value under.
const PREFIX := "shader_parameter/"


## The uniform entries (name, type, hint, hint_string) of shader; group and subgroup entries left out.
static func of(shader: Shader) -> Array[Dictionary]:
	var uniforms: Array[Dictionary] = []
	if shader == null:
		return uniforms
	for entry: Dictionary in shader.get_shader_uniform_list():
		if int(entry["usage"]) & (PROPERTY_USAGE_GROUP | PROPERTY_USAGE_SUBGROUP) == 0:
			uniforms.append(entry)
	return uniforms


## {name, type, range?, default?, value?} rows; value only when a material is given.
static func rows(shader: Shader, material: ShaderMaterial) -> Array[Dictionary]:
	var listed: Array[Dictionary] = []
	for entry: Dictionary in of(shader):
		var name: String = entry["name"]
		var row: Dictionary = {"name": name, "type": type_name(entry)}
		if int(entry["hint"]) == PROPERTY_HINT_RANGE:
			row["range"] = str(entry["hint_string"])
		# The headless editor's dummy renderer knows no defaults; a rendering one does.
		var initial: Variant = RenderingServer.shader_get_parameter_default(shader.get_rid(), name)
		if initial != null:
			row["default"] = Coercion.to_json(initial)
		if material != null:
			row["value"] = Coercion.to_json(material.get_shader_parameter(name))
		listed.append(row)
	return listed


## "float", "Color", "Vector3", or a sampler's texture class ("Texture2D").
static func type_name(entry: Dictionary) -> String:
	if int(entry["type"]) == TYPE_OBJECT:
		return str(entry["hint_string"]) if str(entry["hint_string"]) != "" else "Texture"
	return type_string(int(entry["type"]))


## {shader_parameter/<name>: engine value} for the JSON values, each coerced to its uniform's type;
## NOT_FOUND (with the closest names) for an unknown uniform, TYPE_MISMATCH for a bad value.
static func coerce(shader: Shader, values: Dictionary) -> Result:
	var uniforms: Dictionary = {}
	for entry: Dictionary in of(shader):
		uniforms[entry["name"]] = entry
	var coerced: Dictionary = {}
	for key: Variant in values:
		var name: String = str(key)
		if not uniforms.has(name):
			var known: PackedStringArray = PackedStringArray(uniforms.keys())
			return Result.fail(
				"NOT_FOUND",
				"The shader has no uniform '%s'." % name,
				(
					"%sIts uniforms: %s." % [NameSuggestions.did_you_mean(name, uniforms.keys()), ", ".join(known)]
					+ " shader_list_uniforms shows their types; none at all may mean the shader does not compile"
					+ " (shader_check)."
				)
			)
		var entry: Dictionary = uniforms[name]
		var value: Result = Coercion.from_json(
			values[key], int(entry["type"]), int(entry["hint"]), str(entry["hint_string"])
		)
		if value.failed():
			return value.within("Uniform '%s' (%s)" % [name, type_name(entry)])
		coerced[PREFIX + name] = value.value
	return Result.of(coerced)
