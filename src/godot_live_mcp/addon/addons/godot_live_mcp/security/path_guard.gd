@tool
extends RefCounted
## Confines LLM-supplied paths to res:// (or user://) by where they really lead, not how they are
## spelled: no '..' escape, no absolute OS path, drive letter, UNC share or other scheme, no control
## or bidirectional-override character; then every symbolic link along the path (and any '..' a
## link brings) is resolved component by component, and the real location must lie inside the root
## and outside the addon's own folder (or the toolkit's user:// folder).
## Links: a link whose target stays inside the project is followed, and the tools answer with the
## real path; one that leads out is refused (PATH_DENIED), as is a chain of more than MAX_LINK_HOPS.
## Recursive walks never follow links at all (is_link), and delete/move never act on a link itself
## (project_entry). Writes are also refused under .godot/, to project.godot and to the files only a
## person edits (PersonOnly: the server's configuration), and a folder holding one is never deleted.
## Files that are secrets by name (SecretFiles) are refused to every path unless the project opts in.
## Export-clean: used by the runtime too.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const NameRules := preload("res://addons/godot_live_mcp/security/name_rules.gd")
const RealPath := preload("res://addons/godot_live_mcp/security/real_path.gd")
const SecretFiles := preload("res://addons/godot_live_mcp/security/secret_files.gd")
const PersonOnly := preload("res://addons/godot_live_mcp/security/person_only.gd")

const ADDON_DIR := "res://addons/godot_live_mcp"
const USER_INTERNAL_DIR := "user://godot_live_mcp"
const USER_HINT := "Use a user:// path (no '..', no absolute OS path); user://godot_live_mcp is off limits."
const ENGINE_CACHE_DIR := "res://.godot"
const PROJECT_FILE := "res://project.godot"
const ADDON_FENCE := "inside the MCP addon's own folder, which tools may not touch"
const WRITE_HINT := (
	"Write elsewhere under res://: .godot/ is the engine's cache, and project settings have their own"
	+ " tools (project_set_setting, autoload_add, input_map_add_action)."
)


## The real res:// path raw leads to, or PATH_DENIED saying why not. A bare relative path is taken
## under res://; links inside the project are followed, links out of it refused.
static func project_path(raw: Variant) -> Result:
	var spelled: Result = _confined(raw, "res://", ADDON_DIR, ADDON_FENCE)
	return _real(spelled, "res://", ADDON_DIR) if spelled.succeeded() else spelled


## project_path() for a path a tool writes to: never under .godot/, project.godot itself, nor a file
## only a person edits (PERMISSION_DENIED).
static func writable_project_path(raw: Variant) -> Result:
	var path: Result = project_path(raw)
	if path.failed():
		return path
	if _within(path.value, ENGINE_CACHE_DIR):
		return Result.fail("PATH_DENIED", "'%s' is in the engine's cache folder .godot/." % path.value, WRITE_HINT)
	if _same(path.value, PROJECT_FILE):
		return Result.fail("PATH_DENIED", "'%s' is the project file itself." % path.value, WRITE_HINT)
	return PersonOnly.check(path.value)


## The path of an entry a tool deletes or moves: its folders resolved as project_path() does, the
## entry itself left as named and refused when it is a link (removing or moving a link through the
## tools could not be undone faithfully, and its target is not what was named).
static func project_entry(raw: Variant) -> Result:
	var spelled: Result = _confined(raw, "res://", ADDON_DIR, ADDON_FENCE)
	if spelled.failed() or spelled.value == "res://":
		return spelled
	var folder: Result = _real(Result.of(str(spelled.value).get_base_dir()), "res://", ADDON_DIR)
	if folder.failed():
		return folder
	var entry: String = str(folder.value).path_join(str(spelled.value).get_file())
	if is_link(entry):
		return _deny("'%s' is a symbolic link; the file tools do not move or delete links." % spelled.value, "res://")
	var writable: Result = writable_project_path(entry)
	if writable.succeeded() and DirAccess.dir_exists_absolute(writable.value):
		return PersonOnly.check_folder(writable.value)
	return writable


