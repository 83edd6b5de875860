@tool
extends RefCounted
## file.* commands: list, read (byte paged), write, move and delete project files. Changes are
## undoable in the global history and followed by an editor filesystem update.

const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const ToolkitSettings := preload("res://addons/godot_live_mcp/core/toolkit_settings.gd")
const Untrusted := preload("res://addons/godot_live_mcp/security/untrusted.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const ProjectTree := preload("res://addons/godot_live_mcp/authoring/project_tree.gd")
const TextContent := preload("res://addons/godot_live_mcp/authoring/text_content.gd")
const FileSchemas := preload("res://addons/godot_live_mcp/commands/file_schemas.gd")

const BASE64 := "base64"
const TEXT := "text"

static var _base64_text: RegEx = RegEx.create_from_string("^[A-Za-z0-9+/]*={0,2}$")


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add("file.list", list, FileSchemas.list_options())
	registry.add("file.read", read, FileSchemas.read_options())
	registry.add("file.write", write, FileSchemas.write_options())
	registry.add("file.move", move, FileSchemas.move_options())
	registry.add("file.delete", delete, FileSchemas.delete_options())


static func list(params: Dictionary) -> Dictionary:
	var folder: String = ProjectFiles.guarded(params.get("path", "res://"))
	if folder == "":
		return ProjectFiles.denied("path", params.get("path"))
	if not DirAccess.dir_exists_absolute(folder):
		return _missing_folder(folder)
	var glob: String = str(params.get("glob", "*"))
	var entries: Array[Dictionary] = []
	for entry: Dictionary in ProjectTree.walk(folder, bool(params.get("recursive", false))):
		if ProjectTree.matches(glob, folder, entry["path"]):
			entries.append(entry)
	var page: Dictionary = Pagination.list_page(
		entries, int(params.get("offset", 0)), int(params.get("limit", FileSchemas.DEFAULT_LIMIT)), "entries", "entries"
	)
	page["path"] = folder
	return MCPToolkitSuccess.ok(page)


static func read(params: Dictionary) -> Dictionary:
	var found: Dictionary = ProjectFiles.existing_file(params)
	if found.has("error"):
		return found["error"]
	var path: String = found["path"]
	var bytes: PackedByteArray = FileAccess.get_file_as_bytes(path)
	var offset: int = int(params.get("offset", 0))
	if offset < 0 or offset > bytes.size():
		return MCPToolkitError.fail(
			"INVALID_PARAMS", "offset %d is outside the file (%d bytes)." % [offset, bytes.size()]
		)
	var window: Dictionary = _window(params, bytes.size() - offset)
	if window.has("error"):
		return window["error"]
	if str(params.get("encoding", TEXT)) == BASE64:
		return _base64_page(path, bytes, offset, int(window["size"]))
	return _text_page(path, bytes, offset, int(window["size"]))


static func write(params: Dictionary) -> Dictionary:
	var path: String = ProjectFiles.guarded(params.get("path"))
	if path == "":
		return ProjectFiles.denied("path", params.get("path"))
	var decoded: Dictionary = _content_bytes(params)
	if decoded.has("error"):
		return decoded["error"]
	if DirAccess.dir_exists_absolute(path):
		return MCPToolkitError.fail("INVALID_PARAMS", "'%s' is a folder." % path, "Write to a file path inside it.")
	var chosen: String = IfExists.policy(params, IfExists.REPLACE)
	if chosen == "":
		return IfExists.invalid(params)
	var existed: bool = FileAccess.file_exists(path)
	var bytes: PackedByteArray = decoded["bytes"]
	var result: Dictionary = {"path": path, "bytes_written": 0}
	if existed and chosen != IfExists.REPLACE:
		return IfExists.existing(chosen, "The file '%s'" % path, result)
	var change: Dictionary = await ProjectFiles.apply(
		"Write file %s" % path, PackedStringArray([path]), ProjectFiles.write_bytes.bind(path, bytes)
	)
	if not change["success"]:
		return change
	result.merge({"bytes_written": bytes.size(), "status": "replaced" if existed else "created"}, true)
	result["undoable"] = change["undoable"]
	return MCPToolkitSuccess.ok(result)


static func move(params: Dictionary) -> Dictionary:
	var path: String = ProjectFiles.guarded(params.get("path"))
	var target: String = ProjectFiles.guarded(params.get("to"))
	if path == "" or target == "":
		return ProjectFiles.denied("path" if path == "" else "to", params.get("path" if path == "" else "to"))
	if not FileAccess.file_exists(path):
		return ProjectFiles.missing_file(path)
	if path == target:
		return MCPToolkitError.fail("INVALID_PARAMS", "'to' is the file's own path.")
	var chosen: String = IfExists.policy(params, IfExists.FAIL)
	if chosen == "":
		return IfExists.invalid(params)
	if DirAccess.dir_exists_absolute(target):
		return MCPToolkitError.fail("INVALID_PARAMS", "'%s' is a folder; give the file's new path." % target)
	var result: Dictionary = {"path": path, "to": target}
	if FileAccess.file_exists(target) and chosen != IfExists.REPLACE:
		return IfExists.existing(chosen, "The file '%s'" % target, result)
	var pairs: Dictionary = _move_pairs(path, target)
	var touched: PackedStringArray = PackedStringArray(pairs.keys() + pairs.values())
	var change: Dictionary = await ProjectFiles.apply("Move file %s" % path, touched, _rename_all.bind(pairs))
	if not change["success"]:
		return change
	result.merge({"moved": PackedStringArray(pairs.values()), "undoable": change["undoable"]})
	return MCPToolkitSuccess.ok(result)


static func delete(params: Dictionary) -> Dictionary:
	var path: String = ProjectFiles.guarded(params.get("path"))
	if path == "":
		return ProjectFiles.denied("path", params.get("path"))
	if DirAccess.dir_exists_absolute(path):
		return MCPToolkitError.fail("INVALID_PARAMS", "'%s' is a folder." % path, "Delete folders with folder_delete.")
	if not FileAccess.file_exists(path):
		return ProjectFiles.missing_file(path)
	var doomed: PackedStringArray = ProjectFiles.with_companions(path)
	var change: Dictionary = await ProjectFiles.apply("Delete file %s" % path, doomed, _remove_all.bind(doomed))
	if not change["success"]:
		return change
	return MCPToolkitSuccess.ok({"path": path, "deleted": doomed, "undoable": change["undoable"]})


## {"size": bytes to read} or {"error": FILE_TOO_LARGE} against the live read cap.
static func _window(params: Dictionary, remaining: int) -> Dictionary:
	var cap: int = ToolkitSettings.read_cap_bytes()
	var asked: bool = params.has("max_bytes")
	var size: int = int(params["max_bytes"]) if asked else remaining
	if size > cap:
		var what: String = "max_bytes %d" % size if asked else "The rest of the file (%d bytes)" % size
		return {
			"error":
			MCPToolkitError.fail(
				"FILE_TOO_LARGE",
				"%s is over the read cap of %d bytes (godot_live_mcp/limits/read_cap_kb)." % [what, cap],
				"Pass max_bytes of at most %d and call again with offset = next_offset until has_more is false." % cap
			)
		}
	return {"size": mini(maxi(size, 0), remaining)}


static func _text_page(path: String, bytes: PackedByteArray, offset: int, size: int) -> Dictionary:
	if offset > 0 and not TextContent.starts_character(bytes, offset):
		return MCPToolkitError.fail(
			"INVALID_PARAMS",
			"offset %d falls inside a UTF-8 character of '%s'." % [offset, path],
			"Start at 0 or at a next_offset this tool returned, or read with encoding='base64'."
		)
	var end: int = TextContent.boundary_before(bytes, offset, offset + size) if size > 0 else offset
	var chunk: PackedByteArray = bytes.slice(offset, end)
	if not TextContent.is_utf8(chunk):
		return MCPToolkitError.fail(
			"INVALID_PARAMS", "'%s' is not UTF-8 text." % path, "Read it with encoding='base64'."
		)
	var page: Dictionary = Pagination.build("bytes", bytes.size(), chunk.size(), end, "offset")
	(
		page
		. merge(
			{
				"path": path,
				"encoding": TEXT,
				"offset": offset,
				"content": Untrusted.wrap("file", path, TextContent.decode(chunk)),
			}
		)
	)
	return MCPToolkitSuccess.ok(page)


static func _base64_page(path: String, bytes: PackedByteArray, offset: int, size: int) -> Dictionary:
	var chunk: PackedByteArray = bytes.slice(offset, offset + size)
	var page: Dictionary = Pagination.build("bytes", bytes.size(), chunk.size(), offset + chunk.size(), "offset")
	page.merge({"path": path, "encoding": BASE64, "offset": offset, "content": Marshalls.raw_to_base64(chunk)})
	return MCPToolkitSuccess.ok(page)


## {"bytes": PackedByteArray} from content and encoding, or {"error": INVALID_PARAMS}.
static func _content_bytes(params: Dictionary) -> Dictionary:
	if not params.get("content") is String:
		return {"error": MCPToolkitError.fail("INVALID_PARAMS", "Missing required parameter 'content' (a string).")}
	var content: String = params["content"]
	if str(params.get("encoding", TEXT)) != BASE64:
		return {"bytes": content.to_utf8_buffer()}
	var compact: String = content.strip_escapes().replace(" ", "")
	if compact.length() % 4 != 0 or _base64_text.search(compact) == null:
		return {"error": MCPToolkitError.fail("INVALID_PARAMS", "content is not valid base64.")}
	return {"bytes": Marshalls.base64_to_raw(compact)}


## source path -> target path for the file and each companion (.uid, .import) it has.
static func _move_pairs(path: String, target: String) -> Dictionary:
	var pairs: Dictionary = {}
	for source: String in ProjectFiles.with_companions(path):
		pairs[source] = target + source.substr(path.length())
	return pairs


static func _rename_all(pairs: Dictionary) -> Error:
	DirAccess.make_dir_recursive_absolute(str(pairs.values()[0]).get_base_dir())
	for source: String in pairs:
		var err: Error = DirAccess.rename_absolute(source, pairs[source])
		if err != OK:
			return err
	var moved: String = pairs.keys()[0]
	if ResourceLoader.has_cached(moved):
		ResourceLoader.get_cached_ref(moved).take_over_path(pairs[moved])
	return OK


static func _remove_all(paths: PackedStringArray) -> Error:
	for path: String in paths:
		var err: Error = DirAccess.remove_absolute(path)
		if err != OK:
			return err
	return OK


static func _missing_folder(folder: String) -> Dictionary:
	if FileAccess.file_exists(folder):
		return MCPToolkitError.fail(
			"INVALID_PARAMS", "'%s' is a file, not a folder." % folder, "Read it with file_read."
		)
	return MCPToolkitError.fail("NOT_FOUND", "No folder at '%s'." % folder, "List folders with file_list.")
