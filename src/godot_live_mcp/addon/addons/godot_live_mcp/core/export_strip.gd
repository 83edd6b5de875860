@tool
extends EditorExportPlugin
## Keeps the toolkit out of exported games: leaves out the addon's folder, every extension script (a
## class extending MCPToolkitExtension directly, wherever it lives) and res://.mcp.json, takes the
## runtime autoload and the addon's editor plugin entry out of the exported settings, and their entries
## out of the class and uid caches the export copies (core/export_caches.gd). Secret files
## (security/secret_files.gd) never ship, whatever the preset's include filter says; the export warns,
## naming the ones it left out. In the binary-token script modes the engine compiles scripts before
## this plugin sees them, so toolkit scripts the preset's exclude filter lets through still ship,
## compiled and inert (nothing loads them); the export then warns, naming them.

const RuntimeAutoload := preload("res://addons/godot_live_mcp/core/runtime_autoload.gd")
const ExportCaches := preload("res://addons/godot_live_mcp/core/export_caches.gd")
const ExtensionCandidates := preload("res://addons/godot_live_mcp/extensions/extension_candidates.gd")
const SecretFiles := preload("res://addons/godot_live_mcp/security/secret_files.gd")
## At most this many left-out secret files (or compiled toolkit scripts) are named in a warning.
const NAMED_SECRETS := 10

const ADDON_FOLDER := "res://addons/godot_live_mcp/"
const PLUGIN_CFG := ADDON_FOLDER + "plugin.cfg"
const PLUGINS_SETTING := "editor_plugins/enabled"
const MCP_CONFIG := "res://.mcp.json"
const NAME := "godot_live_mcp"

var _extension_scripts: PackedStringArray = PackedStringArray()
## The toolkit scripts this export ships compiled: binary-token mode, not in the exclude filter.
var _shipped_compiled: PackedStringArray = PackedStringArray()
## The runtime autoload taken out for this export ([value, order]), put back at its end.
var _autoload: Array = []
## The enabled editor plugins before this export took the addon's entry out ([value, order]).
var _plugins: Array = []
## The secret files this export left out.
var _secrets_left_out: PackedStringArray = PackedStringArray()
var _caches: ExportCaches = ExportCaches.new()


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


## Whether path matches one of the preset's exclude filters, as the engine matches them (with and
## without "res://", case ignored).
static func excluded(path: String, exclude_filter: String) -> bool:
	for part: String in exclude_filter.split(","):
		var pattern: String = part.strip_edges()
		if pattern != "" and (path.matchn(pattern) or path.trim_prefix("res://").matchn(pattern)):
			return true
	return false


## Every script in folder and beneath it.
static func scripts_under(folder: String) -> PackedStringArray:
	var found: PackedStringArray = PackedStringArray()
	for file: String in DirAccess.get_files_at(folder):
		if file.get_extension() == "gd":
			found.append(folder.path_join(file))
	for child: String in DirAccess.get_directories_at(folder):
		found.append_array(scripts_under(folder.path_join(child)))
	return found


func _export_begin(_features: PackedStringArray, _is_debug: bool, _path: String, _flags: int) -> void:
	_extension_scripts = extension_scripts(ProjectSettings.get_global_class_list())
	_shipped_compiled = _compiled_toolkit_scripts(get_export_preset())
	_secrets_left_out.clear()
	_take_autoload()
	_take_plugin_entry()
	var extensions: PackedStringArray = _extension_scripts
	_caches.leave_out(
		func(path: String) -> bool: return strips(path, extensions) or SecretFiles.pattern_for(path) != ""
	)


## What the engine compiles into this export before any plugin sees it: the addon's folder (with how
## many of its scripts) and each extension script the preset's exclude filter lets through.
func _compiled_toolkit_scripts(preset: EditorExportPreset) -> PackedStringArray:
	var compiled: PackedStringArray = PackedStringArray()
	if preset == null or preset.get_script_export_mode() == EditorExportPreset.MODE_SCRIPT_TEXT:
		return compiled
	var filter: String = preset.get_exclude_filter()
	var addon: int = 0
	for script: String in scripts_under(ADDON_FOLDER.trim_suffix("/")):
		addon += 0 if excluded(script, filter) else 1
	if addon > 0:
		compiled.append("%s (%d scripts)" % [ADDON_FOLDER, addon])
	for script: String in _extension_scripts:
		if not excluded(script, filter):
			compiled.append(script)
	return compiled


func _export_file(path: String, _type: String, _features: PackedStringArray) -> void:
	if strips(path, _extension_scripts):
		skip()
	elif SecretFiles.pattern_for(path) != "":
		_secrets_left_out.append(path)
		skip()


func _export_end() -> void:
	_caches.put_back()
	_restore_plugin_entry()
	_restore_autoload()
	_warn_secrets_left_out()
	_warn_compiled()


func _warn_compiled() -> void:
	if _shipped_compiled.is_empty():
		return
	var named: PackedStringArray = _shipped_compiled.slice(0, NAMED_SECRETS)
	var more: int = _shipped_compiled.size() - named.size()
	var message: String = (
		(
			"the preset exports scripts as binary tokens, which the engine compiles before any plugin can leave"
			+ " them out, so these toolkit scripts ship compiled (inert: nothing loads them): %s%s. For a clean"
			+ " build add %s* and the extension scripts to the preset's exclude filter, or set Script Export"
			+ " Mode to Text."
		)
		% [", ".join(named), " and %d more" % more if more > 0 else "", ADDON_FOLDER]
	)
	_warn(message)


## Once: the platform's export message is printed too, and shown in the Export dialog.
func _warn(message: String) -> void:
	var platform: EditorExportPlatform = get_export_platform()
	if platform == null:
		push_warning("%s: %s" % [NAME, message])
		return
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
	_warn(message)


## In memory only, never saved: project.godot keeps the autoload.
func _take_autoload() -> void:
	_autoload = []
	if ProjectSettings.has_setting(RuntimeAutoload.SETTING):
		var setting: String = RuntimeAutoload.SETTING
		_autoload = [ProjectSettings.get_setting(setting), ProjectSettings.get_order(setting)]
		ProjectSettings.set_setting(setting, null)


## In memory only, never saved: the exported settings list no toolkit plugin.
func _take_plugin_entry() -> void:
	_plugins = []
	if not ProjectSettings.has_setting(PLUGINS_SETTING):
		return
	var enabled: PackedStringArray = PackedStringArray(ProjectSettings.get_setting(PLUGINS_SETTING))
	if not PLUGIN_CFG in enabled:
		return
	_plugins = [enabled, ProjectSettings.get_order(PLUGINS_SETTING)]
	var others: PackedStringArray = PackedStringArray()
	for plugin: String in enabled:
		if plugin != PLUGIN_CFG:
			others.append(plugin)
	ProjectSettings.set_setting(PLUGINS_SETTING, others if not others.is_empty() else null)


func _restore_plugin_entry() -> void:
	if _plugins.is_empty():
		return
	ProjectSettings.set_setting(PLUGINS_SETTING, _plugins[0])
	ProjectSettings.set_order(PLUGINS_SETTING, int(_plugins[1]))
	_plugins = []


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
