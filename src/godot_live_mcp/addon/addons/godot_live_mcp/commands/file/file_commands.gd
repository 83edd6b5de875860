@tool
extends RefCounted
## file.* commands: list, read (byte paged), write, move and delete project files. Changes are
## undoable in the global history and followed by an editor filesystem update.

const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const ToolkitSettings := preload("res://addons/godot_live_mcp/core/toolkit_settings.gd")
const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const ArchiveFiles := preload("res://addons/godot_live_mcp/security/archive_files.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const ProjectFolder := preload("res://addons/godot_live_mcp/authoring/project_folder.gd")
const ProjectTree := preload("res://addons/godot_live_mcp/authoring/project_tree.gd")
const TextContent := preload("res://addons/godot_live_mcp/authoring/text_content.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")
const Detail := preload("res://addons/godot_live_mcp/shared/detail.gd")

const GROUP := "file"
const BASE64 := "base64"
const ENCODING := 'enum(text|base64)="text"'
const ENTRIES := [
	{"@": "array: detail normal, full.", "path!": "string", "type!": "enum(file|folder)", "size": "integer: Bytes."},
	{"modified": "string: full: last change, UTC ISO 8601.", "resource_type": "string: full: its imported type."},
]
const PATHS := "array<string>: detail brief: relative to path; folders end with '/'."
const DEFAULTS := {"marks": "destructive scene_independent", "guard": ["path"]}
const COMMANDS := {
	"file.list":
	{
		"text":
		(
			"List the files and folders of a project folder, optionally recursive and filtered by a glob, paginated."
			+ " Hidden folders (.godot) and the MCP addon's folder are left out. The demo project, recursive:"
			+ " brief 1.1k, normal (the former result) 2.5k, full 4.2k characters."
		),
		"args":
		[
			{"path": 'string="res://": Folder to list (res:// path).'},
			{"glob": "@glob=\"*\": Only names matching this pattern ('*.gd'); with '/' it matches the relative path."},
			{"recursive": "boolean=false: Also list the contents of sub-folders."},
			{"detail": Detail.ARG % "brief: paths below path; normal: + type, size; full: + modified, resource_type"},
			{"offset": PageArgs.OFFSET % "entry", "limit": PageArgs.LIMIT_200 % "entries"},
		],
		"returns": {"@page": "entries offset", "path": "string", "paths": PATHS, "entries": ENTRIES},
		"marks": "read_only idempotent scene_independent",
	},
	"file.read":
	{
		"text":
		(
			"Read a project file in byte windows, as text or base64; past the read cap it fails with"
			+ " FILE_TOO_LARGE: page with max_bytes and next_offset (scripts by line: script_read). Secrets are"
			+ " redacted first (offsets count the redacted text); secret files, packs and archives are refused."
		),
		"args":
		{
			"path!": "string: File to read (res:// path).",
			"offset": "integer[0..]=0: Byte offset to start at (0, or a next_offset from the previous page).",
			"max_bytes":
			(
				"integer[1..1073741824]: Most bytes to return; at most the read cap"
				+ " (godot_live_mcp/limits/read_cap_kb). Default: the rest."
			),
			"encoding": ENCODING + ": text: UTF-8 text; base64: the bytes (secrets redacted in both).",
		},
		"returns":
		[
			{"@page": "bytes offset", "path!": "string", "encoding": "string", "offset": "integer"},
			{
				"content!": "string: The bytes read, as text or base64 (secrets redacted).",
			},
		],
		"marks": "read_only idempotent scene_independent",
	},
	"file.write":
	{
		"text":
		(
			"Create or overwrite a project file with the given content (atomic). For scripts prefer"
			+ " script_write, which also reloads them. "
			+ ProjectFiles.UNDO_TEXT
		),
		"args":
		[
			{"path!": "string: File to write (res:// path); missing folders are created."},
			{"content!": "string: The whole new content: text, or base64 when encoding is base64."},
			{"encoding": ENCODING + ": How content is encoded.", "if_exists": '@if_exists="replace"'},
		],
		"returns": [ProjectFiles.CHANGED, {"bytes_written": "integer", "status": "@create_status"}],
		"marks": "destructive idempotent scene_independent",
	},
	"file.move":
	{
		"text":
		(
			"Move or rename a project file, with its .uid and .import companions. Files only: folders cannot"
			+ " be moved with this tool. "
			+ ProjectFiles.UNDO_TEXT
		),
		"args":
		{
			"path!": "string: File to move or rename (res:// path).",
			"to!": "string: Its new res:// path; missing folders are created.",
			"if_exists":
			"enum(fail|replace|return)=\"fail\": When 'to' exists: fail (ALREADY_EXISTS), replace it, or leave both.",
		},
		"returns": [ProjectFiles.CHANGED, {"to": "string", "moved": "array<string>"}],
		"guard": ["path", "to"],
	},
	"file.delete":
	{
		"text":
		"Delete a project file and its .uid and .import companions (folders: folder_delete). " + ProjectFiles.UNDO_TEXT,
		"args": {"path!": "string: File to delete (res:// path)."},
		"returns": [ProjectFiles.CHANGED, {"deleted": "array<string>"}],
	},
}

static var _base64_text: RegEx = RegEx.create_from_string("^[A-Za-z0-9+/]*={0,2}$")


static func list(params: CommandParams) -> Result:
	var folder: Result = ProjectFolder.existing_folder(params)
	if folder.failed():
		return folder
	var glob: String = params.text("glob")
	var level: String = params.text("detail")
	var key: String = "paths" if level == "brief" else "entries"
	var shown: Array = []
	for entry: Dictionary in ProjectTree.walk(folder.value, params.flag("recursive")):
		if ProjectTree.matches(glob, folder.value, entry["path"]):
			shown.append(_listed(entry, folder.value, level))
	var offset: int = clampi(params.integer("offset"), 0, shown.size())
	var page: Dictionary = Pagination.list_page(shown, offset, params.integer("limit"), key, "entries")
	page["path"] = folder.value
	var narrower: String = "narrow it with glob" + ("" if level == "brief" else ", or ask for detail = 'brief'")
	return Result.of(Detail.fit(page, key, offset, level, narrower))


## A walked entry as file.list shows it at level (see its "returns").
static func _listed(entry: Dictionary, folder: String, level: String) -> Variant:
	var path: String = entry["path"]
	if level == "brief":
		var below: String = path.trim_prefix(folder).trim_prefix("/")
		return Scrubber.scrub(below + ("/" if entry["type"] == "folder" else ""))
	entry["path"] = Scrubber.scrub(path)
	if level == "full":
		entry["modified"] = Time.get_datetime_string_from_unix_time(FileAccess.get_modified_time(path)) + "Z"
		var type: String = EditorInterface.get_resource_filesystem().get_file_type(path)
		if type != "":
			entry["resource_type"] = type
	return entry


static func read(params: CommandParams) -> Result:
	var path: Result = ProjectFiles.existing_file(params)
	if path.failed():
		return path
	var raw: PackedByteArray = FileAccess.get_file_as_bytes(path.value)
	var archive: Result = ArchiveFiles.check(path.value, raw)
	if archive.failed():
		return archive
	# Redacted whole, before any window or encoding: a page boundary must not split a secret.
	var bytes: PackedByteArray = Scrubber.scrub_bytes(raw)
	var offset: int = params.integer("offset")
	if offset < 0 or offset > bytes.size():
		return Result.fail("INVALID_PARAMS", "offset %d is outside the file (%d bytes)." % [offset, bytes.size()])
	var size: Result = _window(params, bytes.size() - offset)
	if size.failed():
		return size
	if params.text("encoding") == BASE64:
		return Result.of(_base64_page(path.value, bytes, offset, size.value))
	return _text_page(path.value, bytes, offset, size.value)


static func write(params: CommandParams) -> Result:
	var path: Result = ProjectFiles.guarded(params)
	if path.succeeded() and DirAccess.dir_exists_absolute(path.value):
		path = Result.fail("INVALID_PARAMS", "'%s' is a folder." % path.value, "Write to a file path inside it.")
	var bytes: Result = _content_bytes(params) if path.succeeded() else path
	var policy: Result = IfExists.read(params) if bytes.succeeded() else bytes
	if policy.failed():
		return policy
	var existed: bool = FileAccess.file_exists(path.value)
	var result: Dictionary = {"path": path.value, "bytes_written": 0}
	if existed and policy.value != IfExists.REPLACE:
		return IfExists.answer(policy.value, "The file '%s'" % path.value, result)
	var change: Result = await ProjectFiles.apply(
		"Write file %s" % path.value,
		PackedStringArray([path.value]),
		ProjectFiles.write_bytes.bind(path.value, bytes.value)
	)
	if change.failed():
		return change
	result.merge({"bytes_written": (bytes.value as PackedByteArray).size(), "undoable": change.value}, true)
	result["status"] = "replaced" if existed else "created"
	return Result.of(result)


static func move(params: CommandParams) -> Result:
	var path: Result = _existing_entry(params, "Folders cannot be moved with this tool.")
	var target: Result = ProjectFiles.guarded(params, "to") if path.succeeded() else path
	if target.succeeded() and path.value == target.value:
		target = Result.fail("INVALID_PARAMS", "'to' is the file's own path.")
	elif target.succeeded() and DirAccess.dir_exists_absolute(target.value):
		target = Result.fail("INVALID_PARAMS", "'%s' is a folder; give the file's new path." % target.value)
	var policy: Result = IfExists.read(params) if target.succeeded() else target
	if policy.failed():
		return policy
	var result: Dictionary = {"path": path.value, "to": target.value}
	if FileAccess.file_exists(target.value) and policy.value != IfExists.REPLACE:
		return IfExists.answer(policy.value, "The file '%s'" % target.value, result)
	var pairs: Dictionary = _move_pairs(path.value, target.value)
	var touched: PackedStringArray = PackedStringArray(pairs.keys() + pairs.values())
	var change: Result = await ProjectFiles.apply("Move file %s" % path.value, touched, _rename_all.bind(pairs))
	if change.failed():
		return change
	result.merge({"moved": PackedStringArray(pairs.values()), "undoable": change.value})
	return Result.of(result)


static func delete(params: CommandParams) -> Result:
	var path: Result = _existing_entry(params, "Delete folders with folder_delete.")
	if path.failed():
		return path
	var doomed: PackedStringArray = ProjectFiles.with_companions(path.value)
	var change: Result = await ProjectFiles.apply("Delete file %s" % path.value, doomed, _remove_all.bind(doomed))
	if change.failed():
		return change
	return Result.of({"path": path.value, "deleted": doomed, "undoable": change.value})


## The existing file params["path"] names, to move or delete: never a symbolic link itself
## (PathGuard.project_entry); PATH_DENIED, NOT_FOUND, or INVALID_PARAMS with folder_hint for a folder.
static func _existing_entry(params: CommandParams, folder_hint: String) -> Result:
	var path: Result = PathGuard.project_entry(params.value("path")).within("path")
	if path.succeeded() and DirAccess.dir_exists_absolute(path.value):
		return Result.fail("INVALID_PARAMS", "'%s' is a folder." % path.value, folder_hint)
	if path.succeeded() and not FileAccess.file_exists(path.value):
		return ProjectFiles.missing_file(path.value)
	return path


## How many bytes to read, or FILE_TOO_LARGE against the live read cap.
static func _window(params: CommandParams, remaining: int) -> Result:
	var cap: int = ToolkitSettings.read_cap_bytes()
	var asked: bool = params.has("max_bytes")
	var size: int = params.integer("max_bytes") if asked else remaining
	if size <= cap:
		return Result.of(mini(maxi(size, 0), remaining))
	var what: String = "max_bytes %d" % size if asked else "The rest of the file (%d bytes)" % size
	return Result.fail(
		"FILE_TOO_LARGE",
		"%s is over the read cap of %d bytes (godot_live_mcp/limits/read_cap_kb)." % [what, cap],
		"Pass max_bytes of at most %d and call again with offset = next_offset until has_more is false." % cap
	)


static func _text_page(path: String, bytes: PackedByteArray, offset: int, size: int) -> Result:
	if offset > 0 and not TextContent.starts_character(bytes, offset):
		return Result.fail(
			"INVALID_PARAMS",
			"offset %d falls inside a UTF-8 character of '%s'." % [offset, path],
			"Start at 0 or at a next_offset this tool returned, or read with encoding='base64'."
		)
	var end: int = TextContent.boundary_before(bytes, offset, offset + size) if size > 0 else offset
	var chunk: PackedByteArray = bytes.slice(offset, end)
	if not TextContent.is_utf8(chunk):
		return Result.fail("INVALID_PARAMS", "'%s' is not UTF-8 text." % path, "Read it with encoding='base64'.")
	var page: Dictionary = Pagination.build("bytes", bytes.size(), chunk.size(), end, "offset")
	var content: String = Scrubber.scrub(TextContent.decode(chunk))
	page.merge({"path": path, "encoding": "text", "offset": offset, "content": content})
	return Result.of(page)


static func _base64_page(path: String, bytes: PackedByteArray, offset: int, size: int) -> Dictionary:
	var chunk: PackedByteArray = bytes.slice(offset, offset + size)
	var page: Dictionary = Pagination.build("bytes", bytes.size(), chunk.size(), offset + chunk.size(), "offset")
	page.merge({"path": path, "encoding": BASE64, "offset": offset, "content": Marshalls.raw_to_base64(chunk)})
	return page


## The bytes content and encoding describe, or INVALID_PARAMS for bad base64.
static func _content_bytes(params: CommandParams) -> Result:
	var content: String = params.text("content")
	if params.text("encoding") != BASE64:
		return Result.of(content.to_utf8_buffer())
	var compact: String = content.strip_escapes().replace(" ", "")
	if compact.length() % 4 != 0 or _base64_text.search(compact) == null:
		return Result.fail("INVALID_PARAMS", "content is not valid base64.")
	return Result.of(Marshalls.base64_to_raw(compact))


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
