@tool
extends RefCounted
## resource.list (the resource files the editor knows under a folder, by class) and
## resource.duplicate (a copy saved under a new path with a fresh uid; undoable).

const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const ProjectFiles := preload("res://addons/godot_live_mcp/authoring/project_files.gd")
const ScriptSource := preload("res://addons/godot_live_mcp/authoring/script_source.gd")
const ClassCatalog := preload("res://addons/godot_live_mcp/authoring/class_catalog.gd")
const ResourceCommands := preload("res://addons/godot_live_mcp/commands/resource_commands.gd")
const ResourceSchemas := preload("res://addons/godot_live_mcp/commands/resource_schemas.gd")

static var _script_class_attribute: RegEx = RegEx.create_from_string('script_class="([^"]+)"')


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add("resource.list", list, ResourceSchemas.list_options())
	registry.add("resource.duplicate", duplicate, ResourceSchemas.duplicate_options())


static func list(params: Dictionary) -> Dictionary:
	var folder: String = ProjectFiles.guarded(params.get("path", "res://"))
	if folder == "":
		return ProjectFiles.denied("path", params.get("path"))
	var type: String = str(params.get("class_name", ""))
	if type != "" and ScriptSource.native_base(type) == "":
		return MCPToolkitError.fail(
			"NOT_FOUND", "'%s' is not a class this project knows." % type, MCPToolkitError.hint_for_param("class_name")
		)
	var directory: EditorFileSystemDirectory = EditorInterface.get_resource_filesystem().get_filesystem_path(folder)
	if directory == null:
		return MCPToolkitError.fail(
			"NOT_FOUND", "The editor knows no folder '%s'." % folder, "List folders with file_list."
		)
	var found: Array[Dictionary] = []
	_collect(directory, type, bool(params.get("recursive", true)), found)
	var limit: int = int(params.get("limit", ResourceSchemas.DEFAULT_LIMIT))
	var page: Dictionary = Pagination.list_page(found, int(params.get("offset", 0)), limit, "resources", "resources")
	page["path"] = folder
	return MCPToolkitSuccess.ok(page)


static func duplicate(params: Dictionary) -> Dictionary:
	var loaded: Dictionary = ResourceCommands.load_resource(params)
	if loaded.has("error"):
		return loaded["error"]
	var target: String = ProjectFiles.guarded(params.get("to"))
	if target == "":
		return ProjectFiles.denied("to", params.get("to"))
	var original: Resource = loaded["resource"]
	var bad_target: Dictionary = ResourceCommands.save_target_problem(original, target)
	if not bad_target.is_empty():
		return bad_target
	var chosen: String = IfExists.policy(params)
	if chosen == "":
		return IfExists.invalid(params)
	var result: Dictionary = {"path": loaded["path"], "to": target, "type": original.get_class()}
	var existed: bool = FileAccess.file_exists(target)
	if existed and chosen != IfExists.REPLACE:
		return IfExists.existing(chosen, "The file '%s'" % target, result)
	# Internal sub-resources are copied; files it refers to stay shared, as with the editor's Duplicate.
	var copy: Resource = original.duplicate(true)
	var change: Dictionary = await ProjectFiles.apply(
		"Duplicate %s" % loaded["path"],
		PackedStringArray([target]),
		ResourceCommands.assign_and_save.bind(copy, {}, target)
	)
	if not change["success"]:
		return change
	result.merge({"status": "replaced" if existed else "created", "undoable": change["undoable"]})
	return MCPToolkitSuccess.ok(result)


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
