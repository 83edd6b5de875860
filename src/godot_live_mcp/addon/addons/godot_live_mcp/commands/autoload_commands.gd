@tool
extends RefCounted
## autoload.* commands: the project's autoloads (project settings autoload/<name> = "[*]<path>",
## "*" meaning a global variable of that name). Changes are saved to project.godot, undoable in
## the global history, and shown to the editor's autoload panel so scripts can use the name at once.

const Result := preload("res://addons/godot_live_mcp/contract/result.gd")
const CommandParams := preload("res://addons/godot_live_mcp/dispatch/command_params.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const NameSuggestions := preload("res://addons/godot_live_mcp/contract/name_suggestions.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const Scrubber := preload("res://addons/godot_live_mcp/security/scrubber.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const ClassCatalog := preload("res://addons/godot_live_mcp/authoring/class_catalog.gd")
const SettingChange := preload("res://addons/godot_live_mcp/authoring/setting_change.gd")
const SceneFileCommands := preload("res://addons/godot_live_mcp/commands/scene_file_commands.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")
const PREFIX := "autoload/"

const GROUP := "autoload"
## One autoload as the tools report it; as a field, the autoloads in load order.
const ROWS := {
	"@": "array: In load order.",
	"name!": "string: Name of the autoload node (and global variable when singleton).",
	"path!": "string: res:// path of its script or scene.",
	"singleton!": "boolean: Whether the name is a global variable.",
	"order": "integer: Position in the load order, from 0 (loads first).",
}
const NAME := {"name!": "string: Name of the autoload."}
const DEFAULTS := {"marks": "read_only idempotent scene_independent", "guard": ["path"]}
const COMMANDS := {
	"autoload.list":
	{
		"text": "List the project's autoloads in load order: name, script or scene path, global variable or not.",
		"args": {"offset": PageArgs.OFFSET % "autoload", "limit": PageArgs.LIMIT_100 % "autoloads"},
		"returns": {"@page": "autoloads offset", "autoloads!": ROWS},
	},
	"autoload.add":
	{
		"text": "Register a script or scene as an autoload the game creates at start (saved to project.godot).",
		"args":
		{
			"name!": "string: Name of the autoload node and global variable, e.g. 'GameState'.",
			"path!": "string: res:// path of a script extending Node, or of a scene.",
			"singleton": "boolean=true: Make the name a global variable scripts can use (the editor's default).",
			"if_exists": "@if_exists",
		},
		"returns": [ROWS, {"status!": "@create_status"}],
		"marks": "scene_independent",
	},
	"autoload.remove":
	{
		"text": "Unregister an autoload (its script or scene file stays).",
		"args": NAME,
		"returns": [ROWS, {"removed!": "boolean: Always true: the autoload is gone."}],
		"marks": "destructive scene_independent",
	},
}


static func list(params: CommandParams) -> Result:
	var page: Dictionary = Pagination.list_page(
		rows(), params.integer("offset"), params.integer("limit"), "autoloads", "autoloads"
	)
	return Result.of(page)


static func add(params: CommandParams) -> Result:
	var name: String = params.text("name").strip_edges()
	var guarded: Result = PathGuard.project_path(params.text("path"))
	var path: String = str(guarded.value) if guarded.succeeded() else ""
	var policy: Result = IfExists.read(params)
	var checked: Result = policy if policy.failed() else _usable_name(name)
	if checked.succeeded():
		checked = _loadable(path)
	if checked.failed():
		return checked
	var existed: bool = ProjectSettings.has_setting(PREFIX + name)
	if existed and policy.value != IfExists.REPLACE:
		return IfExists.answer(policy.value, "The autoload '%s'" % name, row(name))
	var value: String = ("*" if params.flag("singleton") else "") + path
	var written: Result = SettingChange.apply(PREFIX + name, value, "Add autoload '%s'" % name, _refresh_editor)
	if written.failed():
		return written
	var added: Dictionary = row(name)
	added["status"] = "replaced" if existed else "created"
	return Result.of(added)


static func remove(params: CommandParams) -> Result:
	var name: String = params.text("name")
	if name == "" or not ProjectSettings.has_setting(PREFIX + name):
		return Result.fail(
			"NOT_FOUND",
			"The project has no autoload '%s'." % name,
			NameSuggestions.did_you_mean(name, Array(_names())) + "autoload_list shows the project's autoloads."
		)
	var removed: Dictionary = row(name)
	if str(removed["path"]).begins_with(PathGuard.ADDON_DIR + "/"):
		return Result.fail(
			"PATH_DENIED",
			"The autoload '%s' belongs to the MCP addon and may not be removed by a tool." % name,
			"It goes away when the godot_live_mcp plugin is disabled (Project Settings > Plugins)."
		)
	var written: Result = SettingChange.apply(PREFIX + name, null, "Remove autoload '%s'" % name, _refresh_editor)
	if written.failed():
		return written
	removed["removed"] = true
	return Result.of(removed)


## Every autoload as the tools report it, in load order; names and paths come from the project, so
## they are scrubbed of secrets.
static func rows() -> Array[Dictionary]:
	var found: Array[Dictionary] = []
	for name: String in _names():
		var listed: Dictionary = row(name)
		listed["name"] = Scrubber.scrub(name)
		listed["path"] = Scrubber.scrub(listed["path"])
		found.append(listed)
	return found


## One autoload: name, res:// path, singleton, and its position in the load order.
static func row(name: String) -> Dictionary:
	var value: String = str(ProjectSettings.get_setting(PREFIX + name, ""))
	return {
		"name": name,
		"path": _resource_path(value.trim_prefix("*")),
		"singleton": value.begins_with("*"),
		"order": _names().find(name),
	}


## The autoloads' names in load order (the order of their settings in project.godot).
static func _names() -> PackedStringArray:
	var keys: Array[String] = []
	for property: Dictionary in ProjectSettings.get_property_list():
		if str(property["name"]).begins_with(PREFIX):
			keys.append(str(property["name"]))
	keys.sort_custom(
		func(a: String, b: String) -> bool: return ProjectSettings.get_order(a) < ProjectSettings.get_order(b)
	)
	var names: PackedStringArray = PackedStringArray()
	for key: String in keys:
		names.append(key.trim_prefix(PREFIX))
	return names


## The editor's autoload panel owns the global names scripts compile against; it rereads the
## settings on update_autoload (an editor-internal method, so reached by name and only if present).
## Runs after every write of an autoload setting (SettingChange), undo and redo included.
static func _refresh_editor(_key: String, _value: Variant) -> void:
	var found: Array[Node] = EditorInterface.get_base_control().find_children(
		"*", "EditorAutoloadSettings", true, false
	)
	if found.is_empty() or not found[0].has_method(&"update_autoload"):
		return
	found[0].call(&"update_autoload")
	if found[0].has_signal(&"autoload_changed"):
		found[0].emit_signal(&"autoload_changed")


## The res:// path of a stored path; the editor stores new autoloads by uid:// since Godot 4.4.
static func _resource_path(stored: String) -> String:
	if not stored.begins_with("uid://"):
		return stored
	var id: int = ResourceUID.text_to_id(stored)
	return ResourceUID.get_id_path(id) if ResourceUID.has_id(id) else stored


## The editor's own naming rules: an identifier that hides no class, type or global constant.
static func _usable_name(name: String) -> Result:
	var problem: String = ""
	if not name.is_valid_unicode_identifier():
		problem = "'%s' is not a valid identifier (letters, digits and '_', not starting with a digit)." % name
	elif ClassDB.class_exists(name):
		problem = "'%s' is an engine class name." % name
	elif ClassCatalog.exists(name):
		problem = "'%s' is the class_name of %s." % [name, ClassCatalog.script_class_path(name)]
	elif name in _builtin_type_names():
		problem = "'%s' is a built-in type name." % name
	if problem != "":
		return Result.fail("INVALID_PARAMS", problem, "Use a PascalCase name such as 'GameState'.")
	return Result.of(name)


static func _builtin_type_names() -> PackedStringArray:
	var names: PackedStringArray = PackedStringArray()
	for type: int in TYPE_MAX:
		names.append(type_string(type))
	return names


## path when it is a scene, or a script whose instances are Nodes; otherwise why it cannot be one.
static func _loadable(path: String) -> Result:
	if not ResourceLoader.exists(path):
		return Result.fail("NOT_FOUND", "There is no file '%s'." % path, MCPToolkitError.hint_for_param("path"))
	if path.get_extension().to_lower() in SceneFileCommands.SCENE_EXTENSIONS:
		return Result.of(path)
	var script: Script = load(path) as Script
	if script == null:
		return Result.fail(
			"INVALID_PARAMS",
			"'%s' is neither a script nor a scene; an autoload must be one." % path,
			"file_list shows the project's scripts (.gd) and scenes (.tscn)."
		)
	if not ClassDB.is_parent_class(script.get_instance_base_type(), &"Node"):
		return Result.fail(
			"INVALID_PARAMS",
			(
				"'%s' extends %s; an autoload script must extend Node or a Node class."
				% [path, script.get_instance_base_type()]
			),
			"Change its 'extends' line with script_patch, then retry."
		)
	return Result.of(path)
