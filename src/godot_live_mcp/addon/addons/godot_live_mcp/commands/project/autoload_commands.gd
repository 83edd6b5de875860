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
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const ClassCatalog := preload("res://addons/godot_live_mcp/authoring/class_catalog.gd")
const SettingChange := preload("res://addons/godot_live_mcp/authoring/setting_change.gd")
const SceneFiles := preload("res://addons/godot_live_mcp/authoring/scene_files.gd")
const PageArgs := preload("res://addons/godot_live_mcp/shared/page_args.gd")
const Autoloads := preload("res://addons/godot_live_mcp/authoring/autoloads.gd")

const GROUP := "autoload"
const NAME := {"name!": "string: Name of the autoload."}
const DEFAULTS := {"marks": "read_only idempotent scene_independent", "guard": ["path"]}
const COMMANDS := {
	"autoload.list":
	{
		"text": "List the project's autoloads in load order: name, script or scene path, global variable or not.",
		"args": {"offset": PageArgs.OFFSET % "autoload", "limit": PageArgs.LIMIT_100 % "autoloads"},
		"returns": {"@page": "autoloads offset", "autoloads!": Autoloads.ROWS},
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
		"returns": [Autoloads.ROWS, {"status!": "@create_status"}],
		"marks": "scene_independent",
	},
	"autoload.remove":
	{
		"text": "Unregister an autoload (its script or scene file stays).",
		"args": NAME,
		"returns": [Autoloads.ROWS, {"removed!": "boolean: Always true: the autoload is gone."}],
		"marks": "destructive scene_independent",
	},
}


static func list(params: CommandParams) -> Result:
	var page: Dictionary = Pagination.list_page(
		Autoloads.rows(), params.integer("offset"), params.integer("limit"), "autoloads", "autoloads"
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
	var existed: bool = ProjectSettings.has_setting(Autoloads.PREFIX + name)
	if existed and policy.value != IfExists.REPLACE:
		return IfExists.answer(policy.value, "The autoload '%s'" % name, Autoloads.row(name))
	var value: String = ("*" if params.flag("singleton") else "") + path
	var written: Result = SettingChange.apply(
		Autoloads.PREFIX + name, value, "Add autoload '%s'" % name, _refresh_editor
	)
	if written.failed():
		return written
	var added: Dictionary = Autoloads.row(name)
	added["status"] = "replaced" if existed else "created"
	return Result.of(added)


static func remove(params: CommandParams) -> Result:
	var name: String = params.text("name")
	if name == "" or not ProjectSettings.has_setting(Autoloads.PREFIX + name):
		return Result.fail(
			"NOT_FOUND",
			"The project has no autoload '%s'." % name,
			(
				NameSuggestions.did_you_mean(name, Array(Autoloads.names()))
				+ "autoload_list shows the project's autoloads."
			)
		)
	var removed: Dictionary = Autoloads.row(name)
	if str(removed["path"]).begins_with(PathGuard.ADDON_DIR + "/"):
		return Result.fail(
			"PATH_DENIED",
			"The autoload '%s' belongs to the MCP addon and may not be removed by a tool." % name,
			"It goes away when the godot_live_mcp plugin is disabled (Project Settings > Plugins)."
		)
	var written: Result = SettingChange.apply(
		Autoloads.PREFIX + name, null, "Remove autoload '%s'" % name, _refresh_editor
	)
	if written.failed():
		return written
	removed["removed"] = true
	return Result.of(removed)


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
	if path.get_extension().to_lower() in SceneFiles.SCENE_EXTENSIONS:
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