## The same rules for user:// paths; the toolkit's internal user:// folder is off limits.
static func user_path(raw: Variant) -> Result:
	var spelled: Result = _confined(raw, "user://", USER_INTERNAL_DIR, "the toolkit's internal folder")
	return _real(spelled, "user://", USER_INTERNAL_DIR) if spelled.succeeded() else spelled


## True when the entry at a res:// or user:// path is itself a symbolic link (walks skip those).
static func is_link(path: String) -> bool:
	return RealPath.is_link(ProjectSettings.globalize_path(path))


static func _confined(raw: Variant, root: String, fenced: String, fence_text: String) -> Result:
	var checked: Result = _under_root(raw, root)
	if checked.failed():
		return checked
	var path: String = checked.value
	if _within(path, fenced):
		return _deny("'%s' is %s." % [path, fence_text], root)
	return checked


## Where a lexically confined path really leads, spelled under root again; PATH_DENIED when a link
## takes it out of root or into the fenced folder.
static func _real(spelled: Result, root: String, fenced: String) -> Result:
	var path: String = spelled.value
	var root_os: String = ProjectSettings.globalize_path(root).trim_suffix("/")
	if root_os.contains("://") or root_os.is_empty():
		return SecretFiles.check(path)  # an exported game's res:// is a pack: no links to follow
	var real_root: String = RealPath.of_root(root_os)
	var resolved: Result = RealPath.resolve(ProjectSettings.globalize_path(path))
	if resolved.failed():
		return _deny("'%s' %s." % [path, resolved.message], root)
	var real: String = resolved.value
	if real != real_root and not _within(real, real_root):
		return _deny("'%s' is a symbolic link (or passes through one) that leads out of %s." % [path, root], root)
	var inside: String = root + real.substr(real_root.length()).trim_prefix("/")
	inside = inside.trim_suffix("/") if inside != root else inside
	if _within(inside, fenced):
		return _deny("'%s' leads through a symbolic link into %s, which tools may not touch." % [path, fenced], root)
	var named: Result = SecretFiles.check(path)  # by the name asked for and by the real one
	return named if named.failed() else SecretFiles.check(inside)


static func _under_root(raw: Variant, root: String) -> Result:
	if not raw is String or (raw as String).strip_edges().is_empty():
		return _deny("The path is empty or not a string.", root)
	var text: String = (raw as String).strip_edges()
	var unsafe: String = NameRules.problem(text)
	if unsafe != "":
		return _deny("The path %s." % unsafe, root)
	if text.contains("\\"):
		return _deny("'%s' uses backslashes; use forward slashes under %s." % [text, root], root)
	if not text.begins_with(root):
		if text.contains("://"):
			return _deny("'%s' is not under %s." % [text, root], root)
		if text.begins_with("/") or _has_drive_letter(text):
			return _deny("'%s' is an absolute OS path; use a %s path." % [text, root], root)
		text = root + text
	var rest: String = text.substr(root.length())
	if rest.split("/").has(".."):
		return _deny("'%s' climbs out with '..'." % text, root)
	var simplified: String = root + rest.simplify_path().trim_prefix("/")
	if simplified.ends_with("/") and simplified != root:
		simplified = simplified.trim_suffix("/")
	return Result.of(simplified)


## path is folder or lies inside it; without regard to case where the file system ignores it.
static func _within(path: String, folder: String) -> bool:
	return _same(path, folder) or _fold(path).begins_with(_fold(folder.trim_suffix("/")) + "/")


static func _same(a: String, b: String) -> bool:
	return _fold(a) == _fold(b)


static func _fold(path: String) -> String:
	return path.to_lower() if OS.get_name() in ["Windows", "macOS"] else path


static func _has_drive_letter(text: String) -> bool:
	return text.length() >= 2 and text[1] == ":" and text.unicode_at(0) < 128


## PATH_DENIED; the contract's hint speaks of res:// paths, so user:// ones get their own.
static func _deny(reason: String, root: String) -> Result:
	return Result.fail("PATH_DENIED", reason, USER_HINT if root == "user://" else "")
