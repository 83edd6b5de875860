@tool
extends RefCounted
## autoload.* commands: the project's autoloads (project settings autoload/<name> = "[*]<path>",
## "*" meaning a global variable of that name). Changes are saved to project.godot, undoable in
## the global history, and shown to the editor's autoload panel so scripts can use the name at once.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const IfExists := preload("res://addons/godot_live_mcp/authoring/if_exists.gd")
const PathGuard := preload("res://addons/godot_live_mcp/security/path_guard.gd")
const ClassCatalog := preload("res://addons/godot_live_mcp/authoring/class_catalog.gd")
const SettingChange := preload("res://addons/godot_live_mcp/authoring/setting_change.gd")
const SceneFileCommands := preload("res://addons/godot_live_mcp/commands/scene_file_commands.gd")
const GROUP_TEXT := "Autoloads: scripts or scenes the game creates at start and keeps as global singletons."
const KEYWORDS: Array[String] = ["autoload", "singleton", "global"]
const PREFIX := "autoload/"
const DEFAULT_LIMIT := 100


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add("autoload.list", list, _list_options())
	registry.add("autoload.add", add, _add_options())
	registry.add("autoload.remove", remove, _remove_options())


static func list(params: Dictionary) -> Dictionary:
	var found: Array[Dictionary] = []
	for property: Dictionary in ProjectSettings.get_property_list():
		var key: String = property["name"]
		if key.begins_with(PREFIX):
			found.append(_describe(key.trim_prefix(PREFIX)))
	found.sort_custom(func(a: Dictionary, b: Dictionary) -> bool: return int(a["order"]) < int(b["order"]))
	var page: Dictionary = Pagination.list_page(
		found, int(params.get("offset", 0)), int(params.get("limit", DEFAULT_LIMIT)), "autoloads", "autoloads"
	)
	return MCPToolkitSuccess.ok(page)


static func add(params: Dictionary) -> Dictionary:
	var policy: String = IfExists.policy(params)
	if policy == "":
		return IfExists.invalid(params)
	var name: String = str(params.get("name", "")).strip_edges()
	var problem: String = _name_problem(name)
	if problem != "":
		return MCPToolkitError.fail("INVALID_PARAMS", problem, "Use a PascalCase name such as 'GameState'.")
	var path: String = PathGuard.resolve_project(params.get("path"))["path"]
	var unusable: Dictionary = _loadable(path)
	if not unusable.is_empty():
		return unusable
	var existed: bool = ProjectSettings.has_setting(PREFIX + name)
	if existed and policy != IfExists.REPLACE:
		return IfExists.existing(policy, "The autoload '%s'" % name, _describe(name))
	var value: String = ("*" if bool(params.get("singleton", true)) else "") + path
	var failed: Dictionary = SettingChange.apply(PREFIX + name, value, "Add autoload '%s'" % name, _refresh_editor)
	if not failed.is_empty():
		return failed
	var result: Dictionary = _describe(name)
	result["status"] = "replaced" if existed else "created"
	return MCPToolkitSuccess.ok(result)


static func remove(params: Dictionary) -> Dictionary:
	var name: String = str(params.get("name", ""))
	if name == "" or not ProjectSettings.has_setting(PREFIX + name):
		return MCPToolkitError.fail(
			"NOT_FOUND", "The project has no autoload '%s'." % name, "autoload_list shows the project's autoloads."
		)
	var removed: Dictionary = _describe(name)
	if not PathGuard.resolve_project(removed["path"])["ok"]:
		return MCPToolkitError.fail(
			"PATH_DENIED",
			"The autoload '%s' belongs to the MCP addon and may not be removed by a tool." % name,
			"It goes away when the godot_live_mcp plugin is disabled (Project Settings > Plugins)."
		)
	var failed: Dictionary = SettingChange.apply(PREFIX + name, null, "Remove autoload '%s'" % name, _refresh_editor)
	if not failed.is_empty():
		return failed
	removed["removed"] = true
	return MCPToolkitSuccess.ok(removed)


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


static func _describe(name: String) -> Dictionary:
	var key: String = PREFIX + name
	var value: String = str(ProjectSettings.get_setting(key, ""))
	return {
		"name": name,
		"path": _resource_path(value.trim_prefix("*")),
		"singleton": value.begins_with("*"),
		"order": ProjectSettings.get_order(key),
	}


