@tool
extends RefCounted
## Files that configure the MCP server, its plugins, prompts, extensions or trust (contract.json
## "person_only_files": the project's .godot-live-mcp/ folder, override.cfg, the MCP clients' project
## files). Only a person edits them: no tool writes, moves or deletes one, nor a folder holding one,
## whether it is named directly or reached through a link. Reads stay allowed (export-clean).

const ContractData := preload("res://addons/godot_live_mcp/contract/contract_data.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const RealPath := preload("res://addons/godot_live_mcp/security/real_path.gd")

const HINT := (
	"Only a person edits the server's configuration: ask the user to make this change by hand"
	+ " (extensions: godot-live-mcp extensions enable NAME; plugins: godot-live-mcp plugins enable NAME)."
)


## PERMISSION_DENIED when the res:// path is, or lies inside, a person-only place; success (path) else.
static func check(path: String) -> Result:
	for place: String in places():
		if _within(path, place):
			return _refuse(path, place)
	return Result.of(path)


## check() for a folder a tool deletes: also refused when a person-only place lies inside it.
static func check_folder(path: String) -> Result:
	var checked: Result = check(path)
	if checked.failed():
		return checked
	for place: String in places():
		if _within(place, path):
			return _refuse(path, place)
	return checked


## Every person-only place as a res:// path, as listed and where a link inside the project leads it.
static func places() -> PackedStringArray:
	var found: PackedStringArray = PackedStringArray()
	var root_os: String = ProjectSettings.globalize_path("res://").trim_suffix("/")
	var real_root: String = RealPath.of_root(root_os) if not root_os.contains("://") else ""
	for relative: Variant in ContractData.section("person_only_files").get("paths", []):
		var place: String = "res://" + str(relative)
		found.append(place)
		if real_root == "":
			continue  # an exported game's res:// is a pack: no links
		var resolved: Result = RealPath.resolve(ProjectSettings.globalize_path(place))
		var real: String = str(resolved.value) if resolved.succeeded() else ""
		if real.begins_with(real_root + "/") and real != root_os.path_join(str(relative)):
			found.append("res://" + real.substr(real_root.length() + 1))
	return found


static func _refuse(path: String, place: String) -> Result:
	var what: String = "is part of" if _within(path, place) else "holds"
	return Result.fail(
		"PERMISSION_DENIED",
		(
			"'%s' %s %s, which configures the MCP server, its plugins, prompts or trust; tools never change it."
			% [path, what, place]
		),
		HINT
	)


static func _within(path: String, folder: String) -> bool:
	return _fold(path) == _fold(folder) or _fold(path).begins_with(_fold(folder.trim_suffix("/")) + "/")


static func _fold(path: String) -> String:
	return path.to_lower() if OS.get_name() in ["Windows", "macOS"] else path
