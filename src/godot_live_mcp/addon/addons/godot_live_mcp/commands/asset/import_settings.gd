@tool
extends RefCounted
## The import settings of an imported file: the [params] section of its .import file, changed by
## value and applied by rewriting that file and asking the editor to reimport.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const PropertyOutput := preload("res://addons/godot_live_mcp/authoring/property_output.gd")

const SECTION := "params"


## The parsed .import file of path; INVALID_PARAMS when the file is not imported.
static func read(path: String) -> Result:
	var config: ConfigFile = ConfigFile.new()
	if not FileAccess.file_exists(path + ".import") or config.load(path + ".import") != OK:
		return Result.fail(
			"INVALID_PARAMS",
			"'%s' has no import settings (no .import file beside it)." % path,
			"Only imported files (textures, sounds, models, fonts) have them; asset_list shows assets."
		)
	return Result.of(config)


## Sets each wanted setting in config, converted to the type it has now; the names changed, or
## INVALID_PARAMS for a name the importer does not have or a value of the wrong kind.
static func change(config: ConfigFile, wanted: Dictionary) -> Result:
	var changed: Array[String] = []
	for key: String in wanted:
		if not config.has_section_key(SECTION, key):
			return Result.fail(
				"INVALID_PARAMS",
				"'%s' is not an import setting of this file." % key,
				"Call asset_reimport without settings to list them: %s." % ", ".join(config.get_section_keys(SECTION))
			)
		var current: Variant = config.get_value(SECTION, key)
		var value: Variant = _converted(wanted[key], typeof(current))
		if value == null:
			return Result.fail(
				"INVALID_PARAMS",
				(
					"Import setting '%s' takes a %s, not %s."
					% [key, type_string(typeof(current)), JSON.stringify(wanted[key])]
				),
				"Give a value of the same kind as the current one."
			)
		if value != current:
			config.set_value(SECTION, key, value)
			changed.append(key)
	return Result.of(changed)


## Writes the .import text and reimports path; the do and undo step of asset.reimport.
static func apply(path: String, import_text: String) -> void:
	ProjectFiles.write_bytes(path + ".import", import_text.to_utf8_buffer())
	EditorInterface.get_resource_filesystem().reimport_files(PackedStringArray([path]))


## {path, importer, settings} as the .import file holds them now.
static func summary(path: String) -> Dictionary:
	var config: ConfigFile = ConfigFile.new()
	config.load(path + ".import")
	var settings: Dictionary = {}
	if config.has_section(SECTION):
		for key: String in config.get_section_keys(SECTION):
			settings[key] = PropertyOutput.json_of(config.get_value(SECTION, key), {}).get("value")
	return {"path": path, "importer": str(config.get_value("remap", "importer", "")), "settings": settings}


static func _converted(value: Variant, kind: int) -> Variant:
	match kind:
		TYPE_BOOL:
			return value if value is bool else null
		TYPE_INT:
			return int(value) if (value is float or value is int) and float(value) == floorf(float(value)) else null
		TYPE_FLOAT:
			return float(value) if value is float or value is int else null
		TYPE_STRING, TYPE_STRING_NAME:
			return str(value) if value is String else null
	return value if typeof(value) == kind else null