## The res:// path of a stored path; the editor stores new autoloads by uid:// since Godot 4.4.
static func _resource_path(stored: String) -> String:
	if not stored.begins_with("uid://"):
		return stored
	var id: int = ResourceUID.text_to_id(stored)
	return ResourceUID.get_id_path(id) if ResourceUID.has_id(id) else stored


## The editor's own naming rules: an identifier that hides no class, type or global constant.
static func _name_problem(name: String) -> String:
	if not name.is_valid_unicode_identifier():
		return "'%s' is not a valid identifier (letters, digits and '_', not starting with a digit)." % name
	if ClassDB.class_exists(name):
		return "'%s' is an engine class name." % name
	var script_path: String = ClassCatalog.script_class_path(name)
	if script_path != "":
		return "'%s' is the class_name of %s." % [name, script_path]
	for type: int in TYPE_MAX:
		if type_string(type) == name:
			return "'%s' is a built-in type name." % name
	return ""


## {} when path is a scene, or a script whose instances are Nodes; otherwise the error envelope.
static func _loadable(path: String) -> Dictionary:
	if not ResourceLoader.exists(path):
		return MCPToolkitError.fail(
			"NOT_FOUND", "There is no file '%s'." % path, MCPToolkitError.hint_for_param("path")
		)
	if path.get_extension().to_lower() in SceneFileCommands.SCENE_EXTENSIONS:
		return {}
	var script: Script = load(path) as Script
	if script == null:
		return MCPToolkitError.fail(
			"INVALID_PARAMS",
			"'%s' is neither a script nor a scene; an autoload must be one." % path,
			"file_list shows the project's scripts (.gd) and scenes (.tscn)."
		)
	if not ClassDB.is_parent_class(script.get_instance_base_type(), &"Node"):
		return MCPToolkitError.fail(
			"INVALID_PARAMS",
			(
				"'%s' extends %s; an autoload script must extend Node or a Node class."
				% [path, script.get_instance_base_type()]
			),
			"Change its 'extends' line with script_patch, then retry."
		)
	return {}


static func _options(description: String) -> MCPToolkitCommandOptions:
	return (
		MCPToolkitCommandOptions
		. new()
		. with_description(description)
		. with_group("autoload", GROUP_TEXT, KEYWORDS)
		. mark_scene_independent()
	)


static func _list_options() -> MCPToolkitCommandOptions:
	var input: Dictionary = (
		S
		. object(
			{
				"offset": S.integer("Index of the first autoload to return.", 0, 0),
				"limit": S.integer("How many autoloads to return at most.", DEFAULT_LIMIT, 1),
			}
		)
	)
	var output: Dictionary = S.page(
		"autoloads", "offset", {"autoloads": S.array(_autoload_schema(), "In load order.")}, ["autoloads"]
	)
	return (
		_options("List the project's autoloads in load order: name, script or scene path, global variable or not.")
		. with_input_schema(input)
		. with_output_schema(output)
		. mark_read_only()
		. mark_idempotent()
	)


static func _add_options() -> MCPToolkitCommandOptions:
	var input: Dictionary = (
		S
		. object(
			{
				"name": S.string("Name of the autoload node and global variable, e.g. 'GameState'."),
				"path": S.string("res:// path of a script extending Node, or of a scene."),
				"singleton": S.boolean("Make the name a global variable scripts can use (the editor's default).", true),
				"if_exists": S.if_exists(),
			},
			["name", "path"]
		)
	)
	var output: Dictionary = _autoload_schema()
	output["properties"]["status"] = S.create_status()
	return (
		_options("Register a script or scene as an autoload the game creates at start (saved to project.godot).")
		. with_input_schema(input)
		. with_output_schema(output)
		. guard_project_path("path")
	)


static func _remove_options() -> MCPToolkitCommandOptions:
	var output: Dictionary = _autoload_schema()
	output["properties"]["removed"] = S.boolean()
	return (
		_options("Unregister an autoload (its script or scene file stays).")
		. with_input_schema(S.object({"name": S.string("Name of the autoload.")}, ["name"]))
		. with_output_schema(output)
		. mark_destructive()
	)


static func _autoload_schema() -> Dictionary:
	return (
		S
		. object(
			{
				"name": S.string(),
				"path": S.string(),
				"singleton": S.boolean("Whether the name is a global variable."),
				"order": S.integer("Position in the load order (lower loads first)."),
			},
			["name", "path", "singleton"],
			true
		)
	)
