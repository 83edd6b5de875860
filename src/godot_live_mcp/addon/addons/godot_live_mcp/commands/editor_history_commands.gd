@tool
extends RefCounted
## editor.undo / editor.redo / editor.get_history: the editor's own undo histories, one per open
## scene (node edits) plus the global one (project settings, input map, autoloads).
## Steps go straight to the history's UndoRedo: the engine exposes no scripted way to ask the
## editor's undo manager itself, so its Undo menu may lag one step behind an undo made here.

const S := preload("res://addons/godot_live_mcp/contract/json_schema.gd")
const Pagination := preload("res://addons/godot_live_mcp/contract/pagination.gd")
const SceneEdit := preload("res://addons/godot_live_mcp/authoring/scene_edit.gd")
const EditorCommands := preload("res://addons/godot_live_mcp/commands/editor_commands.gd")
const DEFAULT_LIMIT := 50


static func register(registry: MCPToolkitCommandRegistry) -> void:
	registry.add(
		"editor.undo",
		undo,
		(
			MCPToolkitCommandOptions
			. new()
			. with_description(
				(
					"Undo the latest action of a scene's undo history (node edits) or of the global one"
					+ " (project settings, input map, autoloads), exactly like the editor's Undo."
				)
			)
			. with_input_schema(S.object(_target_params()))
			. with_output_schema(_step_schema())
			. with_group("editor", EditorCommands.GROUP_TEXT, ["undo", "redo", "history"])
		)
	)
	registry.add(
		"editor.redo",
		redo,
		(
			MCPToolkitCommandOptions
			. new()
			. with_description("Redo the latest undone action of a scene's (or the global) undo history.")
			. with_input_schema(S.object(_target_params()))
			. with_output_schema(_step_schema())
			. with_group("editor", EditorCommands.GROUP_TEXT, ["undo", "redo", "history"])
		)
	)
	registry.add(
		"editor.get_history",
		get_history,
		(
			MCPToolkitCommandOptions
			. new()
			. with_description(
				(
					"List an undo history newest first, marking the actions MCP tools made ('MCP: ...') and"
					+ " which are applied. Use before editor_undo to see what it would undo."
				)
			)
			. with_input_schema(_history_input_schema())
			. with_output_schema(_history_schema())
			. with_group("editor", EditorCommands.GROUP_TEXT, ["undo", "redo", "history"])
			. mark_read_only()
			. mark_idempotent()
		)
	)


static func undo(params: Dictionary) -> Dictionary:
	return await _in_history(params, _step.bind(true))


static func redo(params: Dictionary) -> Dictionary:
	return await _in_history(params, _step.bind(false))


static func get_history(params: Dictionary) -> Dictionary:
	var listing: Callable = _list.bind(int(params.get("offset", 0)), int(params.get("limit", DEFAULT_LIMIT)))
	return await _in_history(params, listing)


## Runs job(history: UndoRedo, label, scene) on the history params name. A scene's history is
## used while that scene is the active tab (SceneEdit): the editor files and steps it there.
static func _in_history(params: Dictionary, job: Callable) -> Dictionary:
	var manager: EditorUndoRedoManager = EditorInterface.get_editor_undo_redo()
	if str(params.get("history", "scene")) == "global":
		return job.call(manager.get_history_undo_redo(EditorUndoRedoManager.GLOBAL_HISTORY), "global", "")
	var in_scene: Callable = func(root: Node) -> Dictionary:
		var history: UndoRedo = manager.get_history_undo_redo(manager.get_object_history_id(root))
		return job.call(history, "scene", root.scene_file_path)
	return await SceneEdit.run(params, in_scene)


static func _step(history: UndoRedo, label: String, scene: String, backwards: bool) -> Dictionary:
	var possible: bool = history.has_undo() if backwards else history.has_redo()
	if not possible:
		return MCPToolkitError.fail(
			"NOTHING_TO_UNDO",
			"The %s history has nothing to %s." % [label, "undo" if backwards else "redo"],
			"editor_get_history lists what it holds."
		)
	var action_name: String = (
		history.get_current_action_name() if backwards else history.get_action_name(history.get_current_action() + 1)
	)
	var done: bool = history.undo() if backwards else history.redo()
	if not done:
		return MCPToolkitError.fail("INVALID_STATE", "The editor refused to step the %s history." % label)
	return MCPToolkitSuccess.ok(
		{"action": action_name, "history": label, "scene": scene, "by_mcp": _by_mcp(action_name)}
	)


static func _list(history: UndoRedo, label: String, scene: String, offset: int, limit: int) -> Dictionary:
	var current: int = history.get_current_action()
	var actions: Array[Dictionary] = []
	for index: int in range(history.get_history_count() - 1, -1, -1):
		var action_name: String = history.get_action_name(index)
		(
			actions
			. append(
				{
					"index": index,
					"name": action_name,
					"by_mcp": _by_mcp(action_name),
					"applied": index <= current,
				}
			)
		)
	var page: Dictionary = Pagination.list_page(actions, offset, limit, "actions", "actions")
	page.merge({"history": label, "scene": scene, "current": current, "total": actions.size()})
	return MCPToolkitSuccess.ok(page)


static func _by_mcp(action_name: String) -> bool:
	return action_name.begins_with(MCPToolkitUndoRedoAction.PREFIX)


static func _target_params() -> Dictionary:
	return {
		"scene": S.scene(),
		"history":
		S.enum_of(
			["scene", "global"],
			"Which history: the scene's (node edits) or the global one (project settings, input map, autoloads).",
			"scene"
		),
	}


static func _history_input_schema() -> Dictionary:
	var params: Dictionary = _target_params()
	params["offset"] = S.integer("How many of the newest actions to skip.", 0, 0)
	params["limit"] = S.integer("How many actions to list, newest first.", DEFAULT_LIMIT, 1)
	return S.object(params)


static func _step_schema() -> Dictionary:
	return (
		S
		. object(
			{
				"action": S.string("Name of the action stepped over."),
				"history": S.enum_of(["scene", "global"]),
				"scene": S.string("The scene whose history was stepped ('' for the global history)."),
				"by_mcp": S.boolean("Whether an MCP tool made that action."),
			},
			["action", "history", "scene", "by_mcp"],
			true
		)
	)


static func _history_schema() -> Dictionary:
	var action: Dictionary = S.object(
		{"index": S.integer(), "name": S.string(), "by_mcp": S.boolean(), "applied": S.boolean()},
		["index", "name", "by_mcp", "applied"],
		true
	)
	return (
		S
		. page(
			"actions",
			"offset",
			{
				"history": S.enum_of(["scene", "global"]),
				"scene": S.string(),
				"current": S.integer("Index of the newest applied action (-1: none)."),
				"total": S.integer("Same as total_actions."),
				"actions": S.array(action, "Newest first."),
			},
			["actions", "history", "current"]
		)
	)
