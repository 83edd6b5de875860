@tool
extends RefCounted
## Which entries of the project's global class list are extensions. A GDScript class counts when its
## immediate base is MCPToolkitExtension (a subclass of an extension does not: it would register the
## same commands again). A C# class counts when its name starts with MCPToolkit, since C# cannot
## extend a GDScript class; the loader then checks that it has Register(). Never one in a disabled
## addon, under a folder the editor ignores (.gdignore), or inside this toolkit's own folder.

const BASE_CLASS := &"MCPToolkitExtension"
const CSHARP_PREFIX := "MCPToolkit"
const GDSCRIPT := "GDScript"
const CSHARP := "C#"
const OWN_FOLDER := "res://addons/godot_live_mcp/"
const ADDONS := "res://addons/"
const ENABLED_PLUGINS_SETTING := "editor_plugins/enabled"


## The extension entries of class_list ({"class", "path", "language", "base"}), by class name.
## enabled_plugins: the plugin.cfg paths of the enabled addons (ProjectSettings editor_plugins/enabled).
static func select(class_list: Array[Dictionary], enabled_plugins: PackedStringArray) -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for entry: Dictionary in class_list:
		if is_candidate(entry) and where_excluded(str(entry.get("path", "")), enabled_plugins) == "":
			found.append(entry)
	found.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return str(a["class"]) < str(b["class"]))
	return found


## The extension entries of this project's class list now.
static func in_project() -> Array[Dictionary]:
	var enabled: PackedStringArray = PackedStringArray(ProjectSettings.get_setting(ENABLED_PLUGINS_SETTING, []))
	var existing: Array[Dictionary] = []
	for entry: Dictionary in ProjectSettings.get_global_class_list():
		if FileAccess.file_exists(str(entry.get("path", ""))):  # the list can outlive a deleted script
			existing.append(entry)
	return select(existing, enabled)


## Whether the entry has the shape of an extension, wherever it lives.
static func is_candidate(entry: Dictionary) -> bool:
	var language: String = str(entry.get("language", ""))
	if language == GDSCRIPT:
		return StringName(str(entry.get("base", ""))) == BASE_CLASS
	return language == CSHARP and str(entry.get("class", "")).begins_with(CSHARP_PREFIX)


## Why a script at path is not loaded although its class qualifies, or "" when it is loaded.
static func where_excluded(path: String, enabled_plugins: PackedStringArray) -> String:
	if path.begins_with(OWN_FOLDER):
		return "inside the toolkit's own folder"
	var addon_config: String = _addon_config(path)
	if addon_config != "" and FileAccess.file_exists(addon_config) and not addon_config in enabled_plugins:
		return "in a disabled addon (%s)" % addon_config.get_base_dir()
	var folder: String = path.get_base_dir()
	while folder.begins_with("res://") and folder != "res://":
		if FileAccess.file_exists(folder.path_join(".gdignore")):
			return "under %s, which has a .gdignore" % folder
		folder = folder.get_base_dir()
	return ""


## res://addons/<name>/plugin.cfg for a script under res://addons/<name>/, else "".
static func _addon_config(path: String) -> String:
	if not path.begins_with(ADDONS):
		return ""
	var addon: String = path.trim_prefix(ADDONS).get_slice("/", 0)
	return ADDONS + addon + "/plugin.cfg" if path.trim_prefix(ADDONS).contains("/") else ""
