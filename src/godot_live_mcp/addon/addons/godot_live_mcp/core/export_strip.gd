@tool
extends EditorExportPlugin
## Keeps the toolkit out of exported games: leaves out the addon's folder, every extension script (a
## class extending MCPToolkitExtension directly, wherever it lives) and res://.mcp.json, and takes the
## runtime autoload out of the exported settings. Secret files (security/secret_files.gd) never ship,
## whatever the preset's include filter says; the export warns, naming the ones it left out. In the
## binary-token script modes the engine compiles scripts before this plugin sees them, so those scripts
## still ship, compiled and inert (nothing loads them); the export then warns, naming the addon and the
## extensions.

const RuntimeAutoload := preload("res://addons/godot_live_mcp/core/runtime_autoload.gd")
const ExtensionCandidates := preload("res://addons/godot_live_mcp/extensions/extension_candidates.gd")
const SecretFiles := preload("res://addons/godot_live_mcp/security/secret_files.gd")
## At most this many left-out secret files are named in the export's warning.
const NAMED_SECRETS := 10

const ADDON_FOLDER := "res://addons/godot_live_mcp/"
const MCP_CONFIG := "res://.mcp.json"
const NAME := "godot_live_mcp"

var _extension_scripts: PackedStringArray = PackedStringArray()
## What ships compiled in this export: the addon's folder and the extension scripts, in binary-token mode.
var _shipped_compiled: PackedStringArray = PackedStringArray()
## The runtime autoload taken out for this export ([value, order]), put back at its end.
var _autoload: Array = []
## The secret files this export left out.
var _secrets_left_out: PackedStringArray = PackedStringArray()


func _get_name() -> String:
	return NAME


## The scripts of every class that extends MCPToolkitExtension directly.
static func extension_scripts(class_list: Array[Dictionary]) -> PackedStringArray:
	var paths: PackedStringArray = PackedStringArray()
	for entry: Dictionary in class_list:
		if str(entry.get("language", "")) == ExtensionCandidates.GDSCRIPT and ExtensionCandidates.is_candidate(entry):
			paths.append(str(entry["path"]))
	return paths


## Whether the export leaves path out.
static func strips(path: String, extensions: PackedStringArray) -> bool:
	return path.begins_with(ADDON_FOLDER) or path == MCP_CONFIG or path in extensions


func _export_begin(_features: PackedStringArray, _is_debug: bool, _path: String, _flags: int) -> void:
	_extension_scripts = extension_scripts(ProjectSettings.get_global_class_list())
	var preset: EditorExportPreset = get_export_preset()
	_shipped_compiled.clear()
	_secrets_left_out.clear()
	if preset != null and preset.get_script_export_mode() != EditorExportPreset.MODE_SCRIPT_TEXT:
		_shipped_compiled.append(ADDON_FOLDER)
		_shipped_compiled.append_array(_extension_scripts)
	_take_autoload()


func _export_file(path: String, _type: String, _features: PackedStringArray) -> void:
	if strips(path, _extension_scripts):
		skip()
	elif SecretFiles.pattern_for(path) != "":
		_secrets_left_out.append(path)
		skip()


func _export_end() -> void:
	_restore_autoload()
	_warn_secrets_left_out()
	if _shipped_compiled.is_empty():
		return
	var message: String = (
		(
			"the preset exports scripts as binary tokens, which the engine compiles before any plugin can leave"
			+ " them out: the scripts of %s ship compiled (inert: nothing loads them). For a clean build set"
			+ " Script Export Mode to Text, or add %s* and these extension scripts to the preset's exclude filter."
		)
		% [", ".join(_shipped_compiled), ADDON_FOLDER]
	)
	push_warning("%s: %s" % [NAME, message])
	var platform: EditorExportPlatform = get_export_platform()
	if platform != null:
		platform.add_message(EditorExportPlatform.EXPORT_MESSAGE_WARNING, NAME, message)


func _warn_secrets_left_out() -> void:
	if _secrets_left_out.is_empty():
		return
	var named: PackedStringArray = _secrets_left_out.slice(0, NAMED_SECRETS)
	var more: int = _secrets_left_out.size() - named.size()
	var message: String = (
		(
			"left out %d secret file(s): secret files never ship, whatever the include filter says (a person"
			+ " who means to ship one sets %s): %s%s."
		)
		% [
			_secrets_left_out.size(),
			SecretFiles.ALLOW_SETTING,
			", ".join(named),
			" and %d more" % more if more > 0 else "",
		]
	)
	push_warning("%s: %s" % [NAME, message])
	var platform: EditorExportPlatform = get_export_platform()
	if platform != null:
		platform.add_message(EditorExportPlatform.EXPORT_MESSAGE_WARNING, NAME, message)


## In memory only, never saved: project.godot keeps the autoload.
func _take_autoload() -> void:
	_autoload = []
	if ProjectSettings.has_setting(RuntimeAutoload.SETTING):
		var setting: String = RuntimeAutoload.SETTING
		_autoload = [ProjectSettings.get_setting(setting), ProjectSettings.get_order(setting)]
		ProjectSettings.set_setting(setting, null)


func _restore_autoload() -> void:
	if _autoload.is_empty():
		return
	ProjectSettings.set_setting(RuntimeAutoload.SETTING, _autoload[0])
	ProjectSettings.set_order(RuntimeAutoload.SETTING, int(_autoload[1]))
	_autoload = []


func _get_customization_configuration_hash() -> int:
	return 0


func _customize_resource(_resource: Resource, _path: String) -> Resource:
	return null


func _customize_scene(_scene: Node, _path: String) -> Node:
	return null
