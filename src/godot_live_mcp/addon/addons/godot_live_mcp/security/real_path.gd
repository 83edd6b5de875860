@tool
extends RefCounted
## Where an absolute OS path really leads. Godot has no realpath: each component is checked with
## DirAccess.is_link and a link's text (read_link) is spliced in its place, '..' and all, until no
## link is left; a component that does not exist (yet) is taken as spelled (export-clean).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")

## As Linux gives up (ELOOP): more hops than this is a loop.
const MAX_LINK_HOPS := 40

static var _roots: Dictionary = {}  # an OS folder -> its real path


## The real path of a root folder (the project, user://), resolved once.
static func of_root(os_path: String) -> String:
	if not _roots.has(os_path):
		var resolved: Result = resolve(os_path)
		_roots[os_path] = resolved.value if resolved.succeeded() else os_path
	return _roots[os_path]


## The real absolute path, without a trailing "/"; a failure when the links loop.
static func resolve(os_path: String) -> Result:
	var prefix: String = _prefix(os_path)
	var dir: DirAccess = DirAccess.open(prefix)
	var pending: PackedStringArray = _reversed(os_path.substr(prefix.length()).split("/", false))
	var real: String = prefix
	var hops: int = 0
	while not pending.is_empty():
		var name: String = pending[pending.size() - 1]
		pending.remove_at(pending.size() - 1)
		if name == "." or name == "":
			continue
		if name == "..":
			real = _parent(real, prefix)
			continue
		var candidate: String = real.path_join(name)
		if dir == null or not dir.is_link(candidate):
			real = candidate
			continue
		hops += 1
		if hops > MAX_LINK_HOPS:
			return Result.fail("PATH_DENIED", "passes through more than %d symbolic links (they loop)" % MAX_LINK_HOPS)
		var target: String = dir.read_link(candidate).replace("\\", "/")
		if target.is_absolute_path():
			real = _prefix(target)
			target = target.substr(real.length())
		pending.append_array(_reversed(target.split("/", false)))
	return Result.of(real if real == prefix else real.trim_suffix("/"))


## True when the entry at an absolute OS path is itself a symbolic link.
static func is_link(os_path: String) -> bool:
	var dir: DirAccess = DirAccess.open(_prefix(os_path))
	return dir != null and dir.is_link(os_path.trim_suffix("/"))


## "/" on Unix, "C:/" for a Windows drive.
static func _prefix(path: String) -> String:
	if path.length() >= 3 and path[1] == ":" and path[2] == "/":
		return path.substr(0, 3)
	return "/"


static func _parent(path: String, prefix: String) -> String:
	var parent: String = path.get_base_dir()
	return parent if parent.length() > prefix.length() else prefix


static func _reversed(parts: PackedStringArray) -> PackedStringArray:
	var copy: PackedStringArray = parts.duplicate()
	copy.reverse()
	return copy
