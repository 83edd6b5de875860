@tool
extends RefCounted
## resource.list (the resource files the editor knows under a folder, by class) and
## resource.duplicate (a copy saved under a new path with a fresh uid; undoable).

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const CommandTarget := preload("res://addons/godot_live_mcp/dispatch/command_target.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const ClassCatalog := preload("res://addons/godot_live_mcp/authoring/class_catalog.gd")
const ProjectFolder := preload("res://addons/godot_live_mcp/authoring/project_folder.gd")
const ResourceFile := preload("res://addons/godot_live_mcp/authoring/resource_file.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")

const GROUP := "resource"
const RESOURCES := {
	"@": "array", "path!": "string", "type": "string", "class_name": "string: Script class, '' for none."
}
const DEFAULTS := {"marks": "read_only idempotent scene_independent", "guard": ["path"]}
const COMMANDS := {
	"resource.list":
	{
		"text":
		"List the resource files (scenes, scripts, .tres, imported assets) under a folder, by class, paginated.",
		"args":
		[
			{"path": 'string="res://": Folder to look in (res:// path).'},
			{"type": "string: Only resources of this class or a subclass (engine or global script class)."},
			{"recursive": "boolean=true: Also look in sub-folders."},
			{"offset": PageArgs.OFFSET % "resource", "limit": PageArgs.LIMIT_200 % "resources"},
		],
		"returns": {"@page": "resources offset", "path": "string", "resources!": RESOURCES},
	},
	"resource.duplicate":
	{
		"text":
		(
			"Copy a resource file to a new path with its own uid; internal sub-resources are copied, files it"
			+ " refers to stay shared. "
			+ ProjectFiles.UNDO_TEXT
		),
		"args":
		[
			{"path!": "string: Resource file to copy (res:// path)."},
			{"to!": "string: Path of the copy (res://).", "if_exists": "@if_exists"},
		],
		"returns": [ProjectFiles.CHANGED, {"to!": "string", "type": "string", "status": "@create_status"}],
		"marks": "scene_independent",
		"guard": ["path", "to"],
		"target": "resource",
	},
}

static var _script_class_attribute: RegEx = RegEx.create_from_string('script_class="([^"]+)"')


static func list(params: CommandParams) -> Result:
	var folder: Result = ProjectFiles.guarded(params)
	if folder.failed():
		return folder
	var type: String = params.text("type")
	if type != "" and not ClassCatalog.exists(type):
		return ClassCatalog.require(type)
	var directory: EditorFileSystemDirectory = EditorInterface.get_resource_filesystem().get_filesystem_path(
		folder.value
	)
	if directory == null:
		return Result.fail(
			"NOT_FOUND", "The editor knows no folder '%s'." % folder.value, "List folders with file_list."
		)
	var found: Array[Dictionary] = []
	_collect(directory, type, params.flag("recursive"), found)
	return Result.of(ProjectFolder.listing(params, folder.value, found, "resources"))


static func duplicate(params: CommandParams, file: CommandTarget) -> Result:
	var target: Result = ProjectFiles.guarded(params, "to")
	var checked: Result = ResourceFile.savable_as(file.resource, target.value) if target.succeeded() else target
	if checked.succeeded():
		checked = IfExists.read(params)
	if checked.failed():
		return checked
	var original: Resource = file.resource
	var result: Dictionary = {"path": file.path, "to": target.value, "type": original.get_class()}
	var existed: bool = FileAccess.file_exists(target.value)
	if existed and checked.value != IfExists.REPLACE:
		return IfExists.answer(checked.value, "The file '%s'" % target.value, result)
	# Internal sub-resources are copied; files it refers to stay shared, as with the editor's Duplicate.
	var copy: Resource = original.duplicate(true)
	var change: Result = await ResourceFile.save("Duplicate %s" % file.path, copy, {}, target.value)
	if change.failed():
		return change
	result.merge({"status": "replaced" if existed else "created", "undoable": change.value})
	return Result.of(result)


static func _collect(
	directory: EditorFileSystemDirectory, type: String, recursive: bool, found: Array[Dictionary]
) -> void:
	for index: int in directory.get_file_count():
		var path: String = directory.get_file_path(index)
		var file_type: String = str(directory.get_file_type(index))
		var is_script: bool = ClassDB.is_parent_class(file_type, "Script")
		var script_class: String = directory.get_file_script_class_name(index) if is_script else _script_class_of(path)
		if type == "" or _is_a(file_type, "" if is_script else script_class, type):
			found.append({"path": path, "type": file_type, "class_name": script_class})
	if not recursive:
		return
	for index: int in directory.get_subdir_count():
		var sub: EditorFileSystemDirectory = directory.get_subdir(index)
		if sub.get_path().trim_suffix("/") != PathGuard.ADDON_DIR:
			_collect(sub, type, recursive, found)


## The global class of a text resource's script, read from its header line (script_class="…"), or "".
static func _script_class_of(path: String) -> String:
	if path.get_extension() != "tres":
		return ""
	var file: FileAccess = FileAccess.open(path, FileAccess.READ)
	var header: RegExMatch = _script_class_attribute.search(file.get_line()) if file != null else null
	return header.get_string(1) if header != null else ""


## Whether a file of engine type file_type (with script class script_class, or "") is a type: an
## engine type is checked against file_type, a script class against the file's script class.
static func _is_a(file_type: String, script_class: String, type: String) -> bool:
	return ClassCatalog.inherits(file_type if ClassDB.class_exists(type) else script_class, type)
