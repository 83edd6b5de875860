@tool
extends RefCounted
## Which extensions a person enabled: contract.json person_only_files.extensions_file
## (.godot-live-mcp/extensions.json, {"enabled": {ClassName: {"path", "sha256"}}}), written by
## `godot-live-mcp extensions enable NAME` or the dock, never by a tool (the folder is person-only).
## An extension loads only while its class, path and content are the ones the person enabled: a new
## one, or one edited since, waits for the person.

const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")

const UNREADABLE := "unreadable"
const HINT := "A person enables it: godot-live-mcp extensions enable %s (or Enable in the MCP dock)."


## Where the person's list lives (res://).
static func file_path() -> String:
	return "res://" + str(ContractData.section("person_only_files").get("extensions_file", ""))


## Why the extension of class_name at path may not load yet, or "" when a person enabled it as it is.
static func waiting_reason(class_named: String, path: String) -> String:
	var enabled: Variant = _enabled().get(class_named)
	if not enabled is Dictionary:
		return "a person has not enabled it yet"
	if str((enabled as Dictionary).get("path", "")) != path:
		return "it moved since a person enabled it (from %s)" % str((enabled as Dictionary).get("path", ""))
	if str((enabled as Dictionary).get("sha256", "")) != FileAccess.get_sha256(path):
		return "its script changed since a person enabled it"
	return ""


static func hint_for(class_named: String) -> String:
	return HINT % class_named


## Records that a person enabled the extension as its script is now (the dock's Enable button).
static func enable(class_named: String, path: String) -> Error:
	var data: Dictionary = _read()
	var enabled: Dictionary = data.get("enabled", {}) if data.get("enabled") is Dictionary else {}
	enabled[class_named] = {"path": path, "sha256": FileAccess.get_sha256(path)}
	data["enabled"] = enabled
	DirAccess.make_dir_recursive_absolute(file_path().get_base_dir())
	var file: FileAccess = FileAccess.open(file_path(), FileAccess.WRITE)
	if file == null:
		return FileAccess.get_open_error()
	file.store_string(JSON.stringify(data, "  ", false) + "\n")
	return file.get_error()


## The list's content hash, "" without one: the watcher refreshes when it changes. UNREADABLE when the
## file is there but cannot be read now (no file descriptor left): not a change of the person's mind.
static func stamp() -> String:
	if not FileAccess.file_exists(file_path()):
		return ""
	var md5: String = FileAccess.get_md5(file_path())
	return md5 if md5 != "" else UNREADABLE


static func _enabled() -> Dictionary:
	var enabled: Variant = _read().get("enabled", {})
	return enabled if enabled is Dictionary else {}


static func _read() -> Dictionary:
	if not FileAccess.file_exists(file_path()):
		return {}
	var json: JSON = JSON.new()
	if json.parse(FileAccess.get_file_as_string(file_path())) != OK:
		return {}  # a broken list enables nothing
	return json.data if json.data is Dictionary else {}
