@tool
extends RefCounted
## The project's autoloads as autoload_list and project_info report them, read from the
## autoload/ settings in load order.

const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")

const PREFIX := "autoload/"
## One autoload as the tools report it; as a field, the autoloads in load order.
const ROWS := {
	"@": "array: In load order.",
	"name!": "string: Name of the autoload node (and global variable when singleton).",
	"path!": "string: res:// path of its script or scene.",
	"singleton!": "boolean: Whether the name is a global variable.",
	"order": "integer: Position in the load order, from 0 (loads first).",
}


## Every autoload as the tools report it, in load order; names and paths come from the project, so
## they are scrubbed of secrets.
static func rows() -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for name: String in names():
		var listed: Dictionary = row(name)
		listed["name"] = Scrubber.scrub(name)
		listed["path"] = Scrubber.scrub(listed["path"])
		found.append(listed)
	return found


## One autoload: name, res:// path, singleton, and its position in the load order.
static func row(name: String) -> Dictionary:
	var value: String = str(ProjectSettings.get_setting(PREFIX + name, ""))
	return {
		"name": name,
		"path": _resource_path(value.trim_prefix("*")),
		"singleton": value.begins_with("*"),
		"order": names().find(name),
	}


## The autoloads' names in load order (the order of their settings in project.godot).
static func names() -> PackedStringArray:
	var keys: Array[String] = []
	for property: Dictionary in ProjectSettings.get_property_list():
		if str(property["name"]).begins_with(PREFIX):
			keys.append(str(property["name"]))
	keys.sort_custom(
		func(a: String, b: String) -> bool: return ProjectSettings.get_order(a) < ProjectSettings.get_order(b)
	)
	var ordered: PackedStringArray = PackedStringArray()
	for key: String in keys:
		ordered.append(key.trim_prefix(PREFIX))
	return ordered


## The res:// path of a stored path; the editor stores new autoloads by uid:// since Godot 4.4.
static func _resource_path(stored: String) -> String:
	if not stored.begins_with("uid://"):
		return stored
	var id: int = ResourceUID.text_to_id(stored)
	return ResourceUID.get_id_path(id) if ResourceUID.has_id(id) else stored
