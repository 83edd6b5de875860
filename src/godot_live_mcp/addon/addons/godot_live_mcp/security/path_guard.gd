@tool
extends RefCounted
## Confines LLM-supplied paths to res:// (or user://): no '..' escape, no absolute OS path, no drive
## letter, no UNC share, no other scheme; the addon's own folder and internal files are off limits.
## Export-clean: used by the runtime too.

const ADDON_DIR := "res://addons/godot_live_mcp"
const USER_INTERNAL_DIR := "user://godot_live_mcp"


## {"ok": true, "path": "res://…"} or {"ok": false, "reason": "…"}. A bare relative path is taken under res://.
static func resolve_project(raw: Variant) -> Dictionary:
	var checked: Dictionary = _common_checks(raw, "res://")
	if not checked["ok"]:
		return checked
	var path: String = checked["path"]
	if path == ADDON_DIR or path.begins_with(ADDON_DIR + "/"):
		return _deny("'%s' is inside the MCP addon's own folder, which tools may not touch." % path)
	return checked


## The same rules for user:// paths; the toolkit's internal user:// folder is off limits.
static func resolve_user(raw: Variant) -> Dictionary:
	var checked: Dictionary = _common_checks(raw, "user://")
	if not checked["ok"]:
		return checked
	var path: String = checked["path"]
	if path == USER_INTERNAL_DIR or path.begins_with(USER_INTERNAL_DIR + "/"):
		return _deny("'%s' is the toolkit's internal folder." % path)
	return checked


static func _common_checks(raw: Variant, root: String) -> Dictionary:
	if not raw is String or (raw as String).strip_edges().is_empty():
		return _deny("The path is empty or not a string.")
	var text: String = (raw as String).strip_edges()
	if text.to_utf8_buffer().has(0):
		return _deny("The path contains a NUL character.")
	if text.contains("\\"):
		return _deny("'%s' uses backslashes; use forward slashes under %s." % [text, root])
	if not text.begins_with(root):
		if text.contains("://"):
			return _deny("'%s' is not under %s." % [text, root])
		if text.begins_with("/") or _has_drive_letter(text):
			return _deny("'%s' is an absolute OS path; use a %s path." % [text, root])
		text = root + text
	var rest: String = text.substr(root.length())
	for part: String in rest.split("/"):
		if part == "..":
			return _deny("'%s' climbs out with '..'." % text)
	var simplified: String = root + rest.simplify_path().trim_prefix("/")
	if simplified.ends_with("/") and simplified != root:
		simplified = simplified.trim_suffix("/")
	return {"ok": true, "path": simplified}


static func _has_drive_letter(text: String) -> bool:
	return text.length() >= 2 and text[1] == ":" and text.unicode_at(0) < 128


static func _deny(reason: String) -> Dictionary:
	return {"ok": false, "reason": reason}
