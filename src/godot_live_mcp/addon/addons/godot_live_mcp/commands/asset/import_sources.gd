@tool
extends RefCounted
## Where asset.import may copy from: only files under the folders a person listed in the project
## setting godot_live_mcp/assets/import_from (a list, or a comma-separated string, of absolute
## folders; empty by default, so nothing outside the project is reachable until someone opts in).
## A source is judged by where it really leads (links resolved), and secret files stay out.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const RealPath := preload("res://addons/godot_live_mcp/security/real_path.gd")
const SecretFiles := preload("res://addons/godot_live_mcp/security/secret_files.gd")

const SETTING := "godot_live_mcp/assets/import_from"


## The real absolute path of raw when it is a file inside an allowed folder; PATH_DENIED or NOT_FOUND.
static func allowed(raw: String) -> Result:
	if not raw.is_absolute_path() or raw.begins_with("res://") or raw.begins_with("user://"):
		return _deny("'%s' is not an absolute path on this machine." % raw)
	var real: Result = RealPath.resolve(raw)
	if real.failed():
		return _deny("'%s' leads nowhere (its links loop)." % raw)
	var path: String = real.value
	var inside: bool = false
	for folder: String in folders():
		inside = inside or path.begins_with(folder + "/")
	if not inside:
		return _deny("'%s' is not inside a folder the project allows importing from." % raw)
	var secret: Result = SecretFiles.check(path)
	if secret.failed():
		return secret
	if not FileAccess.file_exists(path):
		return Result.fail("NOT_FOUND", "No file at '%s'." % raw, "Check the path; folders are not imported.")
	return Result.of(path)


## The allowed folders, each resolved to its real path.
static func folders() -> PackedStringArray:
	var listed: Variant = ProjectSettings.get_setting(SETTING, PackedStringArray())
	if listed is String:
		listed = (listed as String).split(",", false)
	var found: PackedStringArray = PackedStringArray()
	if not (listed is Array or listed is PackedStringArray):
		return found
	for entry: Variant in listed:
		var folder: String = str(entry).strip_edges()
		if folder.is_absolute_path() and not folder.contains("://"):
			var real: Result = RealPath.resolve(folder.simplify_path())
			if real.succeeded() and str(real.value) != "/":
				found.append(str(real.value).trim_suffix("/"))
	return found


static func _deny(reason: String) -> Result:
	return Result.fail(
		"PATH_DENIED",
		reason,
		(
			(
				"A person lists the folders to import from in the project setting %s (absolute paths);"
				+ " copy files already in the project with file_copy."
			)
			% SETTING
		)
	)
